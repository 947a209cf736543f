import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

/// The matching rules of issue 30, one test a rule: the day window, the amount (same currency,
/// another within the tolerance), the merchant before the day, a receipt whose total was not
/// read, ties, and the preferred reports.
final class ReceiptMatcherTests: XCTestCase {
    private let receiptDay = CalendarDate(year: 2026, month: 3, day: 9)!

    private func money(_ text: String, _ code: String = "EUR") throws -> Money {
        try Money.parse(text, currency: try currency(code))
    }

    private func item(
        _ id: Int64, _ amount: String, _ code: String = "EUR", days: Int = 0, merchant: String = "", report: Int64? = 1
    ) throws -> Expense {
        Expense(
            id: id, reportID: report, date: receiptDay.adding(days: days), category: "taxi", merchant: merchant,
            amount: try money(amount, code))
    }

    private func receipt(_ total: String?, _ code: String = "EUR", merchant: String? = nil) throws -> ReceiptFacts {
        ReceiptFacts(date: receiptDay, total: try total.map { try money($0, code) }, merchant: merchant)
    }

    /// 1 USD = 0.92 EUR on every day; no other rate.
    private let matcher = ReceiptMatcher { money, target, _ in
        guard money.currency.code == "USD", target.code == "EUR" else { return nil }
        return try? ExchangeRate.parse("0.92").convert(money, to: target)
    }

    private func matchedID(_ decision: ReceiptMatch) -> Int64? { decision.matched?.id }

    private func rankedIDs(_ decision: ReceiptMatch, file: StaticString = #filePath, line: UInt = #line) -> [Int64] {
        guard case .ambiguous(let candidates) = decision else {
            XCTFail("expected ambiguous, got \(decision)", file: file, line: line)
            return []
        }
        return candidates.map(\.item.id)
    }

    // MARK: The merchant decides

    func testTheTaxiReceiptMatchesTheTaxiLineNotAnUberLineOfTheSameAmountADayCloser() throws {
        let taxi = try item(5, "27.00", days: 1, merchant: "HANSA FUNKTAXI HAMBURG")
        let uber = try item(6, "27.00", days: 0, merchant: "UBER *TRIP")
        let decision = matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi GmbH"), among: [uber, taxi])
        XCTAssertEqual(decision, .match(taxi, MatchReason(amount: .same, dayOffset: 1, merchantResembles: true)))
        XCTAssertEqual(decision.matched.map { "\($0.id)" }, "5")
        if case .match(_, let reason) = decision {
            XCTAssertEqual(reason.description, "same amount, 1 day later, merchant alike")
        }
    }

    func testWithoutAResemblingMerchantTheNearestDayWins() throws {
        let later = try item(1, "27.00", days: 2, merchant: "FREENOW")
        let nearer = try item(2, "27.00", days: 1, merchant: "UBER *TRIP")
        let decision = matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi GmbH"), among: [later, nearer])
        XCTAssertEqual(decision, .match(nearer, MatchReason(amount: .same, dayOffset: 1, merchantResembles: false)))
    }

    func testOfTwoDaysAsNearTheLaterWinsForACardLinePostsAfterThePurchase() throws {
        let before = try item(1, "27.00", days: -1)
        let after = try item(2, "27.00", days: 1)
        XCTAssertEqual(matchedID(matcher.match(try receipt("27.00"), among: [before, after])), 2)
    }

