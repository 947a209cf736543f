import ExpenseCore
@testable import ExpenseStore
import Foundation
import ExpenseTestSupport
import CSQLite
import XCTest
@testable import ExpenseSupport

final class StoreTests: TemporaryDatabaseTestCase {
    /// A clock that ticks one second per reading, so that stamps are exact and distinct.
    private final class Clock: @unchecked Sendable {
        private var seconds = 0
        private let lock = NSLock()
        func now() -> String {
            lock.lock()
            defer { lock.unlock() }
            seconds += 1
            return "2026-03-02T10:00:\(seconds < 10 ? "0" : "")\(seconds)Z"
        }
    }

    private struct Abort: Error {}

    /// A repeatable pseudo-random sequence (a 64-bit LCG), so a failure can be replayed.
    private struct SeededRandom {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private var clock: Clock!
    private var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        clock = Clock()
        let clock = clock!
        // On a file, or a team database (`ServerStore`) as ana.
        store = ServerStore.isSelected ? try ServerStore.open(as: "ana", now: { clock.now() }) : try Store(path: path(), now: { clock.now() })
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    // MARK: - Helpers

    private func currency(_ code: String) throws -> Currency { try CurrencyTable.standard.require(code) }
    private func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    private func money(_ text: String, _ code: String) throws -> Money { try Money.parse(text, currency: try currency(code)) }

    private func newReport(_ title: String = "Walldorf workshop", currency code: String = "EUR", from: String? = "2026-03-02",
                           to: String? = "2026-03-06") throws -> Report {
        try store.insertReport(Report(id: 0, title: title, purpose: "Customer workshop", destination: "Walldorf",
                                      startDate: try from.map(date), endDate: try to.map(date),
                                      currency: try currency(code), owner: "ana"))
    }

    /// An item of `amount` in `code`, in `report` (converted at `rate`) or unassigned.
    private func newExpense(_ amount: String, _ code: String = "EUR", in report: Report? = nil, rate: String? = nil,
                            on day: String = "2026-03-03", category: String = "meals",
                            paidBy: PaidBy = .personal) throws -> Expense {
        var item = Expense(reportID: report?.id, date: try date(day), category: category, merchant: "Bahnhof Buffet",
                           amount: try money(amount, code), paidBy: paidBy)
        if let report {
            item.conversion = try Expense.Conversion.of(item.amount, on: item.date, into: report.currency,
                                                        manualRate: try rate.map(ExchangeRate.parse), rates: nil)
        }
        return try store.insertExpense(item)
    }

    private func counts(_ report: Report) throws -> (items: Int, total: Int64) {
        let fresh = try store.report(report.id)
        return (fresh.itemCount, fresh.total.minorUnits)
    }

    /// Checks that every report's kept count and total equal what its items add up to.
    private func assertTotalsMatchItems(file: StaticString = #filePath, line: UInt = #line) throws {
        let mismatches = try store.db.query("""
            SELECT r.id, r.item_count, r.total_minor, count(e.id), coalesce(sum(e.converted_minor), 0)
            FROM reports r LEFT JOIN expenses e ON e.report_id = r.id
            GROUP BY r.id
            HAVING r.item_count <> count(e.id) OR r.total_minor <> coalesce(sum(e.converted_minor), 0)
            """) { "report \($0.int(0)): kept \($0.int(1)) items / \($0.int(2)), actual \($0.int(3)) / \($0.int(4))" }
        XCTAssertEqual(mismatches, [], file: file, line: line)
    }

    // MARK: - Opening

    func testAStoreOnATextFileIsRefusedWithAClearError() throws {
        let text = path("receipts.txt")
        try Data(String(repeating: "not a database\n", count: 64).utf8).write(to: URL(fileURLWithPath: text))
        assertExpenseError(try Store(path: text, now: { "now" }), kind: .invalidData,
                           messageContains: "\(text) is not an SQLite database", code: .notAnSQLiteDatabase)
    }

    func testOpeningTwiceDoesNotDuplicateTheDefaultCategories() throws {
        _ = try Store(path: path(), now: { "again" })
        XCTAssertEqual(try store.categories().count, Category.defaults.count)
    }

    // MARK: - Reports

