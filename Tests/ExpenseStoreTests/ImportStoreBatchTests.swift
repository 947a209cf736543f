import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Import batches' bookkeeping: undo, ids, reports no longer drafts, and the bulk settings restored.
final class ImportStoreBatchTests: ImportStoreTestCase {
    func testUndoDeletesTheBatchesExpensesAndKeepsItsHistory() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let kept = try importBatch([(100, .contentKey(1))], report: report).batch
        let undone = try importBatch([(200, .contentKey(2)), (300, .contentKey(3)), (100, .contentKey(1))], report: report).batch
        XCTAssertEqual(try store.write { try store.undoImportBatch(undone.id) }, 2)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 1)
        XCTAssertEqual(try store.db.scalar("SELECT import_batch_id FROM expenses"), kept.id, "the other batch's row stays")
        try assertTotalsMatchItems(report.id)
        let history = try store.importBatches()
        XCTAssertEqual(history.map(\.id), [kept.id, undone.id])
        XCTAssertEqual(history.last?.undoneAt, "2026-03-10T09:00:00Z")
        assertExpenseError(
            try store.write { try store.undoImportBatch(undone.id) }, kind: .refused,
            messageContains: "was already undone at 2026-03-10T09:00:00Z")
        assertExpenseError(try store.importBatch(99), kind: .notFound, messageContains: "unknown import batch 99")
        // After undo the same rows import again.
        XCTAssertEqual(try importBatch([(200, .contentKey(2)), (300, .contentKey(3))], report: report).batch.counts.new, 2)
    }

    func testDuplicatesUseUpNoIdsAndNoIdIsGivenTwice() throws {
        try fileOnly(
            because: "the ids a rolled-back write or a duplicate took are not given again (PostgreSQL sequences): the test names them")
        let rows: [(Int64, ImportFingerprint)] = [(100, .contentKey(1)), (200, .contentKey(2)), (300, .externalID("T-3"))]
        XCTAssertEqual(try importBatch(rows).batch.expenseIDs, 1...3)
        for _ in 0..<3 { try importBatch(rows) }
        // A new row, then duplicates in the same statement.
        XCTAssertEqual(
            try importBatch([(400, .contentKey(4))] + rows).batch.expenseIDs, 4...4,
            "the duplicates before gave their ids back")
        let undone = try importBatch([(500, .contentKey(5))]).batch
        XCTAssertEqual(undone.expenseIDs, 5...5, "so did the duplicates after a new row")
        // Undone, id 5 is gone; duplicates imported afterwards must not make it the next id again.
        try store.write { _ = try store.undoImportBatch(undone.id) }
        try importBatch(rows)
        XCTAssertEqual(try importBatch([(600, .contentKey(6))]).batch.expenseIDs, 6...6)
    }

    func testUndoIsRefusedWhileAnExpenseIsInASubmittedReport() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let batch = try importBatch([(100, .contentKey(1)), (200, .contentKey(2))], report: report).batch
        try store.write { _ = try store.apply(.submit, to: report.id, by: "alice") }
        assertExpenseError(
            try store.write { try store.undoImportBatch(batch.id) }, kind: .refused,
            messageContains: "cannot undo import batch \(batch.id): 2 of its expenses are in report \(report.id), which is submitted")
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 2)
        XCTAssertNil(try store.importBatch(batch.id).undoneAt)
    }

    func testAnImportIntoAReportThatIsNoLongerADraftIsRefused() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        try importBatch([(100, .contentKey(1))], report: report)
        try store.write { _ = try store.apply(.submit, to: report.id, by: "alice") }
        XCTAssertThrowsError(try importBatch([(200, .contentKey(2))], report: report))
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 1)
        try assertTotalsMatchItems(report.id)
    }

    func testBulkSettingsAreRestored() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let before = try store.db.scalar("PRAGMA temp_store")
        try store.withBulkInsertSettings {
            XCTAssertEqual(try store.db.scalar("PRAGMA temp_store"), 2, "statement journals stay in memory")
        }
        XCTAssertEqual(try store.db.scalar("PRAGMA temp_store"), before)
    }
}
