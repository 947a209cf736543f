import ExpenseCore
import ExpenseSupport

@testable import ExpenseStore

/// What a migration executes, statement by statement, as one text: each statement's kind (an
/// `execute` or a `query`), its SQL and its arguments, every field after its length in bytes, so
/// that no two different runs read the same. Its SHA-256 is the migration's line in
/// `ShippedMigrations`; the text itself is what to read when the two differ.
struct MigrationTranscript {
    private(set) var text = ""

    var sha256: String { SHA256.hex(Array(text.utf8)) }

    mutating func record(_ kind: String, _ sql: String, _ arguments: [DatabaseValue]) {
        text += "\(kind) \(sql.utf8.count) \(arguments.count)\n\(sql)\n"
        for argument in arguments {
            let (type, value): (String, String)
            switch argument {
            case .null: (type, value) = ("null", "")
            case .integer(let integer): (type, value) = ("integer", String(integer))
            case .real(let real): (type, value) = ("real", String(real.bitPattern, radix: 16))
            case .text(let text): (type, value) = ("text", text)
            case .blob(let bytes): (type, value) = ("blob", SHA256.hex(digest: bytes))
            }
            text += "\(type) \(value.utf8.count)\n\(value)\n"
        }
    }

    /// Each of `migrator`'s migrations, in order, run on `database` (a fresh one) through a
    /// recorder: its id and what it executed. On SQLite the migrations run on a real file, as the
    /// code of some reads what the ones before made; a team database's migrations only execute
    /// SQL, so they are recorded without a server (a read fails).
    static func transcripts(of migrator: Migrator, on database: Database?, dialect: SQLDialect) throws -> [(
        id: String, transcript: MigrationTranscript
    )] {
        let recorder = RecordingDatabase(database, dialect: dialect)
        return try migrator.migrations.map { migration in
            recorder.transcript = MigrationTranscript()
            try recorder.inTransaction(.immediate) { try migration.apply(recorder) }
            return (migration.id, recorder.transcript)
        }
    }
}

/// A database that records every statement sent to it, then passes it on to `database` (when there
/// is one).
private final class RecordingDatabase: Database {
    struct ReadWithoutDatabase: Error {}

    let database: Database?
    let dialect: SQLDialect
    var transcript = MigrationTranscript()
    private var inTransaction = false

    init(_ database: Database?, dialect: SQLDialect) {
        self.database = database
        self.dialect = dialect
    }

    var path: String { database?.path ?? "(recorded)" }
    var isReadOnly: Bool { false }
    var changes: Int { database?.changes ?? 0 }
    var isInsideTransaction: Bool { database?.isInsideTransaction ?? inTransaction }

    func execute(_ sql: SQL) throws {
        transcript.record("execute", sql.text, sql.arguments)
        try database?.execute(sql)
    }

    func forEachRow(_ sql: SQL, _ body: (Row) throws -> Void) throws {
        transcript.record("query", sql.text, sql.arguments)
        guard let database else { throw ReadWithoutDatabase() }
        try database.forEachRow(sql, body)
    }

    func queryFirst<T>(_ sql: SQL, _ map: (Row) throws -> T) throws -> T? {
        transcript.record("query", sql.text, sql.arguments)
        guard let database else { throw ReadWithoutDatabase() }
        return try database.queryFirst(sql, map)
    }

    func begin(_ kind: TransactionKind) throws {
        inTransaction = true
        try database?.begin(kind)
    }

    func commit() throws {
        inTransaction = false
        try database?.commit()
    }

    func rollback() {
        inTransaction = false
        database?.rollback()
    }

    func rollback(to savepoint: String) { database?.rollback(to: savepoint) }
    func hasTable(_ name: String) throws -> Bool { try database?.hasTable(name) ?? false }
    func tableCount() throws -> Int64 { try database?.tableCount() ?? 0 }
}
