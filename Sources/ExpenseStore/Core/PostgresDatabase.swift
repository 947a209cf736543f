import CLibPQ
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A connection to a team's PostgreSQL database through libpq. Who the user is comes from the
/// connection (the role the server let in), and the server holds the workflow's rules against
/// every client; the store's SQL is the same as on SQLite, its `?` parameters numbered here.
final class PostgresDatabase: Database {
    let connection: OpaquePointer
    /// The connection string without its password: what messages show.
    public let path: String
    public var dialect: SQLDialect { .postgresql }
    public var isReadOnly: Bool { false }
    public private(set) var changes = 0
    /// The SQL as the server reads it (`$1`, `$2`... for `?`), per statement the store wrote.
    private var numbered: [String: String] = [:]
    /// The statement `send` sent, until its result is received, and that result when another
    /// statement had to take it first (`PostgresDatabase+Sending.swift`).
    var sent: String?
    var takenEarly: Result<Int64, any Error>?

    /// The oldest server whose SQL the schema uses (identity columns, row-level security with
    /// FORCE, `CREATE OR REPLACE TRIGGER`...).
    public static let oldestServer = (version: 140000, name: "14")

    /// Connects, or fails with one clear error: 77 when the server refused who the user is
    /// (password, role, pg_hba.conf), 69 when it cannot be reached or is not one this app can use.
    /// - Parameter connectTimeout: seconds to wait for the server (PGCONNECT_TIMEOUT or the
    ///   connection string may say otherwise), so an unreachable host never hangs a command.
    /// - Parameter credentials: a role and its password to connect as instead of the string's
    ///   (`serve`'s log-in): given to libpq as parameters of their own, never pasted into text.
    init(_ location: String, connectTimeout: Int = 10, credentials: (user: String, password: String)? = nil) throws(ExpenseError) {
        path = DatabaseLocation.server(connection: location).name
        _ = try LibPQ.loaded.get()
        let timeout = getenv("PGCONNECT_TIMEOUT").map { String(cString: $0) } ?? String(connectTimeout)
        // Later entries override earlier ones: the user's string may set the timeout and the
        // application name, never the encoding the app reads and writes.
        let settings =
            [
                ("connect_timeout", timeout), ("application_name", "expenses"), ("dbname", location),
                ("client_encoding", "UTF8"),
            ] + (credentials.map { [("user", $0.user), ("password", $0.password)] } ?? [])
        let connection = Self.withCStrings(settings.map(\.0)) { keywords in
            Self.withCStrings(settings.map(\.1)) { values in pq.connectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw ExpenseError(.unavailable, "cannot connect to the database \(path): out of memory")
        }
        guard pq.status(connection) == CONNECTION_OK else {
            let error = Self.connectionError(connection, location: location, path: path)
            pq.finish(connection)
            throw error
        }
        // Before the connection is stored: an init that throws once every property is set runs
        // deinit, which would finish the connection a second time.
        do {
            try Self.requireSupported(serverVersion: Int(pq.serverVersion(connection)), path: path)
        } catch {
            pq.finish(connection)
            throw error
        }
        self.connection = connection
        // Notices (a NOTICE from CREATE ... IF NOT EXISTS) are the server's chatter, not the user's.
        _ = pq.setNoticeReceiver(connection, { _, _ in }, nil)
    }

    deinit { pq.finish(connection) }

    /// Refuses a server older than `oldestServer` (libpq's version number: 150004 is 15.4).
    static func requireSupported(serverVersion version: Int, path: String) throws(ExpenseError) {
        guard version < oldestServer.version else { return }
        throw ExpenseError(
            .unavailable,
            "the database server \(path) runs PostgreSQL \(version / 10_000), older than "
                + "\(oldestServer.name), the oldest expenses can use",
            hint: "upgrade the server (pg_upgrade), or keep using a local SQLite file")
    }

    /// The first line of libpq's reason, as a user's error of the right kind.
    static func connectionError(_ connection: OpaquePointer, location: String, path: String) -> ExpenseError {
        let full = pq.errorMessage(connection).map { String(cString: $0) } ?? ""
        // The first line says what failed and where; the server's own words follow "FATAL:  ".
        // libpq quotes a malformed URI whole, password and all: shown without it.
        let reason = (full.split(separator: "\n").first.map(String.init) ?? full).replacing("FATAL:  ", with: "")
        let text = TerminalText.visible(reason.replacing(location, with: path))
        let refused = [
            "password authentication failed", "no password supplied", "authentication failed",
            "does not exist", "no pg_hba.conf entry", "permission denied", "certificate",
        ]
        let isDatabaseMissing = text.contains("database \"") && text.contains("does not exist")
        if pq.connectionNeedsPassword(connection) == 1 {
            return ExpenseError(
                .permissionDenied, "the database server \(path) asks for a password: \(text)",
                hint: "give it in ~/.pgpass (mode 0600) or PGPASSWORD, or log in another way pg_hba.conf allows")
        }
        if isDatabaseMissing {
            return ExpenseError(
                .unavailable, "cannot open the database \(path): \(text)",
                hint: "the server's administrator creates it (createdb) and runs 'expenses setup' in it")
        }
        if refused.contains(where: text.contains) {
            return ExpenseError(
                .permissionDenied, "the database server \(path) refused the connection: \(text)",
                hint: "check the user name and password (~/.pgpass), or ask the administrator for a role")
        }
        return ExpenseError(
            .unavailable, "cannot connect to the database \(path): \(text)",
            hint: "check the URI (postgresql://USER@HOST:PORT/DATABASE) and that the server is running")
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }

    // MARK: - Statements

    public func execute(_ statement: SQL) throws {
        let (sql, arguments) = (statement.text, statement.arguments)
        if arguments.isEmpty, sql.contains(";") {
            // Several statements (a schema): the simple protocol runs them as one.
            try receiveSent()
            _ = try check(pq.exec(connection, sql), sql: sql)
            return
        }
        _ = try run(sql, arguments)
    }

    public func forEachRow(_ sql: SQL, _ body: (Row) throws -> Void) throws {
        let result = try run(sql.text, sql.arguments)
        for row in 0..<result.rowCount { try body(Row(result, row)) }
    }

    public func queryFirst<T>(_ sql: SQL, _ map: (Row) throws -> T) throws -> T? {
        let result = try run(sql.text, sql.arguments)
        return result.rowCount > 0 ? try map(Row(result, 0)) : nil
    }

    /// Runs `sql` with its arguments and returns its result, after what `send` sent.
    private func run(_ sql: String, _ arguments: [DatabaseValue]) throws -> PostgresResult {
        try receiveSent()
        let result = try withParameters(sql, arguments) { text, count, types, values, lengths, formats in
            pq.execParams(connection, text, count, types, values, lengths, formats, 0)
        }
        return try check(result, sql: sql)
    }

    /// Calls `body` with `sql` as the server reads it and `arguments` as libpq takes them:
    /// typed parameters (so `? IS NULL` has a type), text except blobs, which go as bytes.
    func withParameters<T>(
        _ sql: String, _ arguments: [DatabaseValue],
        _ body: (String, Int32, [Oid], UnsafePointer<UnsafePointer<CChar>?>?, [Int32], [Int32]) -> T
    ) throws -> T {
        let text = numbered[sql] ?? Self.numberingParameters(sql)
        numbered[sql] = text
        var types: [Oid] = []
        var values: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        defer { values.forEach { free($0) } }
        for argument in arguments {
            switch argument {
            case .null:
                types.append(0)
                values.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let value):
                types.append(20)
                values.append(strdup(String(value)))
                lengths.append(0)
                formats.append(0)
            case .real(let value):
                types.append(701)
                values.append(strdup(String(value)))
                lengths.append(0)
                formats.append(0)
            case .text(let value):
                guard !value.utf8.contains(0) else {
                    throw DatabaseError(sqlState: "22021", message: "text with a NUL character (U+0000) cannot be stored", sql: sql)
                }
                types.append(25)
                values.append(strdup(value))
                lengths.append(0)
                formats.append(0)
            case .blob(let bytes):
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                bytes.withUnsafeBytes {
                    UnsafeMutableRawPointer(copy).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(copy), byteCount: bytes.count)
                }
                // free() releases it with the others: allocate is malloc underneath on Linux.
                types.append(17)
                values.append(copy)
                lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        return values.withUnsafeBufferPointer { valuePointers in
            valuePointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constValues in
                body(text, Int32(arguments.count), types, constValues.baseAddress, lengths, formats)
            }
        }
    }

