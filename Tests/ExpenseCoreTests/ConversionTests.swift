import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseSupport

/// A rate table in memory that records what it was asked.
private final class TableRates: RateSource {
    struct Failure: Error {}
    var rates: [String: (ExchangeRate, CalendarDate)] = [:]
    var questions: [String] = []
    var fails = false

    func rate(from: Currency, to: Currency, on date: CalendarDate) throws -> (rate: ExchangeRate, date: CalendarDate)? {
        questions.append("\(from.code)->\(to.code)@\(date)")
        if fails { throw Failure() }
        return rates["\(from.code)->\(to.code)"].map { (rate: $0.0, date: $0.1) }
    }
}

final class ConversionTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 4)!

    private func money(_ text: String, _ code: String) throws -> Money {
        try Money.parse(text, currency: try currency(code))
    }

    func testSameCurrencyConvertsAtParWithoutAskingForARate() throws {
        let rates = TableRates()
        let amount = try money("412.80", "EUR")
        let conversion = try Expense.Conversion.of(amount, on: day, into: try currency("EUR"), manualRate: nil, rates: rates)
        XCTAssertEqual(conversion.source, .same)
        XCTAssertEqual(conversion.rate, .one)
        XCTAssertNil(conversion.rateDate)
        XCTAssertEqual(conversion.converted, amount)
        XCTAssertEqual(rates.questions, [])
    }

    func testARateOfOneForTheSameCurrencyIsHarmless() throws {
        let amount = try money("12.00", "EUR")
        let conversion = try Expense.Conversion.of(
            amount, on: day, into: try currency("EUR"),
            manualRate: try ExchangeRate.parse("1.000"), rates: nil)
        XCTAssertEqual(conversion.source, .same)
        XCTAssertEqual(conversion.converted, amount)
    }

    func testAManualRateForTheSameCurrencyIsRejected() throws {
        assertExpenseError(
            try Expense.Conversion.of(
                try money("12.00", "EUR"), on: day, into: try currency("EUR"),
                manualRate: try ExchangeRate.parse("1.1"), rates: nil),
            kind: .invalidData, messageContains: "a rate of 1.1 given, but the expense is already in EUR",
            code: .rateForSameCurrency(rate: "1.1", currency: "EUR"))
    }

    func testAManualRateWinsOverTheTable() throws {
        let rates = TableRates()
        rates.rates["CHF->EUR"] = (try ExchangeRate.parse("0.95"), CalendarDate(year: 2026, month: 3, day: 1)!)
        let conversion = try Expense.Conversion.of(
            try money("38.50", "CHF"), on: day, into: try currency("EUR"),
            manualRate: try ExchangeRate.parse("1.0412"), rates: rates)
        XCTAssertEqual(conversion.source, .manual)
        XCTAssertEqual(conversion.rate.description, "1.0412")
        XCTAssertNil(conversion.rateDate)
        XCTAssertEqual(conversion.converted, try money("40.09", "EUR"))
        XCTAssertEqual(rates.questions, [])
    }

    func testTheRateTableIsUsedWithTheDateOfItsRate() throws {
        let rates = TableRates()
        let rateDay = CalendarDate(year: 2026, month: 3, day: 1)!  // a Sunday's expense at Friday's rate
        rates.rates["USD->EUR"] = (try ExchangeRate.parse("0.9231"), rateDay)
        let conversion = try Expense.Conversion.of(
            try money("100.00", "USD"), on: day, into: try currency("EUR"),
            manualRate: nil, rates: rates)
        XCTAssertEqual(conversion.source, .table)
        XCTAssertEqual(conversion.rate.description, "0.9231")
        XCTAssertEqual(conversion.rateDate, rateDay)
        XCTAssertEqual(conversion.converted, try money("92.31", "EUR"))
        XCTAssertEqual(rates.questions, ["USD->EUR@2026-03-04"])
    }

    func testTableConversionRoundsHalfEvenIntoTheTargetDigits() throws {
        let rates = TableRates()
        rates.rates["EUR->JPY"] = (try ExchangeRate.parse("250"), day)
        let conversion = try Expense.Conversion.of(
            try money("0.01", "EUR"), on: day, into: try currency("JPY"),
            manualRate: nil, rates: rates)
        XCTAssertEqual(conversion.converted, Money(minorUnits: 2, currency: try currency("JPY")))  // 2.5 -> 2
    }

    func testAMissingRateIsAnErrorNeverAConversionAtOne() throws {
        let rates = TableRates()
        rates.rates["CHF->EUR"] = (try ExchangeRate.parse("1.04"), day)  // another pair only
        for source in [rates, nil] as [TableRates?] {
            let error = assertExpenseError(
                try Expense.Conversion.of(
                    try money("100.00", "USD"), on: day, into: try currency("EUR"),
                    manualRate: nil, rates: source),
                kind: .invalidData, code: .noExchangeRate(from: "USD", to: "EUR", on: "2026-03-04"))
            XCTAssertEqual(error?.message, "no exchange rate from USD to EUR for 2026-03-04")
        }
    }

    func testAFailingRateSourcePropagatesItsError() throws {
        let rates = TableRates()
        rates.fails = true
        XCTAssertThrowsError(
            try Expense.Conversion.of(
                try money("1.00", "USD"), on: day, into: try currency("EUR"),
                manualRate: nil, rates: rates)
        ) { error in
            XCTAssertTrue(error is TableRates.Failure, "\(error)")
        }
    }

    func testAConversionThatOverflowsIsAnError() throws {
        let huge = Money(minorUnits: 900_000_000_000_000, currency: try currency("EUR"))
        assertExpenseError(
            try Expense.Conversion.of(
                huge, on: day, into: try currency("BHD"),
                manualRate: try ExchangeRate.parse("100"), rates: nil),
            kind: .invalidData, messageContains: "does not fit")
    }
}
