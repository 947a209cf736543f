import XCTest
@testable import ExpenseCore
@testable import ExpenseSupport

final class PolicyCheckTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let usd = CurrencyTable.standard.currency("USD")!

    func date(_ text: String) -> CalendarDate { (try? CalendarDate.parse(text)) ?? CalendarDate(dayNumber: 0) }

    func item(_ id: Int64, _ day: String, _ cents: Int64, _ category: String, merchant: String = "", report: Int64 = 1,
              currency: Currency? = nil) -> Expense {
        let money = Money(minorUnits: cents, currency: currency ?? eur)
        return Expense(id: id, reportID: report, date: date(day), category: category, merchant: merchant, amount: money,
                       conversion: .init(rate: .one, source: .same, converted: Money(minorUnits: cents, currency: eur)))
    }

    var report: Report {
        Report(id: 1, title: "Trip", startDate: date("2026-03-02"), endDate: date("2026-03-06"), currency: eur, owner: "alice")
    }

    func keys(_ check: PolicyCheck) -> [String] { check.violations().map(\.key) }

    func testDuplicateNeedsSameDateAmountCurrencyAndCategoryOrMerchant() {
        let a = item(1, "2026-03-03", 1200, "meals", merchant: "Krone")
        XCTAssertNotNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-03", 1200, "meals", merchant: "Ochsen")))
        XCTAssertNotNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-03", 1200, "taxi", merchant: " krone ")))
        XCTAssertNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-03", 1200, "taxi", merchant: "RNV")))
        XCTAssertNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-04", 1200, "meals", merchant: "Krone")))
        XCTAssertNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-03", 1201, "meals", merchant: "Krone")))
        XCTAssertNil(PolicyCheck.duplicateReason(a, item(2, "2026-03-03", 1200, "meals", merchant: "Krone", currency: usd)))
        XCTAssertNil(PolicyCheck.duplicateReason(item(1, "2026-03-03", 1200, "taxi"), item(2, "2026-03-03", 1200, "parking")),
                     "two empty merchants are not the same merchant")
    }

    func testDailyLimitSumsOneCategoryOnOneDay() {
        let categories = [Category(code: "meals", name: "Meals", dailyLimit: Money(minorUnits: 8000, currency: eur))]
        var check = PolicyCheck(report: report, items: [item(1, "2026-03-03", 5000, "meals"), item(2, "2026-03-03", 3000, "meals"),
                                                        item(3, "2026-03-04", 7000, "meals")], categories: categories)
        XCTAssertEqual(keys(check), [], "80.00 exactly is within the limit")
        check.items.append(item(4, "2026-03-03", 1, "meals"))
        XCTAssertEqual(keys(check), ["daily-limit:meals:2026-03-03"])
        check.convertLimit = { _, _, _ in nil }
        XCTAssertEqual(keys(check), [], "a limit that cannot be converted is not guessed")
    }

    func testMissingAndSharedReceipts() {
        let categories = [Category(code: "lodging", name: "Lodging", receiptRequiredAbove: Money(minorUnits: 0, currency: eur))]
        var check = PolicyCheck(report: report, items: [item(1, "2026-03-03", 100, "lodging"), item(2, "2026-03-04", 100, "lodging")],
                                categories: categories)
        check.receipts = [1: ["aaaa"]]
        XCTAssertEqual(keys(check), ["missing-receipt:2"])
        check.receipts[2] = ["aaaa"]
        check.receiptUses = ["aaaa": [1, 2]]
        XCTAssertEqual(keys(check), ["shared-receipt:aaaa"])
    }

    func testSeveritiesAndAcknowledgements() {
        var check = PolicyCheck(report: report, items: [item(1, "2026-03-09", 100, "taxi")], categories: [])
        XCTAssertEqual(check.violations().first?.severity, .warning)
        check.acknowledgements = ["outside-trip:1": "day after"]
        XCTAssertEqual(check.violations().first?.acknowledgement, "day after")
        check.severities = [.outsideTrip: .blocking]
        XCTAssertEqual(check.violations().first?.blocks, true)
        XCTAssertNil(check.violations().first?.acknowledgement, "a blocking violation is never acknowledged")
        check.severities = [.outsideTrip: .off]
        XCTAssertEqual(keys(check), [])
    }

    func testWorkflowActions() throws {
        var draft = report
        XCTAssertNoThrow(try ReportAction.submit.check(draft, by: "alice"))
        XCTAssertThrowsError(try ReportAction.submit.check(draft, by: "bob"))
        XCTAssertThrowsError(try ReportAction.approve.check(draft, by: "bob"))
        draft.status = .submitted
        XCTAssertThrowsError(try ReportAction.approve.check(draft, by: "alice"))
        XCTAssertNoThrow(try ReportAction.approve.check(draft, by: "bob"))
        for action in ReportAction.allCases {
            XCTAssertTrue(action.from.canMove(to: action.to), "\(action) must follow the state machine")
        }
        let reachable = Set(ReportAction.allCases.map { "\($0.from.rawValue)>\($0.to.rawValue)" })
        let legal = Set(ReportStatus.allCases.flatMap { from in from.successors.map { "\(from.rawValue)>\($0.rawValue)" } })
        XCTAssertEqual(reachable, legal, "every legal transition has exactly one command")
    }
}
