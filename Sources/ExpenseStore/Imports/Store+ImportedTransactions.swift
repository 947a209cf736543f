import ExpenseCore
import ExpenseSupport

/// A transaction imported earlier, found by the id its statement gave it (`external_id`): what a
/// later statement's row under the same id is compared with, so that a changed amount or date
/// under an id already imported is told, not dropped silently as a duplicate.
public struct ImportedTransaction: Sendable, Equatable {
    public var expenseID: Int64
    public var date: CalendarDate
    public var amount: Money
    /// The statement it was imported from and its line there; nil for an expense entered by hand.
    public var file: String?
    public var line: Int64?
}

extension Store {
    /// The transactions stored under `externalIDs` but by batch `batchID` (the import running),
    /// by their ids; an id stored by none is left out.
    public func importedTransactions(externalIDs: [String], besides batchID: Int64) throws -> [String: ImportedTransaction] {
        var found: [String: ImportedTransaction] = [:]
        var start = 0
        while start < externalIDs.count {
            let chunk = externalIDs[start..<min(start + 500, externalIDs.count)]
            start += 500
            try db.forEachRow(
                """
                SELECT e.id, e.external_id, e.date, e.amount_minor, e.currency, b.file, e.import_line
                FROM expenses AS e LEFT JOIN import_batches AS b ON b.id = e.import_batch_id
                WHERE e.external_id IN (\(list: chunk)) AND (e.import_batch_id IS NULL OR e.import_batch_id <> \(batchID))
                """ as SQL
            ) { row in
                let stored = StoredRow(row, table: "expenses", key: .column(0))
                let currency = try stored.currency(4)
                found[row.string(1)] = ImportedTransaction(
                    expenseID: try stored.integer(0), date: try stored.date(2), amount: try stored.money(3, in: currency),
                    file: row.optionalString(5), line: try stored.optionalInteger(6))
            }
        }
        return found
    }
}