    func testInsertsAndReadsAReport() throws {
        let report = try newReport()
        XCTAssertGreaterThan(report.id, 0)
        XCTAssertEqual(report.title, "Walldorf workshop")
        XCTAssertEqual(report.purpose, "Customer workshop")
        XCTAssertEqual(report.destination, "Walldorf")
        XCTAssertEqual(report.startDate, try date("2026-03-02"))
        XCTAssertEqual(report.endDate, try date("2026-03-06"))
        XCTAssertEqual(report.currency, try currency("EUR"))
        XCTAssertEqual(report.status, .draft)
        XCTAssertEqual(report.owner, "ana")
        XCTAssertEqual(report.createdAt, "2026-03-02T10:00:02Z")    // :01 went to the migration
        XCTAssertEqual(report.updatedAt, report.createdAt)
        XCTAssertEqual(report.itemCount, 0)
        XCTAssertEqual(report.total, Money(minorUnits: 0, currency: try currency("EUR")))
        XCTAssertEqual(try store.report(report.id), report)
    }

    func testAReportWithoutDatesAndInAThreeDigitCurrency() throws {
        let report = try newReport("Manama", currency: "BHD", from: nil, to: nil)
        let read = try store.report(report.id)
        XCTAssertNil(read.startDate)
        XCTAssertNil(read.endDate)
        XCTAssertEqual(read.currency.minorDigits, 3)
        XCTAssertEqual(read.total.currency.code, "BHD")
    }

    func testAnInvalidReportIsNotInserted() throws {
        assertExpenseError(try newReport(from: "2026-03-06", to: "2026-03-02"), kind: .invalidData, messageContains: "ends")
        assertExpenseError(try newReport(" "), kind: .invalidData, messageContains: "title")
        XCTAssertEqual(try store.reportCount(), 0)
        XCTAssertNil(try store.latestReportID())
    }

    func testUnknownIDsAreErrors() throws {
        assertExpenseError(try store.report(99), kind: .notFound, messageContains: "unknown report 99",
                           code: .unknownReport(99))
        assertExpenseError(try store.expense(99), kind: .notFound, messageContains: "unknown expense 99",
                           code: .unknownExpense(99))
        let report = try newReport()
        try store.deleteReport(report.id, deletingItems: true)
        assertExpenseError(try store.report(report.id), kind: .notFound, messageContains: "unknown report \(report.id)")
    }

    func testListsOpenReportsFirstThenTheLatestTripFirst() throws {
        let january = try newReport("January", from: "2026-01-10", to: nil)
        let march = try newReport("March", from: "2026-03-01", to: nil)
        let undated = try newReport("Undated", from: nil, to: nil)
        let paid = try newReport("Paid", from: "2026-02-01", to: nil)
        let marchToo = try newReport("March too", from: "2026-03-01", to: nil)
        _ = try newExpense("1.00", in: paid)
        try store.apply(.submit, to: paid.id, by: "ana")
        try store.apply(.approve, to: paid.id, by: "ben")
        try store.apply(.reimburse, to: paid.id, by: "ben", reason: "PAY-1")

        let expected = [marchToo, march, january, undated, paid].map(\.id)
        XCTAssertEqual(try store.reports(limit: nil).map(\.id), expected)
        XCTAssertEqual(try store.reports(limit: 2).map(\.id), Array(expected.prefix(2)))
        XCTAssertEqual(try store.reports(limit: 2, offset: 1).map(\.id), Array(expected[1...2]))
        XCTAssertEqual(try store.reports(limit: nil, offset: 4).map(\.id), [paid.id])
        XCTAssertEqual(try store.report(paid.id).status, .reimbursed)
        XCTAssertEqual(try store.reportCount(), 5)
        XCTAssertEqual(try store.latestReportID(), marchToo.id)
    }

    func testUpdatesTheHeaderButNotTheStatusOrStamps() throws {
        var report = try newReport()
        report.title = "Walldorf workshop, March"
        report.purpose = "Kick-off"
        report.destination = "Walldorf / Heidelberg"
        report.startDate = try date("2026-03-03")
        report.endDate = nil
        report.currency = try currency("CHF")
        report.status = .approved
        try store.updateReport(report)

        let read = try store.report(report.id)
        XCTAssertEqual(read.title, "Walldorf workshop, March")
        XCTAssertEqual(read.purpose, "Kick-off")
        XCTAssertEqual(read.destination, "Walldorf / Heidelberg")
        XCTAssertEqual(read.startDate, try date("2026-03-03"))
        XCTAssertNil(read.endDate)
        XCTAssertEqual(read.currency.code, "CHF")
        XCTAssertEqual(read.status, .draft, "updateReport saved the status")
        XCTAssertEqual(read.createdAt, report.createdAt)
        XCTAssertGreaterThan(read.updatedAt, report.createdAt)
    }

