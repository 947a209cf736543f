import ExpenseCore
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The ECB reference rates in the store, and conversions at them: the day's rate or the last
/// earlier one (weekends, holidays, gaps in one currency's history), inverted for X→EUR and
/// crossed for X→Y on a day both were quoted.
final class RatesStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!

    private func day(_ text: String) -> CalendarDate { (try? CalendarDate.parse(text)) ?? CalendarDate(dayNumber: 0) }
    private func currency(_ code: String) -> Currency { CurrencyTable.standard.currency(code)! }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let now = { "2026-03-10T09:00:00Z" }
        // On a file, or a team database (`ServerStore`), where the rates are finance's to load.
        store = ServerStore.isSelected ? try ServerStore.open(as: "alice", now: now) : try Store(path: path(), now: now)
        // Friday 2026-03-06 has no ISK; Thursday has both. Nothing over the weekend.
        let rates: [(String, String, String)] = [
            ("2026-03-05", "USD", "1.0790"), ("2026-03-05", "CHF", "0.9598"), ("2026-03-05", "ISK", "150.10"),
            ("2026-03-06", "USD", "1.0823"), ("2026-03-06", "CHF", "0.9612"), ("2026-03-06", "JPY", "160.86"),
        ]
        _ = try store.write {
            try store.saveReferenceRates(
                rates.map {
                    ReferenceRate(currency: $0.1, date: day($0.0), perEUR: try ExchangeRate.parse($0.2))
                })
        }
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func rate(_ from: String, _ to: String, _ date: String) throws -> String? {
        try store.rateSource().rate(from: currency(from), to: currency(to), on: day(date)).map { "\($0.rate) of \($0.date)" }
    }

    func testTheDaysRateOrTheLastEarlierOne() throws {
        XCTAssertEqual(try rate("EUR", "USD", "2026-03-06"), "1.0823 of 2026-03-06")
        XCTAssertEqual(try rate("EUR", "USD", "2026-03-05"), "1.079 of 2026-03-05")
        XCTAssertEqual(try rate("EUR", "USD", "2026-03-08"), "1.0823 of 2026-03-06", "Sunday: Friday's rate")
        XCTAssertEqual(try rate("EUR", "USD", "2027-01-01"), "1.0823 of 2026-03-06")
        XCTAssertNil(try rate("EUR", "USD", "2026-03-04"), "before the first rate there is none")
        XCTAssertNil(try rate("EUR", "GBP", "2026-03-06"), "a currency the table does not have")
    }

    func testInverseAndCrossRatesStayExact() throws {
        XCTAssertEqual(try rate("USD", "EUR", "2026-03-07"), "1/1.0823 of 2026-03-06")
        XCTAssertEqual(try rate("USD", "CHF", "2026-03-07"), "0.9612/1.0823 of 2026-03-06")
        // ISK is missing on Friday: the cross rate is Thursday's, when both were quoted.
        XCTAssertEqual(try rate("ISK", "USD", "2026-03-07"), "1.079/150.1 of 2026-03-05")
        XCTAssertEqual(try rate("EUR", "ISK", "2026-03-07"), "150.1 of 2026-03-05", "ISK alone: its last rate")
        XCTAssertNil(try rate("JPY", "ISK", "2026-03-07"), "never quoted on the same day")
        let converted = try store.rateSource().rate(from: currency("USD"), to: currency("CHF"), on: day("2026-03-06"))?
            .rate.convert(Money(minorUnits: 10_000, currency: currency("USD")), to: currency("CHF"))
        XCTAssertEqual(converted?.minorUnits, 8881, "100 USD × 0.9612 / 1.0823 = 88.8109... CHF")
    }

    func testSavingAgainReplacesOnlyChangedRates() throws {
        let unchanged = ReferenceRate(currency: "USD", date: day("2026-03-06"), perEUR: try ExchangeRate.parse("1.08230"))
        let changed = ReferenceRate(currency: "CHF", date: day("2026-03-06"), perEUR: try ExchangeRate.parse("0.9613"))
        let added = ReferenceRate(currency: "USD", date: day("2026-03-09"), perEUR: try ExchangeRate.parse("1.0850"))
        XCTAssertEqual(try store.write { try store.saveReferenceRates([unchanged, changed, added]) }, 2)
        XCTAssertEqual(try store.referenceRateCount(), 7)
        XCTAssertEqual(try rate("EUR", "CHF", "2026-03-06"), "0.9613 of 2026-03-06")
        let summaries = try store.referenceRateSummaries()
        XCTAssertEqual(summaries.map(\.currency), ["CHF", "ISK", "JPY", "USD"])
        XCTAssertEqual(
            summaries.last,
            ReferenceRateSummary(
                currency: "USD", days: 3, first: day("2026-03-05"), last: day("2026-03-09"),
                latest: try ExchangeRate.parse("1.085")))
        XCTAssertEqual(try store.referenceRates("USD", from: day("2026-03-06")).map(\.date), [day("2026-03-06"), day("2026-03-09")])
    }

    func testExpensesConvertAtTheTableWhenNoRateIsGiven() throws {
        let chf = currency("CHF")
        let amount = Money(minorUnits: 3850, currency: chf)
        let conversion = try Expense.Conversion.of(
            amount, on: day("2026-03-08"), into: currency("EUR"), manualRate: nil,
            rates: store.rateSource())
        XCTAssertEqual(conversion.source, .table)
        XCTAssertEqual(conversion.rate.description, "1/0.9612")
        XCTAssertEqual(conversion.rateDate, day("2026-03-06"))
        XCTAssertEqual(conversion.converted.minorUnits, 4005, "38.50 / 0.9612 = 40.0541 EUR")
        // Stored and read back exactly.
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Basel", currency: currency("EUR"), owner: "alice")) }
        let saved = try store.write {
            try store.insertExpense(
                Expense(
                    reportID: report.id, date: day("2026-03-08"), category: "meals", amount: amount,
                    conversion: conversion))
        }
        XCTAssertEqual(saved.conversion, conversion)
        XCTAssertEqual(try store.db.queryFirst("SELECT rate FROM expenses") { $0.string(0) }, "1/0.9612")
    }
}
