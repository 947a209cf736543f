import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class PolicyCheckTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let usd = CurrencyTable.standard.currency("USD")!

    func date(_ text: String) -> CalendarDate { (try? CalendarDate.parse(text)) ?? CalendarDate(dayNumber: 0) }

    func item(
        _ id: Int64, _ day: String, _ cents: Int64, _ category: String, merchant: String = "", report: Int64 = 1,
        currency: Currency? = nil
    ) -> Expense {
        let money = Money(minorUnits: cents, currency: currency ?? eur)
        return Expense(
            id: id, reportID: report, date: date(day), category: category, merchant: merchant, amount: money,
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
        XCTAssertNil(
            PolicyCheck.duplicateReason(item(1, "2026-03-03", 1200, "taxi"), item(2, "2026-03-03", 1200, "parking")),
            "two empty merchants are not the same merchant")
    }

    func testIdenticalItemsAreOneFindingNotEveryPair() {
        // 1,000 identical items were 499,500 pair findings; 100,000 never finished.
        let items = (1...100_000).map { item(Int64($0), "2026-03-03", 1200, "meals", merchant: "Krone") }
        let found = PolicyCheck(report: report, items: items, categories: []).violations().filter { $0.rule == .duplicate }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.key, "duplicate:1:100000")
        XCTAssertEqual(found.first?.expenseIDs, Array(1...100_000), "the finding keeps every id")
        XCTAssertEqual(
            found.first?.message,
            "100,000 items (1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 99,990 more) may be duplicates: "
                + "same date 2026-03-03, amount 12.00 EUR, category meals, merchant 'Krone'",
            "the message lists the first ten")
    }

    func testEachGroupOfDuplicatesIsOneFinding() {
        let items = [
            item(1, "2026-03-03", 1200, "meals", merchant: "Krone"), item(2, "2026-03-03", 1200, "meals", merchant: "Krone"),
            item(3, "2026-03-04", 1800, "taxi", merchant: "Taxi"), item(4, "2026-03-04", 1800, "taxi", merchant: "taxi "),
            item(5, "2026-03-04", 1800, "taxi", merchant: "Taxi"), item(6, "2026-03-04", 1800, "parking", merchant: "RNV"),
            item(7, "2026-03-05", 500, "meals"),
        ]
        let found = PolicyCheck(report: report, items: items, categories: []).violations()
        XCTAssertEqual(found.map(\.key), ["duplicate:1:2", "duplicate:3:5"])
        XCTAssertEqual(found.map(\.expenseIDs), [[1, 2], [3, 4, 5]])
        XCTAssertEqual(
            found.first?.message,
            "items 1 and 2 may be duplicates: same date 2026-03-03, amount 12.00 EUR, category meals, merchant 'Krone'")
        XCTAssertEqual(
            found.last?.message,
            "3 items (3, 4, 5) may be duplicates: same date 2026-03-04, amount 18.00 EUR, category taxi, merchant 'Taxi'")
    }

    func testItemsLinkedByCategoryOrMerchantFormOneGroup() {
        // 1 and 2 share the category, 2 and 3 the merchant: one group, though 1 and 3 share neither.
        let items = [
            item(1, "2026-03-03", 1200, "meals", merchant: "Krone"), item(2, "2026-03-03", 1200, "meals", merchant: "Ochsen"),
            item(3, "2026-03-03", 1200, "taxi", merchant: "Ochsen"),
        ]
        let found = PolicyCheck(report: report, items: items, categories: []).violations()
        XCTAssertEqual(found.map(\.key), ["duplicate:1:3"])
        XCTAssertEqual(
            found.first?.message,
            "3 items (1, 2, 3) may be duplicates: same date 2026-03-03, amount 12.00 EUR; "
                + "each shares its category or merchant with another")
    }

    func testOtherReportsItemsJoinThroughAnItemOfTheReportOnly() {
        var check = PolicyCheck(report: report, items: [item(5, "2026-03-03", 1200, "meals", merchant: "Krone")], categories: [])
        check.otherItems = [
            item(2, "2026-03-03", 1200, "meals", report: 2), item(9, "2026-03-03", 1200, "taxi", merchant: "krone", report: 3),
        ]
        XCTAssertEqual(
            check.violations().map(\.message),
            [
                "3 items (2 of report 2, 5, 9 of report 3) may be duplicates: same date 2026-03-03, amount 12.00 EUR; "
                    + "each shares its category or merchant with another"
            ])
        check.otherItems = [
            item(2, "2026-03-03", 1200, "meals", report: 2), item(3, "2026-03-03", 1200, "taxi", merchant: "Bar", report: 2),
            Expense(id: 4, date: date("2026-03-03"), category: "meals", amount: Money(minorUnits: 1200, currency: eur)),
        ]
        let found = check.violations()
        XCTAssertEqual(found.map(\.key), ["duplicate:2:5"], "item 3 matches neither the category nor the merchant of item 5")
        XCTAssertEqual(found.first?.expenseIDs, [2, 4, 5])
        XCTAssertEqual(
            found.first?.message,
            "3 items (2 of report 2, 4 (unassigned), 5) may be duplicates: same date 2026-03-03, "
                + "amount 12.00 EUR, category meals")
        check.otherItems = [item(2, "2026-03-03", 1200, "meals", report: 2)]
        XCTAssertEqual(
            check.violations().first?.message,
            "item 5 and item 2 of report 2 may be duplicates: same date 2026-03-03, amount 12.00 EUR, category meals",
            "a pair is worded as it always was")
        XCTAssertEqual(check.violations().first?.key, "duplicate:2:5")
    }

    func testADaysItemsAreListedUpToTenInTheMessage() {
        let categories = [Category(code: "meals", name: "Meals", dailyLimit: Money(minorUnits: 8000, currency: eur))]
        let items = (1...25).map { item(Int64($0), "2026-03-03", 1000 + Int64($0), "meals") }
        var check = PolicyCheck(report: report, items: items, categories: categories)
        check.rules = [.dailyLimit]
        XCTAssertEqual(
            check.violations().first?.message,
            "meals on 2026-03-03: 253.25 EUR is over the daily limit of 80.00 EUR (items 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 15 more)")
        XCTAssertEqual(check.violations().first?.expenseIDs.count, 25)
    }

    func testADayBeyondTheLargestTotalIsOverItsLimitWithoutOverflow() {
        let categories = [Category(code: "meals", name: "Meals", dailyLimit: Money(minorUnits: 8000, currency: eur))]
        let items = (1...9_300).map { item(Int64($0), "2026-03-03", Money.maximumMinorUnits, "meals") }
        var check = PolicyCheck(report: report, items: items, categories: categories)
        check.rules = [.dailyLimit]
        XCTAssertEqual(
            check.violations().first?.message.hasPrefix(
                "meals on 2026-03-03: more than 9,999,999,999,999,999.99 EUR is over the daily limit of 80.00 EUR"), true)
    }

    func testOnlyTheRulesAskedForAreChecked() {
        let categories = [Category(code: "lodging", name: "Lodging", receiptRequiredAbove: Money(minorUnits: 0, currency: eur))]
        var check = PolicyCheck(
            report: report, items: [item(1, "2026-03-09", 100, "lodging"), item(2, "2026-03-09", 100, "lodging")],
            categories: categories)
        XCTAssertEqual(keys(check), ["missing-receipt:1", "missing-receipt:2", "outside-trip:1", "outside-trip:2", "duplicate:1:2"])
        check.rules = [.missingReceipt]
        XCTAssertEqual(keys(check), ["missing-receipt:1", "missing-receipt:2"])
    }

    func testDailyLimitSumsOneCategoryOnOneDay() {
        let categories = [Category(code: "meals", name: "Meals", dailyLimit: Money(minorUnits: 8000, currency: eur))]
        var check = PolicyCheck(
            report: report,
            items: [
                item(1, "2026-03-03", 5000, "meals"), item(2, "2026-03-03", 3000, "meals"),
                item(3, "2026-03-04", 7000, "meals"),
            ], categories: categories)
        XCTAssertEqual(keys(check), [], "80.00 exactly is within the limit")
        check.items.append(item(4, "2026-03-03", 1, "meals"))
        XCTAssertEqual(keys(check), ["daily-limit:meals:2026-03-03"])
        check.convertLimit = { _, _, _ in nil }
        XCTAssertEqual(keys(check), [], "a limit that cannot be converted is not guessed")
    }

    func testALodgingBillForSeveralNightsIsHeldToTheLimitPerNight() throws {
        let categories = [Category(code: "lodging", name: "Lodging", dailyLimit: Money(minorUnits: 30_000, currency: eur))]
        var three = item(1, "2026-03-02", 90_000, "lodging")
        three.nights = 3
        var check = PolicyCheck(report: report, items: [three], categories: categories)
        XCTAssertEqual(keys(check), [], "900.00 for 3 nights is 300.00 a night")
        check.items[0].amount.minorUnits = 100_000
        check.items[0].conversion?.converted.minorUnits = 100_000
        XCTAssertEqual(keys(check), ["daily-limit:lodging:2026-03-02:1"])
        XCTAssertEqual(
            check.violations().first?.message,
            "lodging from 2026-03-02, 3 nights: 1,000.00 EUR is over the daily limit of 300.00 EUR a night (item 1)")
        check.items[0].nights = nil
        XCTAssertEqual(keys(check), ["daily-limit:lodging:2026-03-02"], "without nights it is one day's")
    }

    func testAMileageItemNeedsNoReceipt() throws {
        let categories = [Category(code: "mileage", name: "Mileage", receiptRequiredAbove: Money(minorUnits: 0, currency: eur))]
        var driven = item(1, "2026-03-02", 3_000, "mileage")
        XCTAssertEqual(keys(PolicyCheck(report: report, items: [driven], categories: categories)), ["missing-receipt:1"])
        driven.journey = Journey(distance: try Distance(tenths: 1_000), vehicle: .car)
        XCTAssertEqual(keys(PolicyCheck(report: report, items: [driven], categories: categories)), [])
    }

    func testMissingAndSharedReceipts() {
        let categories = [Category(code: "lodging", name: "Lodging", receiptRequiredAbove: Money(minorUnits: 0, currency: eur))]
        var check = PolicyCheck(
            report: report, items: [item(1, "2026-03-03", 100, "lodging"), item(2, "2026-03-04", 100, "lodging")],
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

extension PolicyCheckTests {
    /// Input VAT is reclaimable only with a receipt naming it (issue 41): an item with VAT and no
    /// receipt is a warning; one with its receipt, or without VAT, is none.
    func testVATWithoutAReceiptIsAWarning() throws {
        var withVAT = item(1, "2026-03-03", 2_380, "taxi")
        withVAT.vat = VATSplit(withVAT.amount, rate: try XCTUnwrap(VATRate(percent: "19")))
        var kept = item(2, "2026-03-04", 2_380, "taxi")
        kept.vat = withVAT.vat
        let plain = item(3, "2026-03-05", 2_300, "taxi")
        var check = PolicyCheck(report: report, items: [withVAT, kept, plain], categories: [])
        check.receipts = [2: ["abc"]]
        check.rules = [.vatWithoutReceipt]
        let found = check.violations()
        XCTAssertEqual(found.map(\.key), ["vat-without-receipt:1"])
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(
            found.first?.message,
            "item 1 (taxi, 23.80 EUR) gives its VAT but has no receipt: input VAT is reclaimable only with a receipt naming it")
    }
}
