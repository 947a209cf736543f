import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

/// Many receipts at once (an import, `receipt match`): no item goes to two receipts.
final class ReceiptMatcherBatchTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 9)!
    private let matcher = ReceiptMatcher()

    private func item(_ id: Int64, _ minor: Int64, days: Int = 0, merchant: String = "") throws -> Expense {
        Expense(
            id: id, reportID: 1, date: day.adding(days: days), category: "taxi", merchant: merchant,
            amount: Money(minorUnits: minor, currency: try currency("EUR")))
    }

    private func receipt(_ minor: Int64?, merchant: String? = nil) throws -> ReceiptFacts {
        ReceiptFacts(date: day, total: try minor.map { Money(minorUnits: $0, currency: try currency("EUR")) }, merchant: merchant)
    }

    func testEachReceiptGetsItsOwnItem() throws {
        let taxi = try item(1, 2700, days: 1, merchant: "HANSA FUNKTAXI HAMBURG")
        let hotel = try item(2, 41280, days: 2, merchant: "HOTEL ASTORIA WALLDORF")
        let decisions = matcher.matchAll(
            [(10, try receipt(2700, merchant: "Hansa-Funktaxi GmbH")), (11, try receipt(41280)), (12, try receipt(999))],
            among: [hotel, taxi])
        XCTAssertEqual(decisions.map(\.receiptID), [10, 11, 12])
        XCTAssertEqual(decisions.map { $0.decision.matched?.id }, [1, 2, nil])
        XCTAssertEqual(decisions[2].decision, .none)
    }

    func testTwoReceiptsForOneItemAttachNeither() throws {
        let taxi = try item(1, 2700, days: 1, merchant: "HANSA FUNKTAXI HAMBURG")
        let hotel = try item(2, 41280, days: 0)
        let decisions = matcher.matchAll(
            [(10, try receipt(2700)), (11, try receipt(nil, merchant: "Hansa-Funktaxi")), (12, try receipt(41280))],
            among: [taxi, hotel])
        for decision in decisions.prefix(2) {
            guard case .ambiguous(let candidates) = decision.decision else { return XCTFail("expected ambiguous: \(decision)") }
            XCTAssertEqual(candidates.map(\.item.id), [1])
        }
        XCTAssertEqual(decisions[2].decision.matched?.id, 2)
    }

    func testTheOrderOfTheReceiptsDoesNotChangeTheirDecisions() throws {
        let items = [try item(1, 2700, days: 1), try item(2, 2700, days: 3), try item(3, 1500, days: 0, merchant: "Cafe Rosa")]
        let receipts: [(id: Int64, facts: ReceiptFacts)] = [
            (10, try receipt(2700)), (11, try receipt(2700)), (12, try receipt(nil, merchant: "SQ *CAFE ROSA")), (13, try receipt(1500)),
        ]
        let forward = matcher.matchAll(receipts, among: items)
        let backward = matcher.matchAll(receipts.reversed(), among: items)
        XCTAssertEqual(forward, backward.reversed())
        XCTAssertEqual(forward.map { $0.decision.matched?.id }, [nil, nil, nil, nil])
    }

    func testNoReceiptsNoDecisions() {
        XCTAssertEqual(matcher.matchAll([], among: []), [])
    }
}
