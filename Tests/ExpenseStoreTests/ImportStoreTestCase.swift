import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// What the tests of import batches in the store share: a store on a file or a team database,
/// expenses to write, a batch imported through the writer in bulk, and the totals check.
class ImportStoreTestCase: TemporaryDatabaseTestCase {
    var store: Store!
    let eur = CurrencyTable.standard.currency("EUR")!
    let day = CalendarDate(year: 2026, month: 3, day: 2)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // On a file, or a team database (`ServerStore`) as alice.
        store =
            ServerStore.isSelected
            ? try ServerStore.open(as: "alice", now: { "2026-03-10T09:00:00Z" })
            : try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    func expense(_ cents: Int64, report: Report? = nil, merchant: String = "Hotel") -> Expense {
        let amount = Money(minorUnits: cents, currency: eur)
        return Expense(
            reportID: report?.id, date: day, category: "meals", merchant: merchant, amount: amount,
            conversion: report.map { _ in Expense.Conversion(rate: .one, source: .same, converted: amount) })
    }

    /// Imports `rows` (cents, fingerprint) as one batch through `withInsertTriggersInBulk`.
    @discardableResult
    func importBatch(_ rows: [(Int64, ImportFingerprint)], report: Report? = nil, rowsPerStatement: Int = 100)
        throws -> (batch: ImportBatch, inBulk: Bool)
    {
        try store.write {
            let (id, inBulk) = try store.withInsertTriggersInBulk { () throws -> Int64 in
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: report?.id)
                let writer = try store.importWriter(batch: id, rowsPerStatement: rowsPerStatement)
                for (line, row) in rows.enumerated() {
                    try writer.append(expense(row.0, report: report), line: line + 2, fingerprint: row.1)
                }
                let ids = try writer.insertedIDs()
                try store.finishImportBatch(
                    id, counts: ImportCounts(new: writer.newRows, duplicate: writer.duplicateRows),
                    expenseIDs: ids)
                return id
            }
            return (try store.importBatch(id), inBulk)
        }
    }

    /// The report's kept totals agree with its items (the invariant the triggers maintain).
    func assertTotalsMatchItems(_ reportID: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = try store.db.queryFirst("SELECT item_count, total_minor FROM reports WHERE id = ?", [.integer(reportID)]) {
            "\($0.int64(0))/\($0.int64(1))"
        }
        let actual = try store.db.queryFirst(
            """
            SELECT count(*), coalesce(sum(converted_minor), 0) FROM expenses WHERE report_id = ?
            """, [.integer(reportID)]
        ) { "\($0.int64(0))/\($0.int64(1))" }
        XCTAssertEqual(kept, actual, "report \(reportID): kept totals vs items", file: file, line: line)
    }
}
