import ExpenseTestSupport
import Foundation
import XCTest

/// What waits for whom (issue 43, point 6): `inbox` for the person, `report overdue` for a
/// reminder job, and the quick actions that lead there.
final class InboxTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()  // EXPENSES_USER=alice owns what she creates
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
    }

    override func tearDown() { app = nil }

    private func inbox(_ user: String) throws -> [String: Any] {
        try XCTUnwrap(app.json("--user", user, "inbox") as? [String: Any])
    }

    private func ids(_ section: Any?) -> [Int] {
        ((section as? [[String: Any]]) ?? []).compactMap { ($0["report"] as? [String: Any])?["id"] as? Int ?? $0["id"] as? Int }
    }

    func testTheInboxSaysEmptySectionsPlainly() throws {
        XCTAssertEqual(
            try app.ok("inbox"),
            """
            Nothing waits for your decision.
            None of your reports was sent back.
            None of your approved reports has a cut item.
            No approved report waits to be paid.

            """)
    }

    func testAnApproverSeesWhatWaitsTheOwnerWhatWasSentBackAndFinanceWhatToPay() throws {
        try app.ok("report", "submit", "1")
        let bob = try app.ok("--user", "bob", "inbox")
        XCTAssertTrue(
            bob.hasPrefix(
                "Waiting for your decision (1):\n  1  Trip  alice  20.00 EUR  waiting since 2026-03-10 (0 days)  step: approver\n"), bob)
        XCTAssertTrue(try app.ok("inbox").hasPrefix("Nothing waits for your decision.\n"), "her own report is not hers to decide")
        let waiting = try XCTUnwrap((try inbox("bob")["toDecide"] as? [[String: Any]])?.first)
        XCTAssertEqual(waiting["waitsFor"] as? String, "approver")
        XCTAssertEqual(waiting["group"] as? Bool, true)
        XCTAssertEqual(waiting["since"] as? String, "2026-03-10T09:00:00Z")
        XCTAssertEqual(waiting["days"] as? Int, 0)

        try app.ok("--user", "bob", "report", "reject", "1", "--reason", "Receipt for the taxi is unreadable")
        XCTAssertEqual(ids(try inbox("bob")["toDecide"]), [])
        let alice = try app.ok("inbox")
        XCTAssertTrue(
            alice.contains(
                "Your reports sent back (1):\n  1  Trip  20.00 EUR  rejected by bob at 2026-03-10T09:00:00Z: Receipt for the taxi is unreadable\n"
                    + "    reopen it to change and submit it again: expenses report reopen 1\n"), alice)
        let rejected = try XCTUnwrap((try inbox("alice")["rejected"] as? [[String: Any]])?.first)
        XCTAssertEqual((rejected["decision"] as? [String: String])?["reason"], "Receipt for the taxi is unreadable")

        try app.ok("report", "reopen", "1")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1")
        XCTAssertEqual(ids(try inbox("carol")["toPay"]), [1])
        XCTAssertTrue(
            try app.ok("--user", "carol", "inbox").hasSuffix("Approved, waiting to be paid (1):\n  1  Trip  alice  due 132.00 EUR\n"))
        XCTAssertEqual(ids(try inbox("alice")["toPay"]), [], "her own report is not hers to pay")
        try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-1")
        XCTAssertEqual(ids(try inbox("carol")["toPay"]), [])
    }

    /// The route's steps, delegations and cuts are written as the route's, the delegate's and the
    /// cut's own commands write them (those are their tests'): here only what the inbox reads.
    func testTheInboxFollowsTheRouteAndSaysForWhomADelegateDecides() throws {
        try app.ok("report", "submit", "1")
        _ = try app.query(
            """
            DELETE FROM approval_steps WHERE report_id = 1;
            INSERT INTO approval_steps (report_id, position, approver, approver_group, why)
                VALUES (1, 1, 'bob', NULL, 'manager'), (1, 2, NULL, 'finance', 'second approval');
            INSERT INTO delegations (approver, delegate, from_date, until_date, created_at)
                VALUES ('bob', 'dave', '2026-03-09', '2026-03-15', '2026-03-01T08:00:00Z'),
                       ('dave', 'erin', '2026-03-01', '2026-03-31', '2026-03-01T08:00:00Z');
            """)
        XCTAssertTrue(
            try app.ok("--user", "bob", "inbox").hasPrefix(
                "Waiting for your decision (1):\n  1  Trip  alice  20.00 EUR  waiting since 2026-03-10 (0 days)  step: manager\n"))
        XCTAssertTrue(try app.ok("--user", "dave", "inbox").contains("  step: manager  for bob\n"), "bob's delegate")
        XCTAssertEqual(((try inbox("dave")["toDecide"] as? [[String: Any]])?.first?["for"]) as? String, "bob")
        XCTAssertEqual(ids(try inbox("erin")["toDecide"]), [], "dave's delegate does not get bob's steps")
        XCTAssertEqual(ids(try inbox("carol")["toDecide"]), [], "the step is bob's, not any approver's")
        app.environment["EXPENSES_NOW"] = "2026-03-16T09:00:00Z"
        XCTAssertEqual(ids(try inbox("dave")["toDecide"]), [], "the delegation ended by itself")

        _ = try app.query(
            "UPDATE approval_steps SET decided_by = 'bob', decided_at = '2026-03-11T09:00:00Z' WHERE report_id = 1 AND position = 1")
        XCTAssertTrue(try app.ok("--user", "carol", "inbox").contains("  step: second approval\n"), "finance's step")
        let overdue = try XCTUnwrap(app.json("report", "overdue", "--days", "5") as? [[String: Any]])
        XCTAssertEqual(overdue.first?["waitsFor"] as? String, "any of finance")
        XCTAssertEqual(overdue.first?["why"] as? String, "second approval")
    }

    func testTheTravellerSeesWhatWasCutFromHerApprovedReportAndWhy() throws {
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "23.50", "--category", "meals")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1")
        _ = try app.query(
            """
            INSERT INTO expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, on_behalf_of, cut_at)
                VALUES (2, 1, 0, 'minibar is private', 'dave', 'bob', '2026-03-10T09:00:00Z');
            """)
        let alice = try app.ok("inbox")
        XCTAssertTrue(
            alice.contains(
                "Your approved reports with cut items (1):\n  1  Trip  due 132.00 EUR\n"
                    + "    item 2 (meals) cut from 23.50 EUR to 0.00 EUR by dave for bob: minibar is private\n"), alice)
        let cut = try XCTUnwrap((try inbox("alice")["cut"] as? [[String: Any]])?.first?["cuts"] as? [[String: Any]])
        XCTAssertEqual(cut.first?["reason"] as? String, "minibar is private")
        let due = (try inbox("alice")["cut"] as? [[String: Any]])?.first?["due"] as? [String: Any]
        XCTAssertEqual(due?["amount"] as? String, "132.00", "its per diems and items at their approved amounts")
        XCTAssertEqual(ids(try inbox("bob")["cut"]), [], "only the traveller's own")
    }

    func testOverdueListsReportsThatWaitedLongerThanTheDaysAndExitsZeroEitherWay() throws {
        try app.ok("report", "submit", "1")
        app.environment["EXPENSES_NOW"] = "2026-03-13T09:00:00Z"
        XCTAssertEqual(try app.ok("report", "overdue", "--days", "3", "--format", "json"), "[]\n", "three days to the second is not longer")
        app.environment["EXPENSES_NOW"] = "2026-03-13T09:01:00Z"
        let overdue = try XCTUnwrap(app.json("report", "overdue", "--days", "3") as? [[String: Any]])
        XCTAssertEqual(overdue.map { $0["id"] as? Int }, [1])
        XCTAssertEqual(overdue.first?["waitsFor"] as? String, "any approver")
        XCTAssertEqual(overdue.first?["since"] as? String, "2026-03-10T09:00:00Z")
        XCTAssertEqual(overdue.first?["days"] as? Int, 3)
        XCTAssertEqual(overdue.first?["owner"] as? String, "alice")

        let bad = try app.run("report", "overdue")
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--days"), bad.stderr)
    }

    func testShowReportsOpensTheInboxOfSomeoneReportsWaitFor() throws {
        let showReports = "com.sap.example.showReports"
        XCTAssertEqual(
            try app.ok("--user", "bob", "--shortcut", showReports), try app.ok("--user", "bob", "report", "list"), "nothing waits: the list"
        )
        try app.ok("report", "submit", "1")
        XCTAssertTrue(try app.ok("--user", "bob", "--shortcut", showReports).hasPrefix("Waiting for your decision (1):\n"))
        XCTAssertEqual(try app.ok("--shortcut", showReports), try app.ok("report", "list"), "alice's own report waits for others")
    }

    func testApproveNReportsIsKeptCurrentAfterEachStep() throws {
        func approveItem(_ user: String) throws -> String? {
            let list = try XCTUnwrap(app.json("--user", user, "shortcuts", "list") as? [[String: Any]])
            return list.first { ($0["type"] as? String) == "com.sap.example.approveReports" }?["title"] as? String
        }
        try app.ok("report", "new", "Second", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "2", "--date", "2026-03-03", "--amount", "15", "--category", "taxi")
        try app.ok("report", "submit", "1")
        try app.ok("report", "submit", "2")
        XCTAssertNil(try approveItem("alice"), "her own reports wait for others")
        try app.ok("--user", "bob", "report", "show", "1")
        try app.ok("--user", "bob", "report", "reject", "2", "--reason", "not ours")
        XCTAssertEqual(try approveItem("bob"), "Approve 1 report")
        app.environment["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(try approveItem("bob"), "1 Abrechnung genehmigen", "in the reader's language")
        app.environment["LANG"] = "C.UTF-8"
        XCTAssertEqual(
            try app.ok("--user", "bob", "--shortcut", "com.sap.example.approveReports").components(separatedBy: "\n").first,
            "Waiting for your decision (1):")
        try app.ok("--user", "bob", "report", "approve", "1")
        XCTAssertNil(try approveItem("bob"), "nothing waits: the item is gone")
    }
}
