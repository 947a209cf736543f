import ExpenseCore
@testable import ExpenseStore
import ExpenseTestSupport
import XCTest
@testable import ExpenseSupport

/// Import batches in the store: the writer's duplicate detection, batch bookkeeping, undo, and
/// the report totals the import keeps in bulk instead of through the per-row triggers.
final class ImportStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // On a file, or a team database (`ServerStore`) as alice.
        store = ServerStore.isSelected ? try ServerStore.open(as: "alice", now: { "2026-03-10T09:00:00Z" })
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

    private func expense(_ cents: Int64, report: Report? = nil, merchant: String = "Hotel") -> Expense {
        let amount = Money(minorUnits: cents, currency: eur)
        return Expense(reportID: report?.id, date: day, category: "meals", merchant: merchant, amount: amount,
                       conversion: report.map { _ in Expense.Conversion(rate: .one, source: .same, converted: amount) })
    }

    /// Imports `rows` (cents, fingerprint) as one batch through `withInsertTriggersInBulk`.
    @discardableResult
    private func importBatch(_ rows: [(Int64, ImportFingerprint)], report: Report? = nil, rowsPerStatement: Int = 100)
        throws -> (batch: ImportBatch, inBulk: Bool) {
        try store.write {
            let (id, inBulk) = try store.withInsertTriggersInBulk { () throws -> Int64 in
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: report?.id)
                let writer = try store.importWriter(batch: id, rowsPerStatement: rowsPerStatement)
                for (line, row) in rows.enumerated() {
                    try writer.append(expense(row.0, report: report), line: line + 2, fingerprint: row.1)
                }
                let ids = try writer.insertedIDs()
                try store.finishImportBatch(id, counts: ImportCounts(new: writer.newRows, duplicate: writer.duplicateRows),
                                            expenseIDs: ids)
                return id
            }
            return (try store.importBatch(id), inBulk)
        }
    }

    /// The report's kept totals agree with its items (the invariant the triggers maintain).
    private func assertTotalsMatchItems(_ reportID: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = try store.db.queryFirst("SELECT item_count, total_minor FROM reports WHERE id = ?", [.integer(reportID)]) {
            "\($0.int64(0))/\($0.int64(1))"
        }
        let actual = try store.db.queryFirst("""
            SELECT count(*), coalesce(sum(converted_minor), 0) FROM expenses WHERE report_id = ?
            """, [.integer(reportID)]) { "\($0.int64(0))/\($0.int64(1))" }
        XCTAssertEqual(kept, actual, "report \(reportID): kept totals vs items", file: file, line: line)
    }

    func testTheWriterAddsNewRowsAndCountsDuplicates() throws {
        for rowsPerStatement in [1, 3, 100] {
            store = try Store(path: path("writer-\(rowsPerStatement).sqlite"), now: { "2026-03-10T09:00:00Z" })
            let first = try importBatch([(100, .contentKey(1)), (200, .contentKey(2)), (300, .externalID("T-3"))],
                                        rowsPerStatement: rowsPerStatement).batch
            XCTAssertEqual(first.counts, ImportCounts(new: 3, duplicate: 0))
            XCTAssertEqual(first.expenseIDs, 1...3)
            // The same rows again, one new one, and a duplicate inside the batch itself.
            let second = try importBatch([(100, .contentKey(1)), (300, .externalID("T-3")), (400, .contentKey(4)),
                                          (400, .contentKey(4))], rowsPerStatement: rowsPerStatement).batch
            XCTAssertEqual(second.counts, ImportCounts(new: 1, duplicate: 3), "rows per statement: \(rowsPerStatement)")
            XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 4)
            XCTAssertEqual(try store.db.scalar("SELECT import_line FROM expenses WHERE import_key = 4"), 4)
            XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses WHERE import_batch_id = ?", [.integer(second.id)]), 1)
        }
    }

    /// A statement imported again, with new rows among the old: the rows stored already are
    /// found by their fingerprints before they are queued (SQLite's writer), and what is not
    /// found is still decided by the INSERT, a duplicate of a row queued before it included.
    func testDuplicatesAmongNewRowsAreFoundByFingerprintAndDateOnly() throws {
        let old: [(Int64, ImportFingerprint)] = (1...5).map { (Int64($0) * 100, .contentKey(Int64($0))) } + [(600, .externalID("T-6"))]
        try importBatch(old)
        let nextDay = day.adding(days: 1)
        let rows: [(Int64, ImportFingerprint, CalendarDate)] = [
            (100, .contentKey(1), day), (600, .externalID("T-6"), day),
            (700, .contentKey(1), nextDay),   // an old key on another date: new
            (200, .contentKey(2), day), (800, .externalID("T-8"), day), (800, .externalID("T-8"), nextDay),
            (300, .contentKey(3), day), (900, .contentKey(9), day), (400, .contentKey(4), day),
        ]
        let again = try store.write {
            try store.withInsertTriggersInBulk { () throws -> ImportCounts in
                let id = try store.beginImportBatch(file: "again.csv", rules: "card.rules", reportID: nil)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 100)
                for (line, row) in rows.enumerated() {
                    var expense = expense(row.0)
                    expense.date = row.2
                    try writer.append(expense, line: line + 2, fingerprint: row.1)
                }
                _ = try writer.insertedIDs()
                return ImportCounts(new: writer.newRows, duplicate: writer.duplicateRows)
            }.result
        }
        XCTAssertEqual(again, ImportCounts(new: 3, duplicate: 6))
        let stored = try store.db.query("SELECT amount_minor, date FROM expenses WHERE id > 6 ORDER BY id") { "\($0.int64(0)) \($0.string(1))" }
        XCTAssertEqual(stored, ["700 2026-03-03", "800 2026-03-02", "900 2026-03-02"])
    }

    /// The lookups of the SQLite writer's duplicate probe are searches of the unique indexes.
    func testTheDuplicateProbeSearchesTheUniqueIndexes() throws {
        let db = try Store(path: path("probe.sqlite"), now: { "2026-03-10T09:00:00Z" }).db
        let plans = try [(ImportDuplicateProbe.byExternalIDSQL, [DatabaseValue.text("T-1")]),
                     (ImportDuplicateProbe.byContentKeySQL, [.text("2026-03-02"), .integer(1)])].map { sql, arguments in
            try db.query("EXPLAIN QUERY PLAN " + sql, arguments) { $0.string(3) }
        }
        XCTAssertEqual(plans, [["SEARCH expenses USING COVERING INDEX expenses_by_external_id (external_id=?)"],
                               ["SEARCH expenses USING COVERING INDEX expenses_by_date_and_import_key (date=? AND import_key=?)"]])
    }

    /// Texts reach the table byte for byte, each in its own row, across statements and sizes:
    /// the SQLite writer keeps them in one buffer it reuses, and hands SQLite pointers into it.
    func testTheWriterStoresEachTextExactly() throws {
        var merchants = ["", "Caf\u{E9} \u{2615}\u{FE0F}", "e\u{301}", "\u{202E}gnp.exe", "a\r\nb", String(repeating: "x", count: 100_000), "'; DROP TABLE expenses; --"]
        // A server refuses a NUL in text; a file keeps it, the text going on after it.
        if !ServerStore.isSelected { merchants.append("A\u{0}B") }
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        try store.write {
            _ = try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: report.id)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 3)
                for (index, merchant) in merchants.enumerated() {
                    try writer.append(expense(Int64(100 + index), report: report, merchant: merchant), line: index + 2,
                                      fingerprint: index % 2 == 0 ? .contentKey(Int64(index)) : .externalID("T-\(index)-\(merchant.prefix(9))"))
                }
                _ = try writer.insertedIDs()
            }
        }
        let stored = try store.db.query("SELECT merchant, amount_minor, external_id FROM expenses ORDER BY amount_minor") {
            ($0.string(0), $0.int64(1), $0.optionalString(2))
        }
        XCTAssertEqual(stored.map(\.0), merchants)
        XCTAssertEqual(stored.map(\.1), merchants.indices.map { Int64(100 + $0) })
        XCTAssertEqual(stored.map(\.2), merchants.enumerated().map { $0.offset % 2 == 0 ? nil : "T-\($0.offset)-\($0.element.prefix(9))" })
        try assertTotalsMatchItems(report.id)
    }

    /// A rate is stored as it is written, also right after an equal one written otherwise (the
    /// writer formats a rate once for the rows after it that have the same digits).
    func testEachRowsRateIsStoredAsWritten() throws {
        let usd = CurrencyTable.standard.currency("USD")!
        let rates = ["0.5", "1/2", "1/2", "0.50", "2/4", "0.5"]
        try store.write {
            _ = try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: nil)
                let writer = try store.importWriter(batch: id)
                for (index, text) in rates.enumerated() {
                    let rate = try XCTUnwrap(ExchangeRate.parse(text))
                    let conversion = Expense.Conversion(rate: rate, rateDate: day, source: .table, converted: Money(minorUnits: 50, currency: eur))
                    try writer.append(Expense(date: day, category: "meals", amount: Money(minorUnits: 100, currency: usd), conversion: conversion),
                                      line: index + 2, fingerprint: .contentKey(Int64(index)))
                }
                _ = try writer.insertedIDs()
            }
        }
        let stored = try store.db.query("SELECT rate FROM expenses ORDER BY import_line") { $0.string(0) }
        XCTAssertEqual(stored, try rates.map { try XCTUnwrap(ExchangeRate.parse($0)).description })
        XCTAssertEqual(Set(stored).count, 3, "equal rates, written three ways")
    }

    func testAContentKeyIsUniquePerDateAndAnExternalIDEverywhere() throws {
        try importBatch([(100, .contentKey(7))])
        // The same key on another date is another row: insert it through the writer directly.
        try store.write {
            let id = try store.beginImportBatch(file: "b.csv", rules: "r", reportID: nil)
            let writer = try store.importWriter(batch: id, rowsPerStatement: 1)
            var other = expense(100)
            other.date = day.adding(days: 1)
            XCTAssertTrue(try writer.insert(other, line: 2, fingerprint: .contentKey(7)))
            other.date = day.adding(days: 2)
            XCTAssertTrue(try writer.insert(other, line: 3, fingerprint: .externalID("X")))
            other.date = day.adding(days: 3)
            XCTAssertFalse(try writer.insert(other, line: 4, fingerprint: .externalID("X")), "an id is unique whatever the date")
        }
    }

    func testOneIndexByDateServesDateRangesAndContentKeys() throws {
        let indexes = try store.db.query("""
            SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'expenses' AND sql IS NOT NULL ORDER BY name
            """) { $0.string(0) }
        XCTAssertEqual(indexes, ["expenses_by_date_and_import_key", "expenses_by_external_id", "expenses_by_report_and_date"])
        let plan = try store.db.query("EXPLAIN QUERY PLAN SELECT id FROM expenses WHERE date >= '2026-03-01' AND date <= '2026-03-31'") {
            $0.string(3)
        }
        XCTAssertTrue(plan.joined().contains("INDEX expenses_by_date_and_import_key (date>? AND date<?)"), "\(plan)")
        // Rows without a content key (entered by hand, or known by an external id) never conflict on one date.
        let batch = try importBatch([(100, .externalID("A")), (100, .externalID("B")), (100, .contentKey(5)), (100, .contentKey(5))])
        XCTAssertEqual(batch.batch.counts, ImportCounts(new: 3, duplicate: 1))
    }

    /// An import fills one report; rows written in bulk into several, and rows in none, are
    /// counted each in its own report all the same.
    func testRowsInBulkSpreadOverReportsAreCountedInEach() throws {
        let trips = try store.write { try (1...2).map { try store.insertReport(Report(id: 0, title: "Trip \($0)", currency: eur, owner: "alice")) } }
        try store.write { _ = try store.insertExpense(expense(999, report: trips[1], merchant: "added by hand")) }
        try store.write {
            _ = try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: nil)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 2)
                for (line, report) in [trips[0], nil, trips[1], trips[0], nil].enumerated() {
                    try writer.append(expense(Int64(100 * (line + 1)), report: report), line: line + 2, fingerprint: .contentKey(Int64(line)))
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
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('expenses_count_insert', 'expenses_frozen_insert')"), 2)
        try store.write { _ = try store.insertExpense(expense(1, report: report)) }
        try assertTotalsMatchItems(report.id)
    }

    /// The writers add up what they insert, and the totals come from that tally only when it
    /// accounts for every new row: here a row inserted beside the writer, with the triggers set
    /// aside, must be counted too.
    func testARowInsertedBesideTheWritersIsCountedInBulk() throws {
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
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let triggers = "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name)"
        let before = try store.db.queryFirst(triggers) { $0.string(0) }
        struct Stop: Error {}
        XCTAssertThrowsError(try store.write {
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
        try store.db.execute("CREATE TRIGGER audit_expense_insert AFTER INSERT ON expenses BEGIN SELECT 1; END")
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        let result = try importBatch([(100, .contentKey(1)), (250, .contentKey(2))], report: report)
        XCTAssertFalse(result.inBulk)
        try assertTotalsMatchItems(report.id)
        XCTAssertEqual(try store.report(report.id).itemCount, 2)
    }

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
        assertExpenseError(try store.write { try store.undoImportBatch(undone.id) }, kind: .refused,
                           messageContains: "was already undone at 2026-03-10T09:00:00Z")
        assertExpenseError(try store.importBatch(99), kind: .notFound, messageContains: "unknown import batch 99")
        // After undo the same rows import again.
        XCTAssertEqual(try importBatch([(200, .contentKey(2)), (300, .contentKey(3))], report: report).batch.counts.new, 2)
    }

    func testDuplicatesUseUpNoIdsAndNoIdIsGivenTwice() throws {
        let rows: [(Int64, ImportFingerprint)] = [(100, .contentKey(1)), (200, .contentKey(2)), (300, .externalID("T-3"))]
        XCTAssertEqual(try importBatch(rows).batch.expenseIDs, 1...3)
        for _ in 0..<3 { try importBatch(rows) }
        // A new row, then duplicates in the same statement.
        XCTAssertEqual(try importBatch([(400, .contentKey(4))] + rows).batch.expenseIDs, 4...4,
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
        assertExpenseError(try store.write { try store.undoImportBatch(batch.id) }, kind: .refused,
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
        let before = try store.db.scalar("PRAGMA temp_store")
        try store.withBulkInsertSettings {
            XCTAssertEqual(try store.db.scalar("PRAGMA temp_store"), 2, "statement journals stay in memory")
        }
        XCTAssertEqual(try store.db.scalar("PRAGMA temp_store"), before)
    }
}

extension ImportStoreTests {
    /// 9,300 rows of the largest amount were an SQL "integer overflow" (exit 70).
    func testAnImportBeyondTheLargestTotalIsBadDataNamingTheReportInBulkAndRowByRow() throws {
        for rowByRow in [false, true] {
            if rowByRow { try store.db.execute("CREATE TRIGGER audit_expense_insert AFTER INSERT ON expenses BEGIN SELECT 1; END") }
            let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
            // Content keys are unique per day across batches: each round has keys of its own.
            let rows = (0..<9_300).map { (Money.maximumMinorUnits, ImportFingerprint.contentKey(Int64($0) + (rowByRow ? 10_000 : 0))) }
            let error = assertExpenseError(try importBatch(rows, report: report), kind: .invalidData,
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
        assertExpenseError(try store.insertExpense(expense(1, report: report)), kind: .invalidData,
                           messageContains: "the total of report \(report.id) does not fit")
        let small = try store.insertExpense(expense(1, report: other))
        assertExpenseError(try store.updateExpense(small.with(reportID: report.id, cents: 1)), kind: .invalidData,
                           messageContains: "the total of report \(report.id) does not fit")
        let refund = try store.insertExpense(expense(-5, report: report))
        assertExpenseError(try store.updateExpense(refund.with(reportID: report.id, cents: 5)), kind: .invalidData,
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
        let error = assertExpenseError(try store.spending(owner: "alice", from: nil, to: nil), kind: .invalidData,
                                       messageContains: "the spending in EUR on meals in 2026-03 does not fit: the largest total handled is "
                                           + "9,999,999,999,999,999.99 EUR")
        XCTAssertEqual(error?.hint, "choose a shorter period")
        try store.deleteReport(reports[1].id, deletingItems: true)
        XCTAssertEqual(try store.spending(owner: "alice", from: nil, to: nil).first?.minorUnits, 1_000 * Money.maximumMinorUnits,
                       "exact, though a float could not hold it")
    }
}

private extension Expense {
    func with(reportID: Int64?, cents: Int64) -> Expense {
        var copy = self
        copy.reportID = reportID
        copy.amount.minorUnits = cents
        copy.conversion?.converted.minorUnits = cents
        return copy
    }
}
