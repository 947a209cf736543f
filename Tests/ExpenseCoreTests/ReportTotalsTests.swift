import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseSupport

final class ReportTotalsTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!

    /// An item of `amount` in `code`, converted into EUR at `rate` (or at par for EUR).
    private func item(_ amount: String, _ code: String, rate: String? = nil, paidBy: PaidBy = .personal) throws -> Expense {
        let money = try Money.parse(amount, currency: try currency(code))
        let conversion = try Expense.Conversion.of(
            money, on: day, into: try currency("EUR"),
            manualRate: try rate.map(ExchangeRate.parse), rates: nil)
        return Expense(date: day, category: "meals", amount: money, conversion: conversion, paidBy: paidBy)
    }

    func testNoItemsAddUpToZeroInTheReportCurrency() throws {
        let totals = try ReportTotals(items: [], reportCurrency: try currency("CHF"))
        let zero = Money(minorUnits: 0, currency: try currency("CHF"))
        XCTAssertEqual(totals.byOriginalCurrency, [])
        XCTAssertEqual(totals.total, zero)
        XCTAssertEqual(totals.dueToEmployee, zero)
        XCTAssertEqual(totals.paidByCompany, zero)
    }

    /// What an approver cut (issue 43) is not due: taken off what the traveller is paid, whoever
    /// paid the item; the items keep their amounts in the total.
    func testCutsComeOffWhatIsDueAndNotOffTheTotal() throws {
        let eur = try currency("EUR")
        var minibar = try item("23.50", "EUR")
        minibar.id = 1
        var dinner = try item("61.20", "EUR", paidBy: .company)
        dinner.id = 2
        let totals = try ReportTotals(
            items: [minibar, dinner], reportCurrency: eur,
            cuts: [
                ItemCut(expenseID: 1, approved: Money(minorUnits: 0, currency: eur), reason: "minibar is private"),
                ItemCut(expenseID: 2, approved: Money(minorUnits: 4_000, currency: eur), reason: "limit is 40"),
            ])
        XCTAssertEqual(totals.total, Money(minorUnits: 8_470, currency: eur))
        XCTAssertEqual(totals.cut, Money(minorUnits: 4_470, currency: eur))
        XCTAssertEqual(totals.approved, Money(minorUnits: 4_000, currency: eur))
        // 23.50 paid personally, less 23.50 and 21.20 cut: she owes the company 21.20 of its card's dinner.
        XCTAssertEqual(totals.dueToEmployee, Money(minorUnits: -2_120, currency: eur))
        XCTAssertEqual(totals.dueToCompany, Money(minorUnits: 2_120, currency: eur))
    }

    /// What is due nets the advances paid, and goes below zero when they were more than what was
    /// spent personally; what the company paid directly is not netted.
    func testAdvancesAreNettedAgainstWhatIsDueAndMayLeaveItBelowZero() throws {
        let eur = try currency("EUR")
        let items = [try item("350.00", "EUR"), try item("40.00", "EUR", paidBy: .company)]
        let totals = try ReportTotals(items: items, reportCurrency: eur, advances: Money(minorUnits: 50_000, currency: eur))
        XCTAssertEqual(totals.advances.description, "500.00 EUR")
        XCTAssertEqual(totals.dueToEmployee.minorUnits, -15_000)
        XCTAssertEqual(totals.paidByCompany.description, "40.00 EUR")
        XCTAssertEqual(totals.total.description, "390.00 EUR", "the total spent is not changed by advances")
        XCTAssertEqual(try ReportTotals(items: items, reportCurrency: eur).advances.minorUnits, 0)
    }

    func testOriginalAmountsInDifferentCurrenciesAreNeverAdded() throws {
        let items = [
            try item("100.00", "USD", rate: "0.9231"),
            try item("412.80", "EUR"),
            try item("5000", "JPY", rate: "0.0061"),
            try item("38.50", "CHF", rate: "1.0412"),
            try item("20.00", "USD", rate: "0.9231"),
            try item("7.20", "EUR"),
        ]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        XCTAssertEqual(
            totals.byOriginalCurrency.map(\.description),
            ["38.50 CHF", "420.00 EUR", "5,000 JPY", "120.00 USD"])
        XCTAssertEqual(Set(totals.byOriginalCurrency.map(\.currency.code)).count, totals.byOriginalCurrency.count)
        // In the report currency: the sum of the converted minor units, each rounded on its own.
        let converted = try items.map { try XCTUnwrap($0.conversion).converted.minorUnits }
        XCTAssertEqual(converted, [9231, 41280, 3050, 4009, 1846, 720])
        XCTAssertEqual(totals.total, Money(minorUnits: converted.reduce(0, +), currency: try currency("EUR")))
        XCTAssertEqual(totals.total.minorUnits, 60136)
    }

    func testSplitsWhatIsDueToTheEmployeeFromWhatTheCompanyPaid() throws {
        let items = [
            try item("412.80", "EUR", paidBy: .company),
            try item("38.50", "CHF", rate: "1.0412", paidBy: .personal),
            try item("24.00", "EUR", paidBy: .personal),
            try item("100.00", "USD", rate: "0.9231", paidBy: .company),
        ]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        XCTAssertEqual(totals.dueToEmployee.minorUnits, 4009 + 2400)
        XCTAssertEqual(totals.paidByCompany.minorUnits, 41280 + 9231)
        XCTAssertEqual(totals.total.minorUnits, totals.dueToEmployee.minorUnits + totals.paidByCompany.minorUnits)
        XCTAssertEqual(totals.dueToEmployee.currency.code, "EUR")
        XCTAssertEqual(totals.paidByCompany.currency.code, "EUR")
    }

    func testARefundReducesTheTotals() throws {
        let items = [try item("80.00", "EUR"), try item("-30.00", "EUR"), try item("-10.00", "USD", rate: "0.9")]
        let totals = try ReportTotals(items: items, reportCurrency: try currency("EUR"))
        XCTAssertEqual(totals.byOriginalCurrency.map(\.description), ["50.00 EUR", "-10.00 USD"])
        XCTAssertEqual(totals.dueToEmployee.minorUnits, 8000 - 3000 - 900)
    }

    func testAnItemWithoutConversionCountsInItsCurrencyButNotInTheTotal() throws {
        let unconverted = Expense(date: day, category: "taxi", amount: Money(minorUnits: 1500, currency: try currency("GBP")))
        let totals = try ReportTotals(items: [unconverted, try item("10.00", "EUR")], reportCurrency: try currency("EUR"))
        XCTAssertEqual(totals.byOriginalCurrency.map(\.description), ["10.00 EUR", "15.00 GBP"])
        XCTAssertEqual(totals.total.minorUnits, 1000)
    }
}