    func testAnInvalidUpdateChangesNothing() throws {
        var report = try newReport()
        report.endDate = try date("2026-03-01")
        assertExpenseError(try store.updateReport(report), kind: .invalidData)
        XCTAssertEqual(try store.report(report.id).endDate, try date("2026-03-06"))
    }

    // MARK: - Expenses

    func testAnExpenseRoundTripsEveryField() throws {
        let report = try newReport()
        let item = Expense(reportID: report.id, date: try date("2026-03-04"), category: "meals", merchant: "Café Zürich",
                           description: "Lunch with the team — 4 people", amount: try money("38.50", "CHF"),
                           conversion: Expense.Conversion(rate: try ExchangeRate.parse("1.0412"), rateDate: try date("2026-03-03"),
                                                          source: .table, converted: try money("40.09", "EUR")),
                           paidBy: .company)
        let inserted = try store.insertExpense(item)
        XCTAssertGreaterThan(inserted.id, 0)
        var expected = item
        expected.id = inserted.id
        XCTAssertEqual(inserted, expected)
        XCTAssertEqual(try store.expense(inserted.id), expected)
        XCTAssertEqual(try store.db.queryFirst("SELECT rate, created_at = updated_at FROM expenses WHERE id = ?",
                                               [.integer(inserted.id)]) { "\($0.string(0)) \($0.int(1))" },
                       "1.0412 1", "the rate is stored exactly as text")
    }

    func testAnUnassignedExpenseHasNoConversion() throws {
        let item = try newExpense("-12.00", "GBP", on: "2026-03-05", category: "taxi")
        XCTAssertNil(item.reportID)
        XCTAssertNil(item.conversion)
        XCTAssertEqual(item.amount, try money("-12.00", "GBP"))
        XCTAssertEqual(item.paidBy, .personal)
        XCTAssertEqual(try store.expense(item.id), item)
    }

    func testListsExpensesByReportOrUnassignedInDateOrder() throws {
        let walldorf = try newReport("Walldorf")
        let basel = try newReport("Basel", currency: "CHF")
        let w2 = try newExpense("20.00", in: walldorf, on: "2026-03-05")
        let w1 = try newExpense("10.00", in: walldorf, on: "2026-03-03")
        let w3 = try newExpense("30.00", in: walldorf, on: "2026-03-05")
        let b1 = try newExpense("5.00", "CHF", in: basel, on: "2026-03-01")
        let u1 = try newExpense("7.00", on: "2026-03-09")
        let u2 = try newExpense("8.00", "USD", on: "2026-02-01")

        XCTAssertEqual(try store.expenses(.report(walldorf.id)).map(\.id), [w1, w2, w3].map(\.id))
        XCTAssertEqual(try store.expenses(.report(basel.id)).map(\.id), [b1.id])
        XCTAssertEqual(try store.expenses(.unassigned).map(\.id), [u2, u1].map(\.id))
        XCTAssertEqual(try store.expenses(.all).map(\.id), [u2, b1, w1, w2, w3, u1].map(\.id))
        XCTAssertEqual(try store.expenses(.all, limit: 2).map(\.id), [u2, b1].map(\.id))
        XCTAssertEqual(try store.expenses(.report(walldorf.id), limit: 1).map(\.id), [w1.id])
        XCTAssertEqual(try store.expenses(.report(9999)), [])
        // Converted amounts come back in their report's currency.
        XCTAssertEqual(try store.expenses(.report(basel.id)).first?.conversion?.converted, try money("5.00", "CHF"))
        XCTAssertEqual(try store.expenses(.all).first { $0.id == w3.id }?.conversion?.converted, try money("30.00", "EUR"))
    }

