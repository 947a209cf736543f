import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

extension StoreTests {
    // MARK: - Expenses

    func testAnExpenseRoundTripsEveryField() throws {
        let report = try newReport()
        let item = Expense(
            reportID: report.id, date: try date("2026-03-04"), category: "meals", merchant: "Café Zürich",
            description: "Lunch with the team — 4 people", amount: try money("38.50", "CHF"),
            conversion: Expense.Conversion(
                rate: try ExchangeRate.parse("1.0412"), rateDate: try date("2026-03-03"),
                source: .manual, converted: try money("40.09", "EUR")),
            paidBy: .company)
        let inserted = try store.insertExpense(item)
        XCTAssertGreaterThan(inserted.id, 0)
        var expected = item
        expected.id = inserted.id
        XCTAssertEqual(inserted, expected)
        XCTAssertEqual(try store.expense(inserted.id), expected)
        XCTAssertEqual(
            try store.db.queryFirst(
                "SELECT rate, created_at = updated_at FROM expenses WHERE id = ?",
                [.integer(inserted.id)]
            ) { "\($0.string(0)) \($0.int(1))" },
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
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let unknownCategory = Expense(date: try date("2026-03-03"), category: "yacht", amount: try money("1.00", "EUR"))
        XCTAssertEqual(
            assertDatabaseError(try store.insertExpense(unknownCategory), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode,
            SQLITE_CONSTRAINT_FOREIGNKEY)
        var unknownReport = Expense(reportID: 42, date: try date("2026-03-03"), category: "meals", amount: try money("1.00", "EUR"))
        unknownReport.conversion = try Expense.Conversion.of(
            unknownReport.amount, on: unknownReport.date,
            into: try currency("EUR"), manualRate: nil, rates: nil)
        XCTAssertEqual(
            assertDatabaseError(try store.insertExpense(unknownReport), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode,
            SQLITE_CONSTRAINT_FOREIGNKEY)
        XCTAssertEqual(try store.expenses(.all), [])
    }

    // MARK: - Duplicate candidates

    func testDuplicateCandidatesAreTheOwnersOtherItemsOfTheSameDateAmountAndCurrency() throws {
        try fileOnly(
            because:
                "who one is comes from the connection, never --user or EXPENSES_USER (TeamDatabaseTests.testTheServerSaysWhoYouAre); a traveller sees no one else's draft at all: unknown (66), not someone else's (77), and writes no row naming another person"
        )
        let trip = try newReport()
        let other = try newReport("Other trip")
        let mine = [try newExpense("12.00", in: trip), try newExpense("30.00", in: trip, on: "2026-03-04")]
        let sameInOther = try newExpense("12.00", in: other)
        let unassigned = try newExpense("30.00", on: "2026-03-04")
        _ = try newExpense("12.01", in: other)  // another amount
        _ = try newExpense("12.00", "CHF", in: other, rate: "1.05")  // another currency
        _ = try newExpense("12.00", in: other, on: "2026-03-05")  // another day
        let bobs = try store.insertReport(Report(id: 0, title: "Bob's", currency: try currency("EUR"), owner: "bob"))
        _ = try newExpense("12.00", in: bobs)  // another owner's
        XCTAssertEqual(try store.duplicateCandidates(of: mine, in: trip).map(\.id), [sameInOther.id, unassigned.id])
        XCTAssertEqual(try store.duplicateCandidates(of: [], in: trip), [])
    }
}
