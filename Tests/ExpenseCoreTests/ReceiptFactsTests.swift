import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

/// A receipt's reading made into what it is matched by, and the ranges the store looks its
/// candidates up by.
final class ReceiptFactsTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 9)!
    private let captured = CalendarDate(year: 2026, month: 3, day: 12)!

    private func facts(_ suggestion: ReceiptSuggestion) throws -> ReceiptFacts? {
        ReceiptFacts(suggestion: suggestion, fallbackDate: captured, defaultCurrency: try currency("EUR"))
    }

    func testAReadingWithATotalAndItsCurrency() throws {
        let read = try facts(ReceiptSuggestion(merchant: "Hansa-Funktaxi GmbH", date: day, amount: "27.00", currency: "usd"))
        XCTAssertEqual(
            read, ReceiptFacts(date: day, total: Money(minorUnits: 2700, currency: try currency("USD")), merchant: "Hansa-Funktaxi GmbH"))
    }

    func testATotalWithoutACurrencyIsInTheDefaultOne() throws {
        let read = try facts(ReceiptSuggestion(date: day, amount: "412.80"))
        XCTAssertEqual(read?.total, Money(minorUnits: 41280, currency: try currency("EUR")))
        XCTAssertNil(read?.merchant)
    }

    func testATotalThatDoesNotReadIsNoTotalButTheMerchantStays() throws {
        for (amount, code) in [("12.345", "EUR"), ("twelve", "EUR"), ("12.00", "XXQ"), ("12.5", "JPY")] {
            let read = try facts(ReceiptSuggestion(merchant: "Hotel Astoria", date: day, amount: amount, currency: code))
            XCTAssertEqual(read, ReceiptFacts(date: day, total: nil, merchant: "Hotel Astoria"), "\(amount) \(code)")
        }
    }

    func testWithoutADateTheFallbackDay() throws {
        XCTAssertEqual(try facts(ReceiptSuggestion(merchant: "Hotel Astoria"))?.date, captured)
    }

    func testNothingToMatchByIsNoFacts() throws {
        XCTAssertNil(try facts(ReceiptSuggestion()))
        XCTAssertNil(try facts(ReceiptSuggestion(merchant: "  ", date: day, category: "taxi")))
        XCTAssertNil(try facts(ReceiptSuggestion(date: day, amount: "1.2.3")))
    }

    // MARK: Lookup ranges

    func testTheDaysToLookItemsUpByAreTheWindow() throws {
        let receipt = ReceiptFacts(date: day, total: nil, merchant: "Taxi")
        XCTAssertEqual(
            ReceiptMatcher.dates(for: receipt), CalendarDate(year: 2026, month: 3, day: 8)!...CalendarDate(year: 2026, month: 3, day: 12)!)
        // Across a month's end.
        let first = CalendarDate(year: 2026, month: 3, day: 1)!
        XCTAssertEqual(
            ReceiptMatcher.dates(for: ReceiptFacts(date: first, total: nil, merchant: "x")).lowerBound,
            CalendarDate(year: 2026, month: 2, day: 28)!)
    }

    func testTheAmountsToLookUpAreExactInTheReceiptsCurrencyAndARangeInAnother() throws {
        let eur = try currency("EUR")
        let usd = try currency("USD")
        let matcher = ReceiptMatcher { money, target, _ in
            money.currency == usd && target == eur ? try? ExchangeRate.parse("0.92").convert(money, to: target) : nil
        }
        let receipt = ReceiptFacts(date: day, total: Money(minorUnits: 2700, currency: usd), merchant: nil)
        XCTAssertEqual(matcher.amounts(for: receipt, in: usd), 2700...2700)
        // 24.84 EUR ± 3 % (0.74, rounded down as the tolerance is).
        XCTAssertEqual(matcher.amounts(for: receipt, in: eur), 2410...2558)
        XCTAssertNil(matcher.amounts(for: receipt, in: try currency("GBP")))
        XCTAssertNil(matcher.amounts(for: ReceiptFacts(date: day, total: nil, merchant: "Taxi"), in: eur))
    }

    func testEveryAmountInTheLookedUpRangeMatchesAndNoneOutside() throws {
        let eur = try currency("EUR")
        let usd = try currency("USD")
        let matcher = ReceiptMatcher { money, target, _ in
            money.currency == usd && target == eur ? try? ExchangeRate.parse("0.92").convert(money, to: target) : nil
        }
        let receipt = ReceiptFacts(date: day, total: Money(minorUnits: 2700, currency: usd), merchant: nil)
        let range = try XCTUnwrap(matcher.amounts(for: receipt, in: eur))
        for minor in (range.lowerBound - 3)...(range.upperBound + 3) {
            let item = Expense(id: 1, date: day, category: "taxi", amount: Money(minorUnits: minor, currency: eur))
            XCTAssertEqual(matcher.match(receipt, among: [item]).matched != nil, range.contains(minor), "\(minor)")
        }
    }
}
