import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseSupport

/// The postings a report books: net and input VAT by rate, per diems and mileage without VAT,
/// advances cleared, the payable balancing it with what `ReportTotals` says is due.
final class ReportPostingsTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!

    private func item(
        _ id: Int64, _ amount: String, _ code: String = "EUR", category: String = "lodging", rate: String? = nil,
        paidBy: PaidBy = .personal, vat: String? = nil
    ) throws -> Expense {
        let money = try Money.parse(amount, currency: try currency(code))
        let conversion = try Expense.Conversion.of(
            money, on: day, into: try currency("EUR"), manualRate: try rate.map(ExchangeRate.parse), rates: nil)
        return Expense(
            id: id, date: day, category: category, merchant: "Merchant \(id)", amount: money, conversion: conversion,
            paidBy: paidBy, vat: try vat.map { try VATSplit.parse($0, amount: money) })
    }

    private func report(_ currencyCode: String = "EUR") throws -> Report {
        Report(id: 7, title: "Hamburg fair", currency: try currency(currencyCode), status: .approved, owner: "alice")
    }

    private func amounts(_ entry: JournalEntry) -> [String: Int64] {
        entry.postings.reduce(into: [:]) { $0[$1.account.number, default: 0] += $1.amount.minorUnits }
    }

    func testAHotelBillSplitSevenAndNineteenPostsItsNetAndEachRatesInputVAT() throws {
        let items = [try item(1, "125.00", vat: "7:110.00,19:15.00")]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        let entry = try ReportPostings.costs(
            report: try report(), items: items, totals: totals, on: day, accounts: .shipped(.skr03))
        // 110.00 at 7 %: tax 7.20; 15.00 at 19 %: tax 2.39 (half-even once each).
        XCTAssertEqual(amounts(entry), ["4666": 11_541, "1571": 720, "1576": 239, "1740": -12_500])
        XCTAssertEqual(entry.postings.reduce(0) { $0 + $1.amount.minorUnits }, 0)
        XCTAssertEqual(entry.id, "R7")
        XCTAssertTrue(entry.postings.allSatisfy { $0.document.hasPrefix("R7") })
    }

    /// A cut item (issue 43) books its approved amount with its VAT scaled in proportion; a company
    /// card's cut item still clears the whole charge, and the cut comes off what is due.
    func testACutItemBooksItsApprovedAmountWithItsVATScaledAndTheCardClearsTheWholeCharge() throws {
        let eur = try currency("EUR")
        let items = [try item(1, "119.00", category: "rail", vat: "19"), try item(2, "30.00", category: "meals", paidBy: .company)]
        let cuts = [
            ItemCut(expenseID: 1, approved: Money(minorUnits: 5_950, currency: eur), reason: "first class is not paid"),
            ItemCut(expenseID: 2, approved: Money(minorUnits: 0, currency: eur), reason: "private dinner"),
        ]
        let totals = try ReportTotals(items: items, reportCurrency: eur, cuts: cuts)
        XCTAssertEqual(totals.dueToEmployee, Money(minorUnits: 2_950, currency: eur))
        let entry = try ReportPostings.costs(
            report: try report(), items: items, totals: totals, on: day, accounts: .shipped(.skr03), cuts: cuts)
        // Half of 119.00 at 19 %: net 50.00, tax 9.50; the dinner books nothing, the card clears 30.00.
        XCTAssertEqual(amounts(entry), ["4663": 5_000, "1576": 950, "1740": -2_950, "1360": -3_000])
        XCTAssertEqual(entry.postings.reduce(0) { $0 + $1.amount.minorUnits }, 0)
    }

    func testSKR04NumbersTheSameBookingsItsOwnWay() throws {
        let items = [try item(1, "119.00", category: "rail", vat: "19")]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        let entry = try ReportPostings.costs(report: try report(), items: items, totals: totals, on: day, accounts: .shipped(.skr04))
        XCTAssertEqual(amounts(entry), ["6663": 10_000, "1406": 1_900, "3720": -11_900])
    }

    /// A bill in another currency carries a VAT no German return reclaims: its gross is the cost.
    func testAForeignBillsVATIsNotReclaimedAndItsGrossIsBooked() throws {
        let items = [try item(1, "100.00", "CHF", category: "lodging", rate: "1.05", vat: "8.1")]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        let entry = try ReportPostings.costs(report: try report(), items: items, totals: totals, on: day, accounts: .shipped(.skr03))
        XCTAssertEqual(amounts(entry), ["4666": 10_500, "1740": -10_500])
    }

    func testPerDiemsAndMileageCarryNoVATAndAdvancesBeyondTheSpendingLeaveTheTravellerOwing() throws {
        let eur = try currency("EUR")
        let items = [try item(1, "36.00", category: "mileage", vat: "19"), try item(2, "20.00", category: "taxi", paidBy: .company)]
        let totals = try ReportTotals(
            items: items, reportCurrency: eur, perDiems: Money(minorUnits: 5_600, currency: eur),
            advances: Money(minorUnits: 20_000, currency: eur))
        let entry = try ReportPostings.costs(report: try report(), items: items, totals: totals, on: day, accounts: .shipped(.skr03))
        XCTAssertEqual(
            amounts(entry), ["4668": 3_600, "4663": 2_000, "1360": -2_000, "4664": 5_600, "1530": -20_000, "1740": 10_800])
        XCTAssertEqual(-(amounts(entry)["1740"] ?? 0), totals.dueToEmployee.minorUnits, "the payable is what report show says is due")
        let payment = try XCTUnwrap(ReportPostings.payment(report: try report(), totals: totals, on: day, accounts: .shipped(.skr03)))
        XCTAssertEqual(amounts(payment), ["1740": -10_800, "1200": 10_800], "owed back: the bank receives it")
        XCTAssertEqual(payment.id, "R7-P")
    }

    func testALodgingFlatAmongThePerDiemsBooksAsLodging() throws {
        // 56.00 of per diems of which 20.00 is a night's lodging flat: 36.00 to the meal
        // allowances' 4664, 20.00 to lodging's 4666, all 56.00 due.
        let eur = try currency("EUR")
        let totals = try ReportTotals(items: [], reportCurrency: eur, perDiems: Money(minorUnits: 5_600, currency: eur))
        let entry = try ReportPostings.costs(
            report: try report(), items: [], totals: totals, on: day, accounts: .shipped(.skr03),
            lodgingFlats: Money(minorUnits: 2_000, currency: eur))
        XCTAssertEqual(amounts(entry), ["4664": 3_600, "4666": 2_000, "1740": -5_600])
    }

    func testNothingDueIsNoPayment() throws {
        let items = [try item(1, "20.00", category: "taxi", paidBy: .company)]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        XCTAssertNil(ReportPostings.payment(report: try report(), totals: totals, on: day, accounts: .shipped(.skr03)))
    }

    func testFinancesAccountReplacesTheShippedOneAndAnUnknownCategoryBooksAsOther() throws {
        var accounts = BookingAccounts.shipped(.skr03)
        accounts.accounts["lodging"] = ChartAccount(number: "4670", title: "Hotels")
        XCTAssertEqual(accounts.account(category: "lodging").number, "4670")
        XCTAssertEqual(accounts.account(category: "lodging").ledgerName, "Expenses:Travel:Lodging-4670")
        XCTAssertEqual(accounts.account(category: "team_event").number, "4660")
        XCTAssertEqual(accounts.account(category: "public_transport").ledgerName, "Expenses:Travel:PublicTransport-4663")
    }

    /// The numbers DATEV publishes for travel costs in each chart.
    func testTheShippedChartsAreDATEVs() {
        let skr03 = BookingAccounts.shipped(.skr03)
        let skr04 = BookingAccounts.shipped(.skr04)
        let expected: [(String, String, String)] = [
            ("other", "4660", "6650"), ("rail", "4663", "6663"), ("per_diem", "4664", "6664"), ("lodging", "4666", "6660"),
            ("mileage", "4668", "6668"), ("vat-7", "1571", "1401"), ("vat-19", "1576", "1406"), ("bank", "1200", "1800"),
        ]
        for (key, three, four) in expected {
            XCTAssertEqual(skr03.accounts[key]?.number, three, key)
            XCTAssertEqual(skr04.accounts[key]?.number, four, key)
        }
    }
}
