import ExpenseTestSupport
import Foundation
import XCTest

/// A decision names what it is on (issue 40, point 1): `report show` and `report check` show the
/// report's version, `report approve|reject|reimburse --seen VERSION` is refused (75) when the
/// report changed since, and without it the command says the total and version it decided on.
/// The same on a file and on a team database.
final class WorkflowSeenVersionTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()  // EXPENSES_USER=alice owns what she creates
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "21", "--category", "taxi")
        try app.ok("report", "submit", "1")
    }

    override func tearDown() { app = nil }

    private func version(_ user: String) throws -> Int {
        try XCTUnwrap((app.json("--user", user, "report", "show", "1") as? [String: Any])?["version"] as? Int)
    }

    func testAnApprovalOfWhatChangedSinceItWasReadIsRefused() throws {
        let read = try version("bob")
        XCTAssertTrue(try app.ok("--user", "bob", "report", "show", "1").contains("  Version:     \(read)\n"))
        XCTAssertTrue(try app.ok("--user", "bob", "report", "check", "1").contains("(version \(read))"))
        try app.ok("--user", "carol", "policy", "set", "missing-receipt", "warning")  // finance, so that 900.00 of lodging passes
        try app.ok("report", "recall", "1")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "900", "--category", "lodging")
        try app.ok("report", "submit", "1")

        let refused = try app.run("--user", "bob", "report", "approve", "1", "--seen", "\(read)")
        XCTAssertEqual(refused.status, 75, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("report 1 changed since you read it: its total is now 921.00 EUR; read it again"), refused.stderr)
        XCTAssertEqual(try app.query("SELECT status FROM reports WHERE id = 1"), "submitted")
        let now = try version("bob")
        XCTAssertNotEqual(now, read)
        XCTAssertTrue(
            try app.ok("--user", "bob", "report", "approve", "1", "--seen", "\(now)").contains("921.00 EUR as of version \(now)"))
        XCTAssertEqual(try app.query("SELECT status FROM reports WHERE id = 1"), "approved")
    }

    /// Without --seen the command decides on the report as it is, and says what that was.
    func testWithoutSeenTheStepSaysWhatItDecidedOn() throws {
        let now = try version("bob")
        let approved = try app.ok("--user", "bob", "report", "approve", "1")
        XCTAssertTrue(approved.contains("Approved report 1: Trip (now approved): 21.00 EUR as of version \(now)"), approved)
        let approvedAt = try version("carol")
        let paid = try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-1")
        XCTAssertTrue(paid.contains("21.00 EUR as of version \(approvedAt)"), paid)
        let bad = try app.run("--user", "bob", "report", "reject", "1", "--reason", "x", "--seen", "seventeen")
        XCTAssertEqual(bad.status, 65, bad.stderr)
    }

    /// In a script (as in the REPL) a step decides on the version the session last showed.
    func testAScriptDecidesOnWhatItShowed() throws {
        let shown = try version("bob")
        let result = try app.run(["--user", "bob", "run", "-"], stdin: "report show 1\nreport approve 1\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("  Version:     \(shown)\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("21.00 EUR as of version \(shown)"), result.stdout)
    }
}
