import CSQLite
import ExpenseCore
import ExpenseSupport

/// Looks an imported row up by its fingerprint, in the unique index the INSERT would meet it in:
/// a statement imported again is all duplicates, and finding one by a lookup of one or two values
/// costs a fraction of queueing, binding and trying its whole row (whose CHECKs SQLite evaluates
/// before it finds the conflict). Only an answer of "stored" is final; a row not found may still
/// be a duplicate of a row queued before it, which `ON CONFLICT DO NOTHING` then leaves out.
///
/// Part of the import's hot path, as the writer's INSERT is: two statements prepared once, their
/// numbered parameters bound value by value (no `SQL`, whose values are an array per statement).
struct ImportDuplicateProbe {
    // The unique indexes `expenses_by_external_id` (external_id) and `expenses_by_date_and_import_key`
    // (date, import_key): the same comparisons as the INSERT's conflict.
    static let byExternalIDSQL = "SELECT 1 FROM expenses WHERE external_id = ?1"
    static let byContentKeySQL = "SELECT 1 FROM expenses WHERE date = ?1 AND import_key = ?2"
    private let byExternalID: Statement
    private let byContentKey: Statement
    private var lastDate: CalendarDate?
    private var lastDateText = ""

    init(db: SQLiteDatabase) throws {
        byExternalID = try Statement(database: db, sql: Self.byExternalIDSQL)
        byContentKey = try Statement(database: db, sql: Self.byContentKeySQL)
    }

    /// Whether a row with `fingerprint`, dated `date`, is stored already.
    mutating func isStored(_ fingerprint: ImportFingerprint, on date: CalendarDate) throws -> Bool {
        switch fingerprint {
        case .externalID(let id):
            return try Self.finds(byExternalID, text: id)
        case .contentKey(let key):
            if date != lastDate {
                lastDate = date
                lastDateText = date.description
            }
            sqlite3_bind_int64(byContentKey.handle, 2, key)
            return try Self.finds(byContentKey, text: lastDateText)
        }
    }

    /// Binds `text` to ?1 and steps once: whether there is a row. The statement is reset before
    /// this returns, so SQLite keeps no pointer to the text.
    private static func finds(_ statement: Statement, text: String) throws -> Bool {
        let handle = statement.handle
        var text = text
        return try text.withUTF8 { bytes throws(DatabaseError) in
            defer { sqlite3_reset(handle) }
            // A text with a NUL compares whole, as the INSERT stores it.
            Statement.bindText(handle, 1, bytes, csqlite_static())
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let code: throw DatabaseError(connection: statement.database.handle, code: code, sql: statement.sql)
            }
        }
    }
}
