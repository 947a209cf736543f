import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Import batches in the store: the writer's duplicate detection, and each text and rate stored
/// as written.
final class ImportStoreTests: ImportStoreTestCase {
    func testTheWriterAddsNewRowsAndCountsDuplicates() throws {
        for rowsPerStatement in [1, 3, 100] {
            store = try Store(path: path("writer-\(rowsPerStatement).sqlite"), now: { "2026-03-10T09:00:00Z" })
            let first = try importBatch(
                [(100, .contentKey(1)), (200, .contentKey(2)), (300, .externalID("T-3"))],
                rowsPerStatement: rowsPerStatement
            ).batch
            XCTAssertEqual(first.counts, ImportCounts(new: 3, duplicate: 0))
            XCTAssertEqual(first.expenseIDs, 1...3)
            // The same rows again, one new one, and a duplicate inside the batch itself.
            let second = try importBatch(
                [
                    (100, .contentKey(1)), (300, .externalID("T-3")), (400, .contentKey(4)),
                    (400, .contentKey(4)),
                ], rowsPerStatement: rowsPerStatement
            ).batch
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
            (700, .contentKey(1), nextDay),  // an old key on another date: new
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
        let stored = try store.db.query("SELECT amount_minor, date FROM expenses WHERE id > 6 ORDER BY id") {
            "\($0.int64(0)) \($0.string(1))"
        }
        XCTAssertEqual(stored, ["700 2026-03-03", "800 2026-03-02", "900 2026-03-02"])
    }

    /// A row recognised by its content key (a bank statement's) has no entry in receipt
    /// matching's index: it is found on the content keys' own index, and its import no longer
    /// pays for a second entry (issue 45). Counted with SQLite's dbstat.
    func testARowWithAContentKeyIsNotInTheMatchingIndex() throws {
        try fileOnly(because: "it counts the index's entries with SQLite's dbstat")
        try importBatch([(100, .externalID("T-1")), (200, .externalID("T-2")), (300, .contentKey(3))])
        _ = try store.insertExpense(expense(400))
        let entries = try store.db.scalar(
            "SELECT sum(ncell) FROM dbstat WHERE name = 'expenses_by_date_and_amount' AND pagetype = 'leaf'")
        XCTAssertEqual(entries, 3)
        // Each fingerprint still turns its row away when it comes again.
        XCTAssertEqual(
            try importBatch([(100, .externalID("T-1")), (300, .contentKey(3)), (500, .contentKey(5))]).batch.counts,
            ImportCounts(new: 1, duplicate: 2))
    }

    /// A team database's writer sends each chunk's insert and goes on; a statement run meanwhile
    /// (an exchange rate looked up for the next rows) takes that chunk's result first, and the
    /// writer still counts it. 25,000 rows: three chunks of 10,000.
    func testAStatementRunBetweenChunksLeavesTheirCountsWhole() throws {
        let counts = try store.write {
            try store.withInsertTriggersInBulk { () throws -> ImportCounts in
                let id = try store.beginImportBatch(file: "big.csv", rules: "card.rules", reportID: nil)
                let writer = try store.importWriter(batch: id, rowsPerCall: 10_000)
                for row in 1...25_000 {
                    try writer.append(expense(Int64(row)), line: row + 1, fingerprint: .contentKey(Int64(row)))
                    if row % 5_000 == 1 { XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM categories WHERE code = 'meals'"), 1) }
                }
                // A duplicate of the first row, in the last chunk.
                try writer.append(expense(1), line: 25_002, fingerprint: .contentKey(1))
                _ = try writer.insertedIDs()
                return ImportCounts(new: writer.newRows, duplicate: writer.duplicateRows)
            }.result
        }
        XCTAssertEqual(counts, ImportCounts(new: 25_000, duplicate: 1))
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 25_000)
    }

    /// The lookups of the SQLite writer's duplicate probe are searches of the unique indexes.
    func testTheDuplicateProbeSearchesTheUniqueIndexes() throws {
        let db = try Store(path: path("probe.sqlite"), now: { "2026-03-10T09:00:00Z" }).db
        let plans = try [
            (ImportDuplicateProbe.byExternalIDSQL, [DatabaseValue.text("T-1")]),
            (ImportDuplicateProbe.byContentKeySQL, [.text("2026-03-02"), .integer(1)]),
        ].map { sql, arguments in
            try db.query("EXPLAIN QUERY PLAN " + sql, arguments) { $0.string(3) }
        }
        XCTAssertEqual(
            plans,
            [
                ["SEARCH expenses USING COVERING INDEX expenses_by_external_id (external_id=?)"],
                ["SEARCH expenses USING COVERING INDEX expenses_by_date_and_import_key (date=? AND import_key=?)"],
            ])
    }

    /// Texts reach the table byte for byte, each in its own row, across statements and sizes:
    /// the SQLite writer keeps them in one buffer it reuses, and hands SQLite pointers into it.
    func testTheWriterStoresEachTextExactly() throws {
        var merchants = [
            "", "Caf\u{E9} \u{2615}\u{FE0F}", "e\u{301}", "\u{202E}gnp.exe", "a\r\nb", String(repeating: "x", count: 100_000),
            "'; DROP TABLE expenses; --",
        ]
        // A server refuses a NUL in text; a file keeps it, the text going on after it.
        if !ServerStore.isSelected { merchants.append("A\u{0}B") }
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        try store.write {
            _ = try store.withInsertTriggersInBulk {
                let id = try store.beginImportBatch(file: "statement.csv", rules: "card.rules", reportID: report.id)
                let writer = try store.importWriter(batch: id, rowsPerStatement: 3)
                for (index, merchant) in merchants.enumerated() {
                    try writer.append(
                        expense(Int64(100 + index), report: report, merchant: merchant), line: index + 2,
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
                    let conversion = Expense.Conversion(
                        rate: rate, rateDate: day, source: .table, converted: Money(minorUnits: 50, currency: eur))
                    try writer.append(
                        Expense(date: day, category: "meals", amount: Money(minorUnits: 100, currency: usd), conversion: conversion),
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
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let indexes = try store.db.query(
            """
            SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'expenses' AND sql IS NOT NULL ORDER BY name
            """
        ) { $0.string(0) }
        XCTAssertEqual(
            indexes,
            ["expenses_by_date_and_amount", "expenses_by_date_and_import_key", "expenses_by_external_id", "expenses_by_report_and_date"])
        let plan = try store.db.query("EXPLAIN QUERY PLAN SELECT id FROM expenses WHERE date >= '2026-03-01' AND date <= '2026-03-31'") {
            $0.string(3)
        }
        // Either index the day leads (the import's, or receipt matching's) serves a range of days.
        XCTAssertTrue(plan.joined().contains(" (date>? AND date<?)"), "\(plan)")
        // Rows without a content key (entered by hand, or known by an external id) never conflict on one date.
        let batch = try importBatch([(100, .externalID("A")), (100, .externalID("B")), (100, .contentKey(5)), (100, .contentKey(5))])
        XCTAssertEqual(batch.batch.counts, ImportCounts(new: 3, duplicate: 1))
    }

    /// An import fills one report; rows written in bulk into several, and rows in none, are
    /// counted each in its own report all the same.
}