    func testOfTwoResemblingMerchantsTheNearerDayWins() throws {
        let far = try item(1, "27.00", days: 3, merchant: "HANSA FUNKTAXI")
        let near = try item(2, "27.00", days: 0, merchant: "Hansa Funktaxi Hamburg")
        let unlike = try item(3, "27.00", days: 0, merchant: "UBER *TRIP")
        XCTAssertEqual(matchedID(matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [far, unlike, near])), 2)
    }

    func testTwoEqualCandidatesAreAmbiguousRankedBestFirst() throws {
        let first = try item(8, "27.00", days: 1, merchant: "UBER *TRIP")
        let second = try item(4, "27.00", days: 1, merchant: "FREENOW")
        let third = try item(2, "27.00", days: 3)
        let decision = matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [first, third, second])
        // Equal in rank: the lower id first, then the farther day.
        XCTAssertEqual(rankedIDs(decision), [4, 8, 2])
    }

    func testTwoResemblingOnTheSameDayAreAmbiguous() throws {
        let one = try item(1, "27.00", days: 1, merchant: "HANSA FUNKTAXI")
        let other = try item(2, "27.00", days: 1, merchant: "Hansa Funktaxi Hamburg")
        XCTAssertEqual(rankedIDs(matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [other, one])), [1, 2])
    }

    // MARK: The day window

    func testACardLineTwoDaysAfterTheReceiptMatches() throws {
        let line = try item(3, "412.80", days: 2, merchant: "HOTEL ASTORIA WALLDORF")
        let decision = matcher.match(try receipt("412.80", merchant: "Hotel Astoria"), among: [line])
        guard case .match(let matched, let reason) = decision else { return XCTFail("expected a match, got \(decision)") }
        XCTAssertEqual(matched, line)
        XCTAssertEqual(reason.description, "same amount, 2 days later, merchant alike")
    }

    func testTheWindowIsOneDayBeforeToThreeAfter() throws {
        XCTAssertEqual(ReceiptMatcher.dayWindow, -1...3)
        for days in -1...3 {
            XCTAssertEqual(matchedID(matcher.match(try receipt("27.00"), among: [try item(1, "27.00", days: days)])), 1, "day \(days)")
        }
        for days in [-30, -3, -2, 4, 5, 7] {
            XCTAssertEqual(matcher.match(try receipt("27.00"), among: [try item(1, "27.00", days: days)]), .none, "day \(days)")
        }
    }

    func testAResemblingMerchantOutsideTheWindowIsNoMatch() throws {
        let late = try item(1, "27.00", days: 4, merchant: "HANSA FUNKTAXI HAMBURG")
        XCTAssertEqual(matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [late]), .none)
        XCTAssertEqual(matcher.match(try receipt(nil, merchant: "Hansa-Funktaxi"), among: [late]), .none)
    }

    // MARK: The amount

    func testTheSameCurrencyMustBeTheSameAmountToTheCent() throws {
        let off = try item(1, "27.01", merchant: "HANSA FUNKTAXI")
        XCTAssertEqual(matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [off]), .none)
    }

    func testAnotherCurrencyWithinTheToleranceMatches() throws {
        // 27.00 USD at 0.92 is 24.84 EUR; the card billed 25.30 EUR with its fee: 1.85 % more.
        let line = try item(1, "25.30", days: 1, merchant: "YELLOW CAB NYC")
        let decision = matcher.match(try receipt("27.00", "USD", merchant: "Yellow Cab"), among: [line])
        let expected = MatchReason.Amount.converted(
            receipt: try money("27.00", "USD"), expected: try money("24.84"), item: try money("25.30"))
        XCTAssertEqual(decision, .match(line, MatchReason(amount: expected, dayOffset: 1, merchantResembles: true)))
        if case .match(_, let reason) = decision {
            XCTAssertEqual(
                reason.description, "27.00 USD is 24.84 EUR at the day's rate, the item 25.30 EUR (1.9 % off), 1 day later, merchant alike")
        }
    }

    func testTheToleranceIsThreePercentOfTheConvertedTotalEitherWay() throws {
        XCTAssertEqual(ReceiptMatcher.conversionTolerancePercent, 3)
        // 3 % of 24.84 is 0.7452: 24.10 ... 25.58 match, 24.09 and 25.59 do not.
        for amount in ["24.10", "24.84", "25.58"] {
            XCTAssertNotNil(matchedID(matcher.match(try receipt("27.00", "USD"), among: [try item(1, amount)])), amount)
        }
        for amount in ["24.09", "25.59", "26.00", "-24.84"] {
            XCTAssertEqual(matcher.match(try receipt("27.00", "USD"), among: [try item(1, amount)]), .none, amount)
        }
    }

    func testWithoutARateAnotherCurrencyNeverMatches() throws {
        let plain = ReceiptMatcher()
        XCTAssertEqual(plain.match(try receipt("27.00", "USD"), among: [try item(1, "24.84")]), .none)
        // GBP has no rate here either.
        XCTAssertEqual(matcher.match(try receipt("27.00", "GBP"), among: [try item(1, "31.00")]), .none)
    }

    func testTheSameCurrencyWinsOverAConversionAtANearerDay() throws {
        let converted = try item(1, "24.84", days: 0)
        let same = try item(2, "27.00", "USD", days: 2)
        XCTAssertEqual(matchedID(matcher.match(try receipt("27.00", "USD"), among: [converted, same])), 2)
    }

    // MARK: A total that was not read

    func testNoTotalMatchesTheOneResemblingItemAndSaysTheAmountIsTheItems() throws {
        let taxi = try item(5, "27.00", days: 1, merchant: "HANSA FUNKTAXI HAMBURG")
        let uber = try item(6, "31.50", days: 0, merchant: "UBER *TRIP")
        let decision = matcher.match(try receipt(nil, merchant: "Hansa-Funktaxi GmbH"), among: [uber, taxi])
        let reason = MatchReason(amount: .unread(item: try money("27.00")), dayOffset: 1, merchantResembles: true)
        XCTAssertEqual(decision, .match(taxi, reason))
        XCTAssertEqual(reason.description, "total not read: 27.00 EUR is the item's, to confirm, 1 day later, merchant alike")
    }

    func testNoTotalAndTwoResemblingItemsIsAmbiguousNearestFirst() throws {
        let far = try item(1, "27.00", days: 3, merchant: "HANSA FUNKTAXI")
        let near = try item(2, "14.00", days: 1, merchant: "Hansa Funktaxi Hamburg")
        XCTAssertEqual(rankedIDs(matcher.match(try receipt(nil, merchant: "Hansa-Funktaxi"), among: [far, near])), [2, 1])
    }

    func testNoTotalAndNoResemblingItemIsNoMatch() throws {
        let uber = try item(1, "27.00", days: 0, merchant: "UBER *TRIP")
        XCTAssertEqual(matcher.match(try receipt(nil, merchant: "Hansa-Funktaxi"), among: [uber]), .none)
        // Neither a total nor a merchant: nothing to match by.
        XCTAssertEqual(matcher.match(ReceiptFacts(date: receiptDay, total: nil, merchant: nil), among: [uber]), .none)
    }

    // MARK: Preferred reports

    func testTheFirstPreferredReportWithCandidatesDecides() throws {
        let inDraft = try item(1, "27.00", days: 0, merchant: "HANSA FUNKTAXI", report: 3)
        let inCurrent = try item(2, "27.00", days: 2, report: 7)
        let inNone = try item(3, "27.00", days: 0, merchant: "HANSA FUNKTAXI", report: nil)
        let facts = try receipt("27.00", merchant: "Hansa-Funktaxi")
        // The given report's item, though farther and unlike.
        XCTAssertEqual(matchedID(matcher.match(facts, among: [inDraft, inCurrent, inNone], preferring: [7, 3])), 2)
        // The given report (9) has none: the current one's.
        XCTAssertEqual(matchedID(matcher.match(facts, among: [inDraft, inCurrent, inNone], preferring: [9, 3])), 1)
        // No preference: all of them, and two rank equal.
        XCTAssertEqual(rankedIDs(matcher.match(facts, among: [inDraft, inCurrent, inNone])), [1, 3, 2])
    }

    func testAnAmbiguousPreferredReportDoesNotFallThrough() throws {
        let one = try item(1, "27.00", days: 1, report: 7)
        let other = try item(2, "27.00", days: 1, report: 7)
        let elsewhere = try item(3, "27.00", days: 0, merchant: "HANSA FUNKTAXI", report: 3)
        let decision = matcher.match(try receipt("27.00", merchant: "Hansa-Funktaxi"), among: [elsewhere, one, other], preferring: [7])
        XCTAssertEqual(rankedIDs(decision), [1, 2])
    }

    // MARK: Order and precedence

    func testAResemblingMerchantInAnotherCurrencyWinsOverTheSameCurrencyUnlike() throws {
        let unlike = try item(1, "27.00", "USD", days: 0, merchant: "UBER *TRIP")
        let alike = try item(2, "25.30", days: 2, merchant: "YELLOW CAB NYC")
        XCTAssertEqual(matchedID(matcher.match(try receipt("27.00", "USD", merchant: "Yellow Cab"), among: [unlike, alike])), 2)
    }

    func testTheDecisionDoesNotDependOnTheCandidatesOrder() throws {
        let candidates = [
            try item(1, "27.00", days: 1, merchant: "UBER *TRIP"),
            try item(2, "27.00", days: 1, merchant: "FREENOW"),
            try item(3, "27.00", days: 3, merchant: "HANSA FUNKTAXI"),
            try item(4, "27.00", days: 0, merchant: "Hansa Funktaxi Hamburg"),
            try item(5, "25.00", days: 0, merchant: "HANSA FUNKTAXI"),
            try item(6, "24.84", days: -1, merchant: "Taxi Berlin"),
        ]
        var generator = SeededGenerator(seed: 30)
        let receipts = [
            try receipt("27.00", merchant: "Hansa-Funktaxi"), try receipt("27.00", merchant: "Taxi"),
            try receipt(nil, merchant: "Hansa-Funktaxi"),
            try receipt("27.00", "USD"), try receipt(nil, merchant: "UBER"),
        ]
        for facts in receipts {
            let expected = matcher.match(facts, among: candidates)
            for _ in 0..<20 {
                XCTAssertEqual(matcher.match(facts, among: candidates.shuffled(using: &generator)), expected, "\(facts)")
            }
        }
        XCTAssertEqual(matchedID(matcher.match(receipts[0], among: candidates)), 4)
        XCTAssertEqual(matchedID(matcher.match(receipts[1], among: candidates)), 4)  // "Taxi" alone resembles none
        XCTAssertEqual(rankedIDs(matcher.match(receipts[2], among: candidates)), [4, 5, 3])
        XCTAssertEqual(matchedID(matcher.match(receipts[3], among: candidates)), 5)  // 25.00 EUR, 0.6 % off, the same day
        XCTAssertEqual(matchedID(matcher.match(receipts[4], among: candidates)), 1)
    }

    func testNoCandidatesIsNoMatch() throws {
        XCTAssertEqual(matcher.match(try receipt("27.00"), among: []), .none)
    }
}