    func testAZeroExpenseIsRefusedBeforeSQL() throws {
        assertExpenseError(try newExpense("0.00"), kind: .invalidData, messageContains: "cannot be 0")
        var item = try newExpense("1.00")
        item.amount.minorUnits = 0
        assertExpenseError(try store.updateExpense(item), kind: .invalidData)
        XCTAssertEqual(try store.expense(item.id).amount.minorUnits, 100)
    }

    func testAnItemInAReportNeedsItsConvertedValue() throws {
        let report = try newReport()
        let item = Expense(reportID: report.id, date: try date("2026-03-03"), category: "meals", amount: try money("1.00", "EUR"))
        assertDatabaseError(try store.insertExpense(item), resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try counts(report).items, 0)
    }

    func testAnItemMustHaveAKnownCategoryAndReport() throws {
        let unknownCategory = Expense(date: try date("2026-03-03"), category: "yacht", amount: try money("1.00", "EUR"))
        XCTAssertEqual(assertDatabaseError(try store.insertExpense(unknownCategory), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode,
                       SQLITE_CONSTRAINT_FOREIGNKEY)
        var unknownReport = Expense(reportID: 42, date: try date("2026-03-03"), category: "meals", amount: try money("1.00", "EUR"))
        unknownReport.conversion = try Expense.Conversion.of(unknownReport.amount, on: unknownReport.date,
                                                             into: try currency("EUR"), manualRate: nil, rates: nil)
        XCTAssertEqual(assertDatabaseError(try store.insertExpense(unknownReport), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, SQLITE_CONSTRAINT_FOREIGNKEY)
        XCTAssertEqual(try store.expenses(.all), [])
    }

    // MARK: - Kept counts and totals

    func testCountsAndTotalsFollowInsertMoveChangeAndDelete() throws {
        let a = try newReport("A")
        let b = try newReport("B", currency: "USD")
        var i1 = try newExpense("10.00", in: a)
        var i2 = try newExpense("20.00", in: a)
        var i3 = try newExpense("30.00", in: a)
        var loose = try newExpense("4.00")
        XCTAssertEqual(try counts(a).items, 3)
        XCTAssertEqual(try counts(a).total, 6000)
        XCTAssertEqual(try counts(b).items, 0)
        try assertTotalsMatchItems()

        // Move i2 from A to B, converted into USD.
        i2.reportID = b.id
        i2.conversion = try Expense.Conversion.of(i2.amount, on: i2.date, into: b.currency,
                                                  manualRate: try ExchangeRate.parse("1.1"), rates: nil)
        try store.updateExpense(i2)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 4000)
        XCTAssertEqual(try counts(b).items, 1)
        XCTAssertEqual(try counts(b).total, 2200)
        XCTAssertEqual(try store.report(b.id).total, try money("22.00", "USD"))
        try assertTotalsMatchItems()

        // Change i1's amount.
        i1.amount = try money("15.00", "EUR")
        i1.conversion?.converted = i1.amount
        try store.updateExpense(i1)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 4500)
        try assertTotalsMatchItems()

        // Change only the merchant: nothing moves.
        i1.merchant = "Elsewhere"
        try store.updateExpense(i1)
        XCTAssertEqual(try counts(a).total, 4500)
        try assertTotalsMatchItems()

        // Take i3 out of A.
        i3.reportID = nil
        i3.conversion = nil
        try store.updateExpense(i3)
        XCTAssertEqual(try counts(a).items, 1)
        XCTAssertEqual(try counts(a).total, 1500)
        try assertTotalsMatchItems()

        // Put the loose item into A.
        loose.reportID = a.id
        loose.conversion = try Expense.Conversion.of(loose.amount, on: loose.date, into: a.currency, manualRate: nil, rates: nil)
        try store.updateExpense(loose)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 1900)
        try assertTotalsMatchItems()

        // Delete.
        try store.deleteExpense(i1.id)
        try store.deleteExpense(i2.id)
        XCTAssertEqual(try counts(a).items, 1)
        XCTAssertEqual(try counts(a).total, 400)
        XCTAssertEqual(try counts(b).items, 0)
        XCTAssertEqual(try counts(b).total, 0)
        try store.deleteExpense(i3.id)   // unassigned: no report changes
        XCTAssertEqual(try counts(a).items, 1)
        try assertTotalsMatchItems()
    }

