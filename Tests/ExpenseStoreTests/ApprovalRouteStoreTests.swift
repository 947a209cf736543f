import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// A report's route on a file (issue 43): made at its submission from the managers, the cost
/// centres' owners and the policy; decided step by step by whom it waits for, or their delegate
/// during the delegation. On a team database the server does the same (TeamApprovalRouteTests).
final class ApprovalRouteStoreTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a team database's route is the server's own, attacked as its members in TeamApprovalRouteTests")
    }

    private var store: Store!
    private var eur: Currency!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: path(), now: { "2026-03-02T10:00:00Z" })
        eur = try currency("EUR")
        // alice's manager is bob, whose manager is carla; erin owns cost centre 4711.
        try store.db.execute(
            """
            INSERT INTO people (name, manager, changed_by, changed_at) VALUES
                ('alice', 'bob', 'fiona', '2026-03-01T09:00:00Z'), ('bob', 'carla', 'fiona', '2026-03-01T09:00:00Z'),
                ('dave', 'bob', 'fiona', '2026-03-01T09:00:00Z');
            INSERT INTO cost_centres (code, name, owner, changed_by, changed_at)
            VALUES ('4711', 'Sales', 'erin', 'fiona', '2026-03-01T09:00:00Z');
            """)
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    /// A draft of `owner`'s with one item of `minor` cents, charged to `centre` when given.
    private func draft(of owner: String, minor: Int64 = 5_000, centre: String? = nil) throws -> Report {
        let report = try store.insertReport(
            Report(id: 0, title: "Walldorf", purpose: "", destination: "", startDate: nil, endDate: nil, currency: eur, owner: owner))
        var item = Expense(
            reportID: report.id, date: try CalendarDate.parse("2026-03-02"), category: "rail", merchant: "DB",
            amount: Money(minorUnits: minor, currency: eur), paidBy: .personal)
        item.conversion = Expense.Conversion(rate: .one, source: .same, converted: item.amount)
        _ = try store.insertExpense(item)
        if let centre {
            try store.db.execute(
                "INSERT INTO report_cost_centres (report_id, cost_centre, share) VALUES (\(report.id), \(centre), 10000)" as SQL)
        }
        return try store.report(report.id)
    }

    private func route(_ id: Int64) throws -> [String] {
        try store.approvalSteps(id).map { "\($0.position) \($0.decider) (\($0.why)) \($0.decidedBy ?? "-") \($0.onBehalfOf ?? "-")" }
    }

    private func take(_ action: ReportAction, _ id: Int64, by user: UserName, reason: String = "") throws -> Report {
        try store.write { try store.apply(action, to: id, by: user, reason: reason) }
    }

    func testOnlyTheWaitingStepsApproverDecidesAndTheLastStepApproves() throws {
        let report = try draft(of: "alice", centre: "4711")
        try take(.submit, report.id, by: "alice")
        XCTAssertEqual(try route(report.id), ["1 bob (manager) - -", "2 erin (cost centre 4711) - -"])

        assertExpenseError(
            try take(.approve, report.id, by: "erin"), kind: .permissionDenied,
            messageContains: "waits for bob (step 1 of 2: manager)")
        XCTAssertEqual(try take(.approve, report.id, by: "bob", reason: "fine").status, .submitted)
        XCTAssertEqual(try store.events(report.id).last?.reason, "step 1 of 2 (manager); fine")
        assertExpenseError(try take(.approve, report.id, by: "bob"), kind: .permissionDenied, messageContains: "waits for erin")
        XCTAssertEqual(try take(.approve, report.id, by: "erin").status, .approved)
        XCTAssertEqual(try route(report.id), ["1 bob (manager) bob -", "2 erin (cost centre 4711) erin -"])
        XCTAssertEqual(try store.events(report.id).map(\.to), [.submitted, .submitted, .approved])
    }

    func testTheWaitingApproverRejectsAndRecallOrReopenRoutesAgainAtTheNextSubmission() throws {
        let report = try draft(of: "alice", centre: "4711")
        try take(.submit, report.id, by: "alice")
        assertExpenseError(try take(.reject, report.id, by: "erin", reason: "no"), kind: .permissionDenied)
        XCTAssertEqual(try take(.reject, report.id, by: "bob", reason: "receipt missing").status, .rejected)
        try take(.reopen, report.id, by: "alice")
        XCTAssertEqual(try route(report.id), [], "a draft has no route")
        // Alice's manager is erin now, who also owns 4711: the next submission's route is one step.
        try store.db.execute("UPDATE people SET manager = 'erin' WHERE name = 'alice'" as SQL)
        try take(.submit, report.id, by: "alice")
        XCTAssertEqual(try route(report.id), ["1 erin (manager, cost centre 4711) - -"])
        try take(.recall, report.id, by: "alice")
        XCTAssertEqual(try route(report.id), [])
    }

    func testASecondApprovalAboveThePolicysThreshold() throws {
        try store.setApprovalPolicy(
            ApprovalPolicy(order: .costCentreFirst, secondAbove: Money(minorUnits: 100_000, currency: eur), secondApprover: .manager),
            by: "fiona")
        XCTAssertEqual(try store.approvalPolicy().order, .costCentreFirst)
        let report = try draft(of: "alice", minor: 150_000, centre: "4711")
        try take(.submit, report.id, by: "alice")
        XCTAssertEqual(
            try route(report.id), ["1 erin (cost centre 4711) - -", "2 bob (manager) - -", "3 carla (second approval) - -"])
    }

    func testADelegateDecidesForTheApproverOnlyDuringTheDelegationAndNeverPassesItOn() throws {
        let report = try draft(of: "alice", centre: "4711")
        try take(.submit, report.id, by: "alice")
        // Not yet in force on 2026-03-02.
        let later = try store.addDelegation(
            to: "dave", from: try CalendarDate.parse("2026-03-03"), until: try CalendarDate.parse("2026-03-09"), by: "bob")
        assertExpenseError(try take(.approve, report.id, by: "dave"), kind: .permissionDenied, messageContains: "waits for bob")
        try store.removeDelegation(later, by: "bob")
        try store.addDelegation(
            to: "dave", from: try CalendarDate.parse("2026-03-01"), until: try CalendarDate.parse("2026-03-02"), by: "bob")
        // Erin is dave's own delegate: she gets none of bob's steps through him.
        try store.addDelegation(
            to: "erin", from: try CalendarDate.parse("2026-03-01"), until: try CalendarDate.parse("2026-03-09"), by: "dave")
        assertExpenseError(try take(.approve, report.id, by: "erin"), kind: .permissionDenied, messageContains: "waits for bob")

        XCTAssertEqual(try take(.approve, report.id, by: "dave", reason: "ok").status, .submitted)
        XCTAssertEqual(try route(report.id).first, "1 bob (manager) dave bob")
        let entry = try XCTUnwrap(store.events(report.id).last)
        XCTAssertEqual([entry.actor, entry.reason], ["dave", "step 1 of 2 (manager); for bob; ok"])
        XCTAssertNoThrow(try store.verifyAuditLog())

        // Dave's own report waits for bob too: his delegation does not let him approve it.
        let own = try draft(of: "dave")
        try take(.submit, own.id, by: "dave")
        assertExpenseError(try take(.approve, own.id, by: "dave"), kind: .permissionDenied, code: .ownerCannotAct)
    }

    func testADelegationToOneselfBackwardsOrOverIsRefusedAndOnlyItsApproverRemovesIt() throws {
        let day = { (text: String) in try CalendarDate.parse(text) }
        assertExpenseError(
            try store.addDelegation(to: "Bob", from: try day("2026-03-02"), until: try day("2026-03-03"), by: "bob"),
            kind: .invalidData, messageContains: "own delegate")
        assertExpenseError(
            try store.addDelegation(to: "dave", from: try day("2026-03-05"), until: try day("2026-03-03"), by: "bob"),
            kind: .invalidData, messageContains: "before it starts")
        assertExpenseError(
            try store.addDelegation(to: "dave", from: try day("2026-02-01"), until: try day("2026-03-01"), by: "bob"),
            kind: .invalidData, messageContains: "which is past")
        let id = try store.addDelegation(to: "dave", from: try day("2026-03-02"), until: try day("2026-03-02"), by: "bob")
        assertExpenseError(try store.removeDelegation(id, by: "dave"), kind: .notFound)
        XCTAssertEqual(try store.delegations().map(\.delegate), ["dave"])
        try store.removeDelegation(id, by: "bob")
        XCTAssertEqual(try store.delegations(), [])
    }

    func testAReportWithNoManagerAndNoCostCentreWaitsForAnyoneButItsOwner() throws {
        let report = try draft(of: "zoe")
        try take(.submit, report.id, by: "zoe")
        XCTAssertEqual(try route(report.id), ["1 any approver (approver) - -"])
        assertExpenseError(try take(.approve, report.id, by: "zoe"), kind: .permissionDenied)
        XCTAssertEqual(try take(.approve, report.id, by: "yann").status, .approved)
    }
}
