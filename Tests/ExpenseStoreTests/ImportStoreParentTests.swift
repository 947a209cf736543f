import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// An import on a file sets SQLite's foreign keys aside (each row looked its report, category and
/// batch up) and checks each parent once before the transaction ends: a row naming one that does
/// not exist is refused as SQLite refuses it, and nothing of the import stays.
final class ImportStoreParentTests: ImportStoreTestCase {
    override class var engines: Engines { .fileOnly(because: "a team database checks every row's parents itself") }

    func testARowOfACategoryThatDoesNotExistIsRefusedAndNothingStays() throws {
        for extraTrigger in [false, true] {
            store = try Store(path: path("parents-\(extraTrigger).sqlite"), now: { "2026-03-10T09:00:00Z" })
            if extraTrigger {
                // An INSERT trigger the import does not know keeps it on the row-by-row path, without a tally.
                try store.db.execute(
                    "CREATE TRIGGER audit_insert AFTER INSERT ON expenses BEGIN SELECT 1; END" as SQL)
            }
            var stray = expense(200)
            stray.category = "nonesuch"
            XCTAssertThrowsError(try importInBulk([expense(100), stray]), "extra trigger: \(extraTrigger)") { error in
                XCTAssertEqual((error as? DatabaseError)?.kind, .constraint)
            }
            XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 0)
            XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM import_batches"), 0)
            XCTAssertEqual(try store.db.scalar("PRAGMA foreign_keys"), 1, "the connection's foreign keys are back on")
        }
    }

    func testARowOfAReportThatDoesNotExistIsRefused() throws {
        var stray = expense(200)
        stray.reportID = 999
        stray.conversion = Expense.Conversion(rate: .one, source: .same, converted: stray.amount)
        XCTAssertThrowsError(try importInBulk([expense(100), stray])) { error in
            XCTAssertEqual((error as? DatabaseError)?.kind, .constraint)
        }
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 0)
    }

    func testRowsWhoseParentsExistGoIn() throws {
        try importInBulk([expense(100), expense(200)])
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 2)
    }

    /// As the importer runs: the bulk settings around the transaction, the triggers set aside inside it.
    private func importInBulk(_ rows: [Expense]) throws {
        try store.withBulkInsertSettings {
            try store.write {
                _ = try store.withInsertTriggersInBulk {
                    let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: nil)
                    let writer = try store.importWriter(batch: id)
                    for (line, row) in rows.enumerated() {
                        try writer.append(row, line: line + 2, fingerprint: .contentKey(Int64(line)))
                    }
                    try store.finishImportBatch(id, counts: ImportCounts(new: writer.newRows), expenseIDs: try writer.insertedIDs())
                }
            }
        }
    }
}