    /// The result, or its error with its SQLSTATE.
    func check(_ result: OpaquePointer?, sql: String, expecting: ExecStatusType? = nil) throws -> PostgresResult {
        guard let result else {
            throw DatabaseError(sqlState: "08006", message: Self.lastLine(pq.errorMessage(connection)), sql: sql)
        }
        let wrapped = PostgresResult(result, sql: sql)
        switch pq.resultStatus(result) {
        case let status where status == expecting:
            return wrapped
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            changes = pq.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
            return wrapped
        default:
            let state =
                pq.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                ?? (pq.status(connection) == CONNECTION_OK ? "XX000" : "08006")
            let message =
                pq.resultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? Self.lastLine(pq.resultErrorMessage(result))
            // libpq's PG_DIAG_MESSAGE_HINT, PG_DIAG_MESSAGE_DETAIL and PG_DIAG_CONSTRAINT_NAME.
            let field = { (code: Character) in pq.resultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) } }
            throw DatabaseError(
                sqlState: state, message: message, sql: sql, hint: field("H"), detail: field("D"), constraint: field("n"))
        }
    }

    static func lastLine(_ message: UnsafeMutablePointer<CChar>?) -> String {
        let text = message.map { String(cString: $0) } ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "no reply from the server"
    }

    /// `sql` with each `?` outside quotes and comments as `$1`, `$2`..., and SQLite's numbered
    /// `?1` as `$1`: the store writes SQLite's placeholders, the server reads numbered ones. (A
    /// NULL argument has no type: where the SQL gives it none, `? IS NULL`, the store casts it.)
    static func numberingParameters(_ sql: String) -> String {
        guard sql.contains("?") else { return sql }
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var number = 0
        var quote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                // A comment, to the end of its line.
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    output.append(bytes[index])
                    index += 1
                }
                continue
            } else if byte == UInt8(ascii: "?") {
                var end = index + 1
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                output.append(UInt8(ascii: "$"))
                if end > index + 1 {
                    output.append(contentsOf: bytes[(index + 1)..<end])  // ?3 is $3
                } else {
                    number += 1
                    output.append(contentsOf: String(number).utf8)
                }
                index = end
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs `sql`, a `COPY ... FROM STDIN`, sending `data` (COPY's text format) as its input.
    func copy(_ sql: String, data: [UInt8]) throws {
        try receiveSent()
        let start = try check(pq.exec(connection, sql), sql: sql, expecting: PGRES_COPY_IN)
        _ = start
        let sent = data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pq.putCopyData(connection, $0.baseAddress, Int32($0.count)) }
        }
        let ended = sent == 1 ? pq.putCopyEnd(connection, nil) : pq.putCopyEnd(connection, "expenses could not send the rows")
        guard ended == 1 else {
            throw DatabaseError(sqlState: "08006", message: Self.lastLine(pq.errorMessage(connection)), sql: sql)
        }
        // The COPY's own result, then nothing.
        var failure: Error?
        while let result = pq.getResult(connection) {
            do { _ = try check(result, sql: sql) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    // MARK: - Transactions and state

    public var isInsideTransaction: Bool { pq.transactionStatus(connection) != PQTRANS_IDLE }

    /// READ COMMITTED, PostgreSQL's own default: the store locks the report a write is about
    /// (`Store.lockedReport`) and the audit log's head, so writers of one report take turns and
    /// everyone else goes on. (SERIALIZABLE, measured with 16 clients, ran each operation three
    /// times on average: on tables this small its predicate locks cover whole tables.) A deadlock
    /// (40P01) or serialization failure (40001) is rolled back whole, and `Store.write` runs it again.
    public func begin(_ kind: TransactionKind) throws {
        try execute("BEGIN" as SQL)
    }

    public func commit() throws {
        // COMMIT of a transaction that failed reports success, having rolled back: refuse it here.
        guard pq.transactionStatus(connection) != PQTRANS_INERROR else {
            rollback()
            throw DatabaseError(sqlState: "25P02", message: "the transaction failed and was rolled back", sql: "COMMIT")
        }
        try execute("COMMIT" as SQL)
    }

    public func rollback() {
        discardSent()
        guard isInsideTransaction else { return }
        pq.clear(pq.exec(connection, "ROLLBACK"))
    }

    public func rollback(to savepoint: String) {
        discardSent()
        guard isInsideTransaction else { return }
        pq.clear(pq.exec(connection, "ROLLBACK TO SAVEPOINT \(savepoint)"))
    }

    public func hasTable(_ name: String) throws -> Bool {
        try scalar("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = \(name)" as SQL) > 0
    }

    public func tableCount() throws -> Int64 {
        try scalar("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()" as SQL)
    }

    // MARK: - Notifications

    /// The connection's socket: readable when the server sent something, such as a notification
    /// on a channel this connection LISTENs to.
    public var socket: Int32 { pq.socket(connection) }

    /// Reads what the server sent and takes the notifications that came (`NOTIFY`, delivered when
    /// the notifying transaction commits); how many there were.
    public func takeNotifications() -> Int {
        guard pq.consumeInput(connection) == 1 else { return 0 }
        var count = 0
        while let notice = pq.notifies(connection) {
            pq.freemem(notice)
            count += 1
        }
        return count
    }

    /// A new number each call: a team database has no count of other connections' commits
    /// (SQLite's data_version), so whoever asks whether something changed must look.
    func nextLook() -> Int64 {
        looks += 1
        return looks
    }
    private var looks: Int64 = 0

    /// The role the server let this connection in as: the user, on a team database.
    public func sessionUser() throws -> String {
        try queryFirst("SELECT session_user" as SQL) { $0.string(0) } ?? ""
    }
}