    func testCountsAndTotalsStayRightOverManyRandomChanges() throws {
        let reports = try ["A", "B", "C"].map { try newReport($0, currency: $0 == "C" ? "JPY" : "EUR") }
        var random = SeededRandom(seed: 2026)
        func anyReport() -> Report? { random.next(4) < 3 ? reports[random.next(3)] : nil }
        func rate(into report: Report?) -> String? {
            guard let report, report.currency.code != "EUR" else { return nil }   // the items are in EUR
            return "162.5"
        }
        var ids: [Int64] = []
        for step in 0..<300 {
            switch ids.isEmpty ? 0 : random.next(4) {
            case 0:
                let target = anyReport()
                ids.append(try newExpense("\(random.next(500) + 1).\(random.next(90) + 10)", in: target,
                                          rate: rate(into: target)).id)
            case 1:
                var item = try store.expense(ids[random.next(ids.count)])
                let target = anyReport(), amount = item.amount, day = item.date
                let conversion = try target.map {
                    try Expense.Conversion.of(amount, on: day, into: $0.currency,
                                              manualRate: try rate(into: $0).map(ExchangeRate.parse), rates: nil)
                }
                item.reportID = target?.id
                item.conversion = conversion
                try store.updateExpense(item)
            case 2:
                var item = try store.expense(ids[random.next(ids.count)])
                item.amount.minorUnits = Int64(random.next(100_000) + 1)
                if let conversion = item.conversion {
                    item.conversion?.converted = try conversion.rate.convert(item.amount, to: conversion.converted.currency)
                }
                try store.updateExpense(item)
            default:
                try store.deleteExpense(ids.remove(at: random.next(ids.count)))
            }
            if step % 25 == 0 { try assertTotalsMatchItems() }
        }
        try assertTotalsMatchItems()
        let assigned = try store.expenses(.all).filter { $0.reportID != nil }.count
        XCTAssertGreaterThan(assigned, 0)
        XCTAssertEqual(try reports.map { try counts($0).items }.reduce(0, +), assigned)
        XCTAssertEqual(try store.expenses(.all).count, ids.count)
    }

    // MARK: - SQL-level checks

    private func insertReportSQL(status: String = "draft", start: String? = nil, end: String? = nil,
                                 currency: String = "EUR", title: String = "t", owner: String = "ana") throws {
        try store.db.execute("""
            INSERT INTO reports (title, start_date, end_date, currency, status, owner, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'now', 'now')
            """, [.text(title), DatabaseValue(start), DatabaseValue(end), .text(currency), .text(status), .text(owner)])
    }

    private func insertExpenseSQL(amount: Int64 = 100, date: String = "2026-03-03", currency: String = "EUR",
                                  paidBy: String = "personal", category: String = "meals") throws {
        try store.db.execute("""
            INSERT INTO expenses (date, category, amount_minor, currency, paid_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, 'now', 'now')
            """, [.text(date), .text(category), .integer(amount), .text(currency), .text(paidBy)])
    }

