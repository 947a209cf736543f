import ExpenseTestSupport
import Foundation
import XCTest

/// Managers and cost centres with the built binary on a file (issue 43): alice's manager, two
/// cost centres, a trip charged 60/40 with one item charged otherwise; `report show` says what
/// is charged where, `report summary --by cost-centre` splits the amounts to the cent, and what
/// is wrong is refused with a hint, nothing written.
final class OrganisationTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a team database's people and cost-centre owners are its members' roles: TeamOrganisationTests")
    }

    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.environment["EXPENSES_USER"] = "alice"
    }

    override func tearDown() { app = nil }

    private func assertFails(
        _ arguments: String..., status: Int32, _ stderr: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, stderr, file: file, line: line)
    }

    func testManagersAreSetListedAndNeverInACircle() throws {
        XCTAssertEqual(try app.ok("person", "set", "alice", "--manager", "bob"), "alice's manager is bob\n")
        XCTAssertEqual(try app.ok("person", "set", "bob", "--manager", "carol"), "bob's manager is carol\n")
        try assertFails(
            "person", "set", "carol", "--manager", "alice", status: 65,
            "expenses: error: alice cannot manage carol: the managers would go round in a circle (carol → alice → bob → carol)\n"
                + "hint: change the manager higher up first\n")
        try assertFails("person", "set", "alice", status: 64, "expenses: error: give --manager NAME, or --no-manager to clear it\n")
        XCTAssertEqual(try app.ok("person", "list"), "NAME   MANAGER\nalice  bob\nbob    carol\n")
        XCTAssertEqual(try app.ok("person", "set", "bob", "--no-manager"), "bob has no manager\n")
        XCTAssertEqual(try app.ok("person", "list", "--format", "csv"), "name,manager\r\nalice,bob\r\nbob,\r\n")
    }

    func testATripChargedToTwoCostCentresIsShownAndSummedToTheCent() throws {
        XCTAssertEqual(
            try app.ok("cost-centre", "add", "4711", "--name", "Sales Germany", "--owner", "carol"),
            "Added cost centre 4711 (Sales Germany), owned by carol\n")
        try app.ok("cost-centre", "add", "4712", "--name", "Marketing", "--owner", "dave")
        try assertFails(
            "cost-centre", "add", "4711", "--name", "Again", "--owner", "erin", status: 1,
            "expenses: error: cost centre 4711 exists already\nhint: change it with 'expenses cost-centre set 4711'\n")
        XCTAssertEqual(try app.ok("cost-centre", "set", "4712", "--owner", "erin"), "Cost centre 4712 (Marketing) is owned by erin\n")
        XCTAssertEqual(
            try app.ok("cost-centre", "list"), "CODE  NAME           OWNER\n4711  Sales Germany  carol\n4712  Marketing      erin\n")

        try app.ok(
            "report", "new", "Fair", "--from", "2026-05-04", "--to", "2026-05-06", "--country", "none", "--cost-centre", "4711:60,4712:40")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-05-04", "--amount", "100.01", "--category", "taxi")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-05-05", "--amount", "50", "--category", "meals", "--cost-centre", "4712")
        let shown = try app.ok("report", "show", "1")
        XCTAssertTrue(shown.contains("\n  Charged to:  4711 60 %, 4712 40 %\n"), shown)
        XCTAssertTrue(shown.contains("\nItems charged otherwise:\n  expense 2: 4712\n"), shown)
        let json = try app.object("report", "show", "1")
        let charges = try XCTUnwrap(json["costCentres"] as? [String: Any])
        XCTAssertEqual(
            (charges["report"] as? [[String: String]])?.map { "\($0["code"] ?? "") \($0["percent"] ?? "")" }, ["4711 60", "4712 40"])
        XCTAssertEqual((charges["items"] as? [[String: Any]])?.map { $0["expense"] as? Int }, [2])

        // 100.01 at 60/40 is 60.006 and 40.004: the cent left goes to the larger remainder, 4711's.
        XCTAssertEqual(
            try app.ok("report", "summary", "--by", "cost-centre"),
            "COST CENTRE     AMOUNT  ITEMS\n4711         60.01 EUR      1\n4712         90.00 EUR      2\n")
        try app.ok("report", "new", "Uncharged", "--from", "2026-05-10", "--to", "2026-05-10", "--country", "none")
        try app.ok("expense", "add", "--report", "2", "--date", "2026-05-10", "--amount", "7", "--category", "taxi")
        XCTAssertTrue(try app.ok("report", "summary", "--by", "cost-centre", "--format", "csv").hasSuffix("\r\n(none),7.00,EUR,1\r\n"))

        try assertFails(
            "report", "edit", "1", "--cost-centre", "4713", status: 66,
            "expenses: error: unknown cost centre '4713'\nhint: did you mean '4711'? see 'expenses cost-centre list'; finance adds one "
                + "with 'expenses cost-centre add CODE --name TEXT --owner NAME'\n")
        try assertFails(
            "report", "edit", "1", "--cost-centre", "4711:60,4712:30", status: 65,
            "expenses: error: the cost centres' shares add up to 90 %, not 100 %\nhint: give shares that add up to 100, e.g. 4711:60,4712:40\n"
        )
        XCTAssertTrue(try app.ok("report", "show", "1").contains("\n  Charged to:  4711 60 %, 4712 40 %\n"), "nothing was written")
        try app.ok("report", "edit", "1", "--cost-centre", "none")
        try app.ok("expense", "edit", "2", "--cost-centre", "none")
        let cleared = try app.ok("report", "show", "1")
        XCTAssertFalse(cleared.contains("Charged to:") || cleared.contains("charged otherwise"), cleared)
    }
}
