import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// An item's VAT (issue 41), on a file and on a team database alike: stored by rate, read back
/// with every read of the item, checked against the rate table for its country and day, and
/// frozen with it.
extension StoreTests {
    private func hotel(_ report: Report, _ vat: String?, on day: String = "2026-03-03") throws -> Expense {
        var item = Expense(
            reportID: report.id, date: try date(day), category: "lodging", merchant: "Hotel Adler", amount: try money("125.00", "EUR"))
        item.conversion = try Expense.Conversion.of(item.amount, on: item.date, into: report.currency, manualRate: nil, rates: nil)
        item.vat = try vat.map { try VATSplit.parse($0, amount: item.amount) }
        return item
    }

    func testAnItemsVATIsStoredByRateAndReadWithIt() throws {
        let report = try newReport()
        let added = try store.insertExpense(try hotel(report, "7:110.00,19:15.00"))
        let read = try store.expense(added.id)
        XCTAssertEqual(read.vat?.text, "7:110.00,19:15.00")
        XCTAssertEqual(read.vat?.parts.map(\.tax.minorUnits), [720, 239])
        XCTAssertEqual(try store.expenses(.report(report.id)).first?.vat, read.vat, "a report's items carry it")
        XCTAssertEqual(VATTotals(try store.expenses(.report(report.id))).lines.map(\.tax.minorUnits), [720, 239])

        var edited = read
        edited.vat = VATSplit(edited.amount, rate: try XCTUnwrap(VATRate(percent: "19")))
        try store.updateExpense(edited)
        XCTAssertEqual(try store.expense(added.id).vat?.text, "19")
        edited.vat = nil
        try store.updateExpense(edited)
        XCTAssertNil(try store.expense(added.id).vat)

        edited.vat = VATSplit(edited.amount, rate: try XCTUnwrap(VATRate(percent: "7")))
        try store.updateExpense(edited)
        try store.deleteExpense(added.id)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expense_vat" as SQL), 0, "its parts go with it")
    }

    func testARateTheCountryDoesNotChargeThatDayIsRefusedSayingWhichItDoes() throws {
        let report = try newReport(from: "2020-08-01", to: "2021-01-05")
        XCTAssertThrowsError(try store.insertExpense(try hotel(report, "19", on: "2020-08-03"))) { error in
            XCTAssertEqual(
                (error as? ExpenseError)?.message, "DE has no VAT rate of 19 % on 2020-08-03: its rates that day are 0 %, 5 %, 16 %")
        }
        XCTAssertEqual(try store.insertExpense(try hotel(report, "16", on: "2020-08-03")).vat?.text, "16")
        XCTAssertEqual(try store.insertExpense(try hotel(report, "19", on: "2021-01-04")).vat?.text, "19")
        // A stop in France from the 4th: France's rates, which the shipped table does not have.
        try store.setStop(
            TripPlace(country: try CountryCode.parse("FR")), on: try date("2021-01-04"), of: report.id,
            by: UserName(normalizing: report.owner))
        XCTAssertThrowsError(try store.insertExpense(try hotel(report, "19", on: "2021-01-05"))) { error in
            XCTAssertEqual(
                (error as? ExpenseError)?.message, "FR has no VAT rate of 19 % on 2021-01-05: the rate table has none of its rates that day"
            )
        }
    }

    func testAnAmountItsSplitNoLongerAddsUpToIsRefused() throws {
        let report = try newReport()
        var item = try store.insertExpense(try hotel(report, "7:110.00,19:15.00"))
        item.amount = try money("130.00", "EUR")
        item.conversion = try Expense.Conversion.of(item.amount, on: item.date, into: report.currency, manualRate: nil, rates: nil)
        XCTAssertThrowsError(try store.updateExpense(item)) { error in
            XCTAssertEqual(
                (error as? ExpenseError)?.message,
                "the VAT parts add up to 125.00 EUR, not the amount 130.00 EUR: they differ by 5.00 EUR")
        }
        XCTAssertEqual(try store.expense(item.id).amount, try money("125.00", "EUR"))
    }

    func testASubmittedItemKeepsItsVAT() throws {
        let report = try newReport()
        var item = try newExpense("1.19", in: report)
        item.vat = VATSplit(item.amount, rate: try XCTUnwrap(VATRate(percent: "19")))
        try store.updateExpense(item)
        try store.apply(.submit, to: report.id, by: "ana")
        item.vat = nil
        XCTAssertThrowsError(try store.updateExpense(item))
        XCTAssertEqual(try store.expense(item.id).vat?.text, "19")
    }
}
