import ExpenseCore
import XCTest

final class ApprovalRouteTests: XCTestCase {
    private let managers = ["alice": "bob", "bob": "carla", "dave": "bob"]
    private func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: CurrencyTable.standard.currency("EUR")!) }

    private func route(
        _ owner: String, total: Int64 = 10_000, centres: [(code: String, owner: String)] = [], policy: ApprovalPolicy = .init()
    ) -> [String] {
        ApprovalRoute.steps(owner: owner, total: eur(total), managers: managers, costCentres: centres, policy: policy).map {
            "\($0.position) \($0.decider) (\($0.why))"
        }
    }

    func testTheManagerThenEachCostCentresOwner() {
        XCTAssertEqual(
            route("alice", centres: [("4711", "erin"), ("4712", "frank")]),
            ["1 bob (manager)", "2 erin (cost centre 4711)", "3 frank (cost centre 4712)"])
    }

    func testTheCostCentresFirstWhenThePolicySaysSo() {
        XCTAssertEqual(
            route("alice", centres: [("4711", "erin")], policy: ApprovalPolicy(order: .costCentreFirst)),
            ["1 erin (cost centre 4711)", "2 bob (manager)"])
    }

    func testTheOwnersOwnCostCentreGoesToTheirManagerAndOnePersonDecidesOnce() {
        XCTAssertEqual(route("alice", centres: [("4711", "alice")]), ["1 bob (manager, cost centre 4711)"])
        XCTAssertEqual(route("alice", centres: [("4711", "bob")]), ["1 bob (manager, cost centre 4711)"])
    }

    func testNoStepAtAllIsAnyApprover() {
        XCTAssertEqual(route("zoe"), ["1 any approver (approver)"])
        // Her own cost centre and no manager: any approver decides for it.
        XCTAssertEqual(route("zoe", centres: [("4711", "zoe")]), ["1 any approver (cost centre 4711)"])
    }

    func testASecondApprovalAboveTheThresholdInItsCurrencyOnly() {
        let policy = ApprovalPolicy(secondAbove: eur(100_000), secondApprover: .manager)
        XCTAssertEqual(route("alice", total: 100_000, policy: policy), ["1 bob (manager)"])
        XCTAssertEqual(route("alice", total: 100_001, policy: policy), ["1 bob (manager)", "2 carla (second approval)"])
        // Bob's manager is carla, who has none: finance takes the second.
        XCTAssertEqual(route("bob", total: 100_001, policy: policy), ["1 carla (manager)", "2 finance (second approval)"])
        let finance = ApprovalPolicy(secondAbove: eur(100_000), secondApprover: .finance)
        XCTAssertEqual(route("alice", total: 200_000, policy: finance), ["1 bob (manager)", "2 finance (second approval)"])
        let usd = ApprovalRoute.steps(
            owner: "alice", total: Money(minorUnits: 900_000, currency: CurrencyTable.standard.currency("USD")!), managers: managers,
            costCentres: [], policy: policy)
        XCTAssertEqual(usd.count, 1, "a report in another currency is not compared")
    }

    func testTheWaitingStepAndTheLoggedReason() {
        var steps = ApprovalRoute.steps(
            owner: "alice", total: eur(1), managers: managers, costCentres: [("4711", "erin")], policy: .init())
        XCTAssertEqual(ApprovalRoute.waiting(steps)?.approver, "bob")
        steps[0].decidedBy = "dave"
        XCTAssertEqual(ApprovalRoute.waiting(steps)?.approver, "erin")
        XCTAssertEqual(
            ApprovalRoute.loggedReason(of: steps[0], count: 2, for: "bob", reason: "fine"), "step 1 of 2 (manager); for bob; fine")
        XCTAssertEqual(ApprovalRoute.loggedReason(of: steps[0], count: 1, for: nil, reason: "fine"), "fine")
    }
}
