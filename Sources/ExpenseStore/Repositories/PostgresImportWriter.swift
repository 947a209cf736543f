import ExpenseCore
import ExpenseSupport

/// Writes an import batch's rows to a team database the way PostgreSQL takes many rows: a few
/// thousand at a time COPY'd into a temporary staging table, then one INSERT ... SELECT into
/// `expenses` that lets the unique fingerprint indexes turn duplicates away (`ON CONFLICT DO
/// NOTHING`), with the same triggers, constraints and row-level security as any other insert.
final class PostgresImportWriter: ImportWriter {
    private let db: PostgresDatabase
    private let batchID: Int64
    private let stamp: String
    private let rowsPerBatch: Int
    private var pending: [UInt8] = []
    private var pendingRows = 0
    private(set) var newRows = 0
    private(set) var duplicateRows = 0

    static let staging = "expenses_import_staging"
    static let stagedColumns = """
        import_line, report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
        rate_source, converted_minor, paid_by, import_key, external_id
        """

    init(db: PostgresDatabase, batchID: Int64, stamp: String, rowsPerBatch: Int) throws {
        self.db = db
        self.batchID = batchID
        self.stamp = stamp
        self.rowsPerBatch = max(1, rowsPerBatch)
        // Private to this connection and emptied at commit: nothing of it is ever seen by another.
        try db.execute("""
            CREATE TEMPORARY TABLE IF NOT EXISTS \(Self.staging) (
                import_line bigint, report_id bigint, date text, category text, merchant text, description text,
                amount_minor bigint, currency text, rate text, rate_date text, rate_source text, converted_minor bigint,
                paid_by text, import_key bigint, external_id text
            ) ON COMMIT DELETE ROWS
            """, [])
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
        return newRows > before
    }

    func insertedIDs() throws -> ClosedRange<Int64>? {
        try flush()
        guard newRows > 0, let range = try db.queryFirst("SELECT min(id), max(id) FROM expenses WHERE import_batch_id = ?",
                                                          [.integer(batchID)], { ($0.int64(0), $0.int64(1)) }) else { return nil }
        return range.0...range.1
    }

    private func flush() throws {
        guard pendingRows > 0 else { return }
        try db.copy("COPY \(Self.staging) (\(Self.stagedColumns)) FROM STDIN", data: pending)
        try db.execute("""
            INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                                  rate_source, converted_minor, paid_by, created_at, updated_at, import_batch_id, import_line,
                                  import_key, external_id)
            SELECT report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                   rate_source, converted_minor, paid_by, ?, ?, ?, import_line, import_key, external_id
            FROM \(Self.staging) ORDER BY import_line
            ON CONFLICT DO NOTHING
            """, [.text(stamp), .text(stamp), .integer(batchID)])
        newRows += db.changes
        duplicateRows += pendingRows - db.changes
        try db.execute("TRUNCATE \(Self.staging)", [])
        pending.removeAll(keepingCapacity: true)
        pendingRows = 0
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
