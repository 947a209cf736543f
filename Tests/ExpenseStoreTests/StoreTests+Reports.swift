import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

extension StoreTests {
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
        XCTAssertEqual(report.createdAt, "2026-03-02T10:00:02Z")  // :01 went to the migration
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
        assertExpenseError(
            try store.report(99), kind: .notFound, messageContains: "unknown report 99",
            code: .unknownReport(99))
        assertExpenseError(
            try store.expense(99), kind: .notFound, messageContains: "unknown expense 99",
            code: .unknownExpense(99))
        let report = try newReport()
        try store.deleteReport(report.id, deletingItems: true)
        assertExpenseError(try store.report(report.id), kind: .notFound, messageContains: "unknown report \(report.id)")
    }

    func testListsOpenReportsFirstThenTheLatestTripFirst() throws {
        try fileOnly(
            because:
                "who one is comes from the connection, never --user or EXPENSES_USER (TeamDatabaseTests.testTheServerSaysWhoYouAre); a traveller sees no one else's draft at all: unknown (66), not someone else's (77), and writes no row naming another person"
        )
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
}
