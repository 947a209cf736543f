import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The report totals an import keeps in bulk instead of through the per-row triggers, and totals
/// beyond the largest as bad data.
final class ImportStoreTotalsTests: ImportStoreTestCase {
    func testRowsInBulkSpreadOverReportsAreCountedInEach() throws {
        let trips = try store.write {
            try (1...2).map { try store.insertReport(Report(id: 0, title: "Trip \($0)", currency: eur, owner: "alice")) }
        }
        try store.write { _ = try store.insertExpense(expense(999, report: trips[1], merchant: "added by hand")) }
        try store.write {
            _ = try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: nil)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 2)
                for (line, report) in [trips[0], nil, trips[1], trips[0], nil].enumerated() {
                    try writer.append(
                        expense(Int64(100 * (line + 1)), report: report), line: line + 2, fingerprint: .contentKey(Int64(line)))
                }
                _ = try writer.insertedIDs()
            }
        }
        XCTAssertEqual(try store.report(trips[0].id).itemCount, 2)
        XCTAssertEqual(try store.report(trips[0].id).total.minorUnits, 100 + 400)
        XCTAssertEqual(try store.report(trips[1].id).itemCount, 2)
        XCTAssertEqual(try store.report(trips[1].id).total.minorUnits, 999 + 300)
        for trip in trips { try assertTotalsMatchItems(trip.id) }
    }

    func testImportingIntoAReportKeepsItsTotalsInBulk() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        try store.write {
            _ = try store.insertExpense(expense(999, report: report, merchant: "added by hand"))
        }
        let result = try importBatch([(100, .contentKey(1)), (250, .contentKey(2)), (100, .contentKey(1))], report: report)
        XCTAssertTrue(result.inBulk, "the import recognised the schema's INSERT triggers; update replaceableInsertTriggers if they changed")
        XCTAssertEqual(result.batch.counts, ImportCounts(new: 2, duplicate: 1))
        let kept = try store.report(report.id)
        XCTAssertEqual(kept.itemCount, 3)
        XCTAssertEqual(kept.total.minorUnits, 999 + 100 + 250)
        try assertTotalsMatchItems(report.id)
        // The triggers are back: a row added afterwards is counted by them.
        XCTAssertEqual(
            try store.db.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('expenses_count_insert', 'expenses_frozen_insert')"),
            2)
        try store.write { _ = try store.insertExpense(expense(1, report: report)) }
        try assertTotalsMatchItems(report.id)
    }

    /// The writers add up what they insert, and the totals come from that tally only when it
    /// accounts for every new row: here a row inserted beside the writer, with the triggers set
    /// aside, must be counted too.
    func testARowInsertedBesideTheWritersIsCountedInBulk() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let result = try store.write {
            try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: report.id)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 2)
                for (line, cents) in [100, 250, 400].enumerated() {
                    try writer.append(expense(Int64(cents), report: report), line: line + 2, fingerprint: .contentKey(Int64(line)))
                }
                _ = try writer.insertedIDs()
                _ = try store.insertExpense(expense(999, report: report, merchant: "added by hand"))
            }
        }
        XCTAssertTrue(result.inBulk)
        XCTAssertEqual(try store.report(report.id).itemCount, 4)
        XCTAssertEqual(try store.report(report.id).total.minorUnits, 100 + 250 + 400 + 999)
        try assertTotalsMatchItems(report.id)
    }

    func testAFailedImportLeavesTriggersAndTotalsAsTheyWere() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let triggers = "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name)"
        let before = try store.db.queryFirst(triggers) { $0.string(0) }
        struct Stop: Error {}
        XCTAssertThrowsError(
            try store.write {
                _ = try store.withInsertTriggersInBulk {
                    let id = try store.beginImportBatch(file: "s.csv", rules: "r", reportID: report.id)
                    let writer = try store.importWriter(batch: id)
                    try writer.append(expense(100, report: report), line: 2, fingerprint: .contentKey(1))
                    _ = try writer.insertedIDs()
                    throw Stop()
                }
            })
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 0)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM import_batches"), 0)
        XCTAssertEqual(try store.db.queryFirst(triggers) { $0.string(0) }, before)
        try assertTotalsMatchItems(report.id)
    }

    func testAnUnknownInsertTriggerKeepsTheRowByRowPath() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        try store.db.execute("CREATE TRIGGER audit_expense_insert AFTER INSERT ON expenses BEGIN SELECT 1; END")
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let result = try importBatch([(100, .contentKey(1)), (250, .contentKey(2))], report: report)
        XCTAssertFalse(result.inBulk)
        try assertTotalsMatchItems(report.id)
        XCTAssertEqual(try store.report(report.id).itemCount, 2)
    }

    /// 9,300 rows of the largest amount were an SQL "integer overflow" (exit 70).
    func testAnImportBeyondTheLargestTotalIsBadDataNamingTheReportInBulkAndRowByRow() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        for rowByRow in [false, true] {
            if rowByRow { try store.db.execute("CREATE TRIGGER audit_expense_insert AFTER INSERT ON expenses BEGIN SELECT 1; END") }
            let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
            // Content keys are unique per day across batches: each round has keys of its own.
            let rows = (0..<9_300).map { (Money.maximumMinorUnits, ImportFingerprint.contentKey(Int64($0) + (rowByRow ? 10_000 : 0))) }
            let error = assertExpenseError(
                try importBatch(rows, report: report), kind: .invalidData,
                messageContains: "the total of report \(report.id) does not fit: the largest total handled is "
                    + "9,999,999,999,999,999.99 EUR")
            XCTAssertEqual(error?.hint, "split its items over more than one report")
            XCTAssertEqual(try store.report(report.id).total.minorUnits, 0, "nothing was written")
            XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses WHERE report_id = ?", [.integer(report.id)]), 0)
            // Up to the limit it fits, exactly.
            let fits = try importBatch(Array(rows.prefix(1_000)), report: report)
            XCTAssertEqual(fits.inBulk, !rowByRow)
            XCTAssertEqual(try store.report(report.id).total.minorUnits, 1_000 * Money.maximumMinorUnits)
            try assertTotalsMatchItems(report.id)
        }
    }

    func testAnItemAddedChangedOrMovedBeyondTheLargestTotalIsBadData() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let other = try store.write { try store.insertReport(Report(id: 0, title: "Other", currency: eur, owner: "alice")) }
        _ = try importBatch((0..<1_000).map { (Money.maximumMinorUnits, .contentKey(Int64($0))) }, report: report)
        _ = try store.insertExpense(expense(999, report: report))
        XCTAssertEqual(try store.report(report.id).total.minorUnits, Money.maximumTotalMinorUnits, "up to the largest total")
        assertExpenseError(
            try store.insertExpense(expense(1, report: report)), kind: .invalidData,
            messageContains: "the total of report \(report.id) does not fit")
        let small = try store.insertExpense(expense(1, report: other))
        assertExpenseError(
            try store.updateExpense(small.with(reportID: report.id, cents: 1)), kind: .invalidData,
            messageContains: "the total of report \(report.id) does not fit")
        let refund = try store.insertExpense(expense(-5, report: report))
        assertExpenseError(
            try store.updateExpense(refund.with(reportID: report.id, cents: 5)), kind: .invalidData,
            messageContains: "the total of report \(report.id) does not fit")
        try store.updateExpense(small.with(reportID: report.id, cents: -1))
        XCTAssertEqual(try store.report(report.id).total.minorUnits, Money.maximumTotalMinorUnits - 6)
        XCTAssertEqual(try store.report(other.id).total.minorUnits, 0)
        try assertTotalsMatchItems(report.id)
        try assertTotalsMatchItems(other.id)
    }

    func testTheSummaryOfTotalsBeyondTheLargestIsBadDataNotAnSQLError() throws {
        var reports: [Report] = []
        for (index, title) in ["A", "B"].enumerated() {
            let report = try store.write { try store.insertReport(Report(id: 0, title: title, currency: eur, owner: "alice")) }
            reports.append(report)
            _ = try importBatch((0..<1_000).map { (Money.maximumMinorUnits, .contentKey(Int64(index * 1_000 + $0))) }, report: report)
        }
        let error = assertExpenseError(
            try store.spending(owner: "alice", from: nil, to: nil), kind: .invalidData,
            messageContains: "the spending in EUR on meals in 2026-03 does not fit: the largest total handled is "
                + "9,999,999,999,999,999.99 EUR")
        XCTAssertEqual(error?.hint, "choose a shorter period")
        try store.deleteReport(reports[1].id, deletingItems: true)
        XCTAssertEqual(
            try store.spending(owner: "alice", from: nil, to: nil).first?.minorUnits, 1_000 * Money.maximumMinorUnits,
            "exact, though a float could not hold it")
    }
}

extension Expense {
    fileprivate func with(reportID: Int64?, cents: Int64) -> Expense {
        var copy = self
        copy.reportID = reportID
        copy.amount.minorUnits = cents
        copy.conversion?.converted.minorUnits = cents
        return copy
    }
}