extension ReportTotalsTests {
    func testATotalBeyondTheLargestIsBadDataNamingTheReport() throws {
        let largest = try item("9999999999999.99", "EUR")
        let items = Array(repeating: largest, count: 9_300)
        assertExpenseError(
            try ReportTotals(items: items, reportCurrency: try currency("EUR"), reportID: 3), kind: .invalidData,
            messageContains: "the total of report 3 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR")
        XCTAssertEqual(
            try ReportTotals(items: Array(items.prefix(1_000)), reportCurrency: try currency("EUR")).total.minorUnits,
            1_000 * Money.maximumMinorUnits)
        // In JPY the original amounts overflow long before their converted sum in EUR does.
        let yen = try item("999999999999999", "JPY", rate: "0.000001")
        assertExpenseError(
            try ReportTotals(items: Array(repeating: yen, count: 1_001), reportCurrency: try currency("EUR"), reportID: 4),
            kind: .invalidData, messageContains: "the total of report 4 in JPY does not fit")
    }

    func testASummaryBeyondTheLargestTotalIsBadData() throws {
        let eur = try currency("EUR")
        let row = SpendingSummary.Row(
            currency: eur, category: "meals", month: "2026-03", minorUnits: Money.maximumTotalMinorUnits, count: 1)
        XCTAssertEqual(try SpendingSummary(rows: [row]).blocks.first?.total.minorUnits, Money.maximumTotalMinorUnits)
        var other = row
        other.month = "2026-04"
        assertExpenseError(
            try SpendingSummary(rows: [row, other]), kind: .invalidData,
            messageContains: "the spending in EUR does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR")
    }
}
