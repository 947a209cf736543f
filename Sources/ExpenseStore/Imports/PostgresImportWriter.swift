import ExpenseCore
import ExpenseSupport

/// Writes an import batch's rows to a team database the way PostgreSQL takes many rows: many
/// (`ServerImportWrites.rowsPerCall`) at a time COPY'd into the session's staging table, then one call of the server's
/// `import_rows`, which inserts them as the caller's and lets the unique fingerprint indexes turn
/// duplicates away, with the same triggers and constraints as any other insert.
///
/// The call is sent, not waited for: while the server checks and inserts one chunk, the import
/// reads, converts and encodes the next, and its result is taken before the next COPY. Waited
/// for, the two took turns, and a million-row import cost 1.32 times the server's own cost of
/// the same rows (D in Scripts/bench team), the client's 5 s of reading added to the server's 43 s.
final class PostgresImportWriter: ImportWriter {
    private let db: PostgresDatabase
    private let batchID: Int64
    private let stamp: String
    private let rowsPerBatch: Int
    private var pending: [UInt8] = []
    private var pendingRows = 0
    /// The rows of the chunk whose `import_rows` call was sent and not yet received.
    private var sentRows: Int?
    private(set) var newRows = 0
    private(set) var duplicateRows = 0

    init(db: PostgresDatabase, batchID: Int64, stamp: String, rowsPerBatch: Int) throws {
        self.db = db
        self.batchID = batchID
        self.stamp = stamp
        self.rowsPerBatch = max(1, rowsPerBatch)
    }

    func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws {
        try encode(expense, line: line, fingerprint: fingerprint)
        if pendingRows >= rowsPerBatch { try flush() }
    }

    func insert(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws -> Bool {
        try flush()
        try encode(expense, line: line, fingerprint: fingerprint)
        let before = newRows
        try flush()
        try receive()
        return newRows > before
    }

    func insertedIDs() throws -> ClosedRange<Int64>? {
        try flush()
        try receive()
        guard newRows > 0,
            let range = try db.queryFirst(
                "SELECT min(id), max(id) FROM expenses WHERE import_batch_id = \(batchID)", { ($0.int64(0), $0.int64(1)) })
        else { return nil }
        return range.0...range.1
    }

    /// Copies the pending rows into the session's staging table, which the server made when the
    /// batch began (`import_begin`), and has the server insert them as the caller's.
    private func flush() throws {
        guard pendingRows > 0 else { return }
        try receive()
        try db.copy("COPY pg_temp.\(PostgresSchema.importStaging) (\(PostgresSchema.stagedColumns)) FROM STDIN", data: pending)
        try ServerWrites.importRows.send(on: db, batchID, stamp)
        sentRows = pendingRows
        pending.removeAll(keepingCapacity: true)
        pendingRows = 0
    }

    /// Takes the result of the chunk sent last: how many of its rows were new.
    private func receive() throws {
        guard let rows = sentRows else { return }
        sentRows = nil
        let added = Int(try db.receiveScalar())
        newRows += added
        duplicateRows += rows - added
    }

    /// One row in COPY's text format: tab-separated, `\N` for NULL, backslash escapes.
    private func encode(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws {
        let conversion = expense.conversion
        let fields: [String?] = [
            String(line), expense.reportID.map { String($0) }, expense.date.description, expense.category, expense.merchant,
            expense.description, String(expense.amount.minorUnits), expense.amount.currency.code,
            conversion?.rate.description, conversion?.rateDate?.description, conversion?.source.rawValue,
            conversion.map { String($0.converted.minorUnits) }, expense.paidBy.rawValue,
            { if case .contentKey(let key) = fingerprint { String(key) } else { nil } }(),
            { if case .externalID(let id) = fingerprint { id } else { nil } }(),
        ]
        for (index, field) in fields.enumerated() {
            if index > 0 { pending.append(UInt8(ascii: "\t")) }
            guard let field else {
                pending.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in field.utf8 {
                switch byte {
                case 0:
                    throw DatabaseError(sqlState: "22021", message: "text with a NUL character (U+0000) cannot be stored", sql: nil)
                case UInt8(ascii: "\\"): pending.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): pending.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): pending.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): pending.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: pending.append(byte)
                }
            }
        }
        pending.append(UInt8(ascii: "\n"))
        pendingRows += 1
    }
}