    func testTheSchemaRefusesBadReportsEvenWithoutTheApp() throws {
        try insertReportSQL()   // the baseline passes
        let checkFailed = SQLITE_CONSTRAINT_CHECK
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(status: "pending"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(start: "2026-03-06", end: "2026-03-05"), resultCode: SQLITE_CONSTRAINT)?
                        .extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(start: "2 March 2026"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(currency: "eur"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(title: "   "), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(owner: ""), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(try store.reportCount(), 1)
        // A status change to something unknown is refused too.
        assertDatabaseError(try store.db.execute("UPDATE reports SET status = 'lost'"), resultCode: SQLITE_CONSTRAINT)
    }

    func testTheSchemaRefusesBadExpensesEvenWithoutTheApp() throws {
        try insertExpenseSQL()
        let checkFailed = SQLITE_CONSTRAINT_CHECK
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(amount: 0), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(date: "2026-3-3"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(date: "03/03/2026"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(currency: "EURO"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(paidBy: "boss"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(category: "yacht"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, SQLITE_CONSTRAINT_FOREIGNKEY)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 1)
    }

    func testTheSchemaRefusesADayThatDoesNotExist() throws {
        // SQLite 3.40's date('2026-02-30') is '2026-02-30'; the schema's check must still refuse it.
        assertDatabaseError(try insertReportSQL(start: "2026-02-30"), resultCode: SQLITE_CONSTRAINT)
        assertDatabaseError(try insertExpenseSQL(date: "2026-02-30"), resultCode: SQLITE_CONSTRAINT)
    }

    func testAReportWithItemsCannotBeDeletedBehindTheStoresBack() throws {
        let report = try newReport()
        _ = try newExpense("1.00", in: report)
        assertDatabaseError(try store.db.execute("DELETE FROM reports WHERE id = ?", [.integer(report.id)]), resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try counts(report).items, 1)
    }

    // MARK: - Deleting reports

    func testDeletingAReportCanKeepItsItemsUnassigned() throws {
        let trip = try newReport("Trip")
        let other = try newReport("Other")
        let i1 = try newExpense("38.50", "CHF", in: trip, rate: "1.0412")
        let i2 = try newExpense("12.00", in: trip)
        let kept = try newExpense("3.00", in: other)

        XCTAssertEqual(try store.deleteReport(trip.id, deletingItems: false), 2)
        assertExpenseError(try store.report(trip.id), kind: .notFound)
        let loose = try store.expenses(.unassigned)
        XCTAssertEqual(loose.map(\.id), [i1.id, i2.id])
        XCTAssertEqual(loose.map(\.amount), [i1.amount, i2.amount], "the original amounts are kept")
        XCTAssertEqual(loose.map(\.conversion), [nil, nil])
        XCTAssertEqual(loose.map(\.reportID), [nil, nil])
        XCTAssertEqual(try store.expenses(.report(other.id)), [kept])
        XCTAssertEqual(try counts(other).items, 1)
        try assertTotalsMatchItems()
    }

    func testDeletingAReportCanDeleteItsItems() throws {
        let trip = try newReport("Trip")
        let other = try newReport("Other")
        _ = try newExpense("38.50", "CHF", in: trip, rate: "1.0412")
        _ = try newExpense("12.00", in: trip)
        let loose = try newExpense("1.00")
        let kept = try newExpense("3.00", in: other)

        XCTAssertEqual(try store.deleteReport(trip.id, deletingItems: true), 2)
        XCTAssertEqual(try store.expenses(.all).map(\.id), [loose.id, kept.id])
        XCTAssertEqual(try store.reportCount(), 1)
        XCTAssertEqual(try counts(other).total, 300)
    }

    func testAnEmptyReportDeletesWithNoItems() throws {
        let report = try newReport()
        XCTAssertEqual(try store.deleteReport(report.id, deletingItems: false), 0)
        XCTAssertEqual(try store.reportCount(), 0)
    }

    // MARK: - Writes

    func testAWriteThatThrowsLeavesNothing() throws {
        XCTAssertThrowsError(try store.write {
            let report = try newReport()
            _ = try newExpense("5.00", in: report)
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }
        XCTAssertEqual(try store.reportCount(), 0)
        XCTAssertEqual(try store.expenses(.all), [])
        XCTAssertFalse(store.db.isInsideTransaction)
    }

    func testAWriteCommits() throws {
        let id = try store.write { try newReport().id }
        XCTAssertEqual(try Store(path: path(), now: { "x" }).report(id).title, "Walldorf workshop")
    }

    // MARK: - Categories

    func testCategoriesComeInTheirConfiguredOrder() throws {
        let categories = try store.categories()
        XCTAssertEqual(categories, Category.defaults)
    }

    func testCategoryLookupIsCaseInsensitiveAndSuggestsTheClosest() throws {
        XCTAssertEqual(try store.category("meals").name, "Meals")
        XCTAssertEqual(try store.category("LODGING").code, "lodging")
        XCTAssertEqual(try store.category("Meals").dailyLimit, try money("80.00", "EUR"))
        assertExpenseError(try store.category("meels"), kind: .invalidData, messageContains: "unknown category 'meels'",
                           code: .unknownCategory("meels", suggestion: "meals"))
        assertExpenseError(try store.category("Taxxi"), kind: .invalidData, code: .unknownCategory("Taxxi", suggestion: "taxi"))
        assertExpenseError(try store.category("xylophone"), kind: .invalidData, code: .unknownCategory("xylophone", suggestion: nil))
    }

    func testACategoryAddedToTheDatabaseIsFound() throws {
        try store.db.execute("""
            INSERT INTO categories (code, name, receipt_required_above, daily_limit, currency, position)
            VALUES ('training', 'Training', 10000, NULL, 'CHF', 100)
            """)
        let training = try store.category("training")
        XCTAssertEqual(training.receiptRequiredAbove, try money("100.00", "CHF"))
        XCTAssertEqual(try store.categories().last?.code, "training")
    }

    // MARK: - Two connections

    func testTwoStoresOnOneFileBothWrite() throws {
        let other = try Store(path: path(), now: { "other" })
        let first = try store.write { try newReport("From the first").id }
        let second = try other.write {
            try other.insertReport(Report(id: 0, title: "From the second", currency: try currency("JPY"), owner: "ben")).id
        }
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try store.reports(limit: nil).map(\.title).sorted(), ["From the first", "From the second"])
        XCTAssertEqual(try other.reports(limit: nil).map(\.title).sorted(), ["From the first", "From the second"])
        XCTAssertEqual(try store.report(second).owner, "ben")
    }

    func testASecondWriterWaitsForTheFirstInsteadOfFailing() throws {
        /// Hands a Store to another thread; each Store is used by one thread at a time here.
        final class Handoff: @unchecked Sendable {
            let store: Store
            var error: Error?
            init(_ store: Store) { self.store = store }
        }
        let first = Handoff(try Store(path: path(), now: { "first" }))
        let second = try Store(path: path(), now: { "second" })
        let insideTransaction = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let eur = try currency("EUR")

        Thread.detachNewThread {
            do {
                try first.store.write {
                    _ = try first.store.insertReport(Report(id: 0, title: "slow writer", currency: eur, owner: "ana"))
                    insideTransaction.signal()
                    Thread.sleep(forTimeInterval: 0.3)   // hold the write lock
                }
            } catch {
                first.error = error
            }
            finished.signal()
        }
        XCTAssertEqual(insideTransaction.wait(timeout: .now() + 10), .success)
        let started = Date()
        // Read, then write, as commands do: with a deferred transaction the read would pin a snapshot that
        // the first writer's commit makes stale, and the write would fail with SQLITE_BUSY_SNAPSHOT.
        var seenBefore = -1
        let id = try second.write {
            seenBefore = try second.reportCount()
            return try second.insertReport(Report(id: 0, title: "patient writer", currency: eur, owner: "ben")).id
        }
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.1, "the second writer did not wait for the lock")
        XCTAssertEqual(seenBefore, 1, "the second writer read before the first one committed")
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertNil(first.error)
        XCTAssertEqual(try second.report(id).title, "patient writer")
        XCTAssertEqual(try store.reports(limit: nil).map(\.title).sorted(), ["patient writer", "slow writer"])
    }

    func testACurrencyNoLongerInTheTableStillReads() throws {
        try insertReportSQL(currency: "XYZ")
        let report = try XCTUnwrap(try store.reports(limit: nil).first)
        XCTAssertEqual(report.currency.code, "XYZ")
        XCTAssertEqual(report.currency.minorDigits, 2)
    }
}

extension StoreTests {
    func testDuplicateCandidatesAreTheOwnersOtherItemsOfTheSameDateAmountAndCurrency() throws {
        let trip = try newReport(), other = try newReport("Other trip")
        let mine = [try newExpense("12.00", in: trip), try newExpense("30.00", in: trip, on: "2026-03-04")]
        let sameInOther = try newExpense("12.00", in: other)
        let unassigned = try newExpense("30.00", on: "2026-03-04")
        _ = try newExpense("12.01", in: other)                       // another amount
        _ = try newExpense("12.00", "CHF", in: other, rate: "1.05")  // another currency
        _ = try newExpense("12.00", in: other, on: "2026-03-05")     // another day
        let bobs = try store.insertReport(Report(id: 0, title: "Bob's", currency: try currency("EUR"), owner: "bob"))
        _ = try newExpense("12.00", in: bobs)                        // another owner's
        XCTAssertEqual(try store.duplicateCandidates(of: mine, in: trip).map(\.id), [sameInOther.id, unassigned.id])
        XCTAssertEqual(try store.duplicateCandidates(of: [], in: trip), [])
    }
}
