import ExpenseTestSupport
import Foundation
import XCTest

/// A team of eight runs March 2026 on a team database, each person with the built binary (issue
/// 43's "Done when"): two managers (bob, mira), a cost-centre owner (carol), finance (fiona) and
/// four travellers (alice, dave, erik, gina; dave also approves, as bob's delegate during his
/// holiday). Reports go to the traveller's manager, to the owner of the cost centre they are
/// charged to, to the manager's manager above the threshold; a delegate approves "for bob" while
/// the delegation runs and not after; an approver cuts two lines; a report sent back starts its
/// route again at its next submission; a reminder job lists what waits; finance pays the amounts
/// due, cut lines as approved; the audit chain verifies.
///
/// A second test tries, in the middle of such a month, what a member could try with plain psql
/// to bend a route; the server refuses it all and the route goes on.
///
/// The clock moves with the month: `on(_:)` pins EXPENSES_NOW, which the harness pins the
/// server's clock to as the cluster's administrator (`server_clock`), so every date the server
/// decides by (a delegation's period, how long a report has waited) is the scenario's.
final class TeamApprovalMonthTests: TeamDatabaseTestCase {
    /// The roles besides the harness's alice (traveller), bob (traveller, approver) and fiona
    /// (traveller, finance); audrey is none of the eight but the auditor's account the reminder
    /// job and the audit run as (reads every row, writes none).
    static let team = [
        ("mira", ["traveller", "approver"]), ("carol", ["traveller", "approver"]), ("dave", ["traveller", "approver"]),
        ("erik", ["traveller"]), ("gina", ["traveller"]), ("audrey", ["auditor"]),
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        for (role, groups) in Self.team {
            try psqlOK(
                """
                DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN
                    CREATE ROLE \(role) LOGIN PASSWORD '\(role)-pw'; END IF; END $$;
                """)
            for group in groups { try psqlOK("GRANT expenses_\(group) TO \(role)", in: database) }
        }
    }

    func testATeamOfEightRunsAMonthOfApprovals() throws {
        // Monday 2 March: finance sets up the company's routes; members may not.
        on("2026-03-02")
        try setUpTheCompany()

        // Week 1, a route by manager: alice's trip waits for bob alone.
        let hamburg = try trip(
            "alice", "Hamburg customer visit", from: "2026-03-03", to: "2026-03-04",
            items: [("2026-03-03", "23.50", "taxi", "Hansa Taxi"), ("2026-03-03", "129.00", "lodging", "Hotel Alster")])
        on("2026-03-05")
        try ok(as: "alice", "report", "submit", hamburg)
        let route = try ok(as: "alice", "report", "show", hamburg)
        XCTAssertTrue(route.contains("1. bob (manager): waiting"), "the route names bob, alice's manager: \(route)")
        assertFails(try run(as: "carol", "report", "approve", hamburg), 77, "waits for bob")
        on("2026-03-06")
        XCTAssertTrue(try ok(as: "bob", "report", "approve", hamburg).contains("(now approved)"))

        // Week 2, a route by manager and cost centre, and a line cut: erik's trade fair waits for
        // mira (his manager), then carol (the owner of 4711); carol cuts the minibar and the taxi.
        let munich = try ok(
            as: "erik", "report", "new", "Munich trade fair", "--from", "2026-03-09", "--to", "2026-03-11", "--country", "none",
            "--cost-centre", "4711"
        ).createdID
        _ = try add("erik", to: munich, "2026-03-09", "258.00", "lodging", "Hotel Messe", nights: 2)
        _ = try add("erik", to: munich, "2026-03-10", "64.00", "meals", "Augustiner")
        let minibar = try add("erik", to: munich, "2026-03-10", "23.50", "other", "Hotel Messe minibar")
        let taxi = try add("erik", to: munich, "2026-03-11", "56.00", "taxi", "Isar Funk")
        on("2026-03-12")
        try ok(as: "erik", "report", "submit", munich)
        assertFails(try run(as: "carol", "report", "approve", munich), 77, "waits for mira")

        // Bob plans his holiday, 16 to 20 March: dave decides for him then.
        try ok(as: "bob", "delegate", "add", "--to", "dave", "--from", "2026-03-16", "--until", "2026-03-20")
        XCTAssertTrue(try ok(as: "bob", "delegate", "list").contains("dave"))

        // Friday 13 March: mira takes the first of erik's two steps; alice's Berlin trip waits for
        // bob, and dave's delegation has not begun.
        on("2026-03-13")
        try ok(as: "mira", "report", "approve", munich)
        XCTAssertTrue(try ok(as: "erik", "report", "show", munich).contains("submitted"), "one step of two leaves it submitted")
        try assertLogged(munich, "step 1 of 2 (manager)")
        let berlin = try trip(
            "alice", "Berlin workshop", from: "2026-03-11", to: "2026-03-12",
            items: [("2026-03-11", "89.90", "rail", "Deutsche Bahn"), ("2026-03-11", "119.00", "lodging", "Hotel Spree")])
        try ok(as: "alice", "report", "submit", berlin)
        assertFails(try run(as: "dave", "report", "approve", berlin), 77, "waits for bob")

        // Monday 16 March, carol cuts erik's two lines as she approves; the route ends there.
        on("2026-03-16")
        let cut = try ok(
            as: "carol", "report", "approve", munich, "--cut", "\(minibar)=0:minibar is private", "--cut", "\(taxi)=40.00:limit is 40")
        XCTAssertTrue(cut.contains("(now approved)"), cut)
        let erikSees = try ok(as: "erik", "report", "show", munich)
        for text in ["minibar is private", "limit is 40", "23.50", "56.00", "40.00"] {
            XCTAssertTrue(erikSees.contains(text), "erik sees what was cut, from what and why (\(text)): \(erikSees)")
        }
        XCTAssertTrue(try ok(as: "erik", "inbox").contains("minibar is private"), "erik's inbox says what was cut")
        try assertLogged(munich, "cut item \(minibar)", "from 23.50 EUR to 0.00 EUR: minibar is private")
        XCTAssertEqual(try due(munich, as: "erik"), "362.00", "258.00 + 64.00 + 0.00 + 40.00, the approved amounts")

        // The holiday: dave's own report waits for bob too; dave decides alice's for bob, never his own,
        // and his own delegate (carol) gets none of bob's.
        let cologne = try trip(
            "dave", "Cologne supplier", from: "2026-03-09", to: "2026-03-10",
            items: [("2026-03-09", "64.80", "rail", "Deutsche Bahn"), ("2026-03-10", "31.20", "meals", "Früh am Dom")])
        try ok(as: "dave", "report", "submit", cologne)
        assertFails(try run(as: "dave", "report", "approve", cologne), 77, "owns report \(cologne)")
        try ok(as: "dave", "delegate", "add", "--to", "carol", "--from", "2026-03-16", "--until", "2026-03-20")
        on("2026-03-17")
        assertFails(try run(as: "carol", "report", "approve", berlin), 77, "waits for bob")
        let davesInbox = try ok(as: "dave", "inbox")
        XCTAssertTrue(davesInbox.contains("Berlin workshop") && davesInbox.contains("for bob"), davesInbox)
        XCTAssertTrue(try ok(as: "dave", "report", "approve", berlin).contains("(now approved)"))
        try assertLogged(berlin, "dave", "for bob")
        let decided = try ok(as: "alice", "report", "show", berlin)
        XCTAssertTrue(decided.contains("1. bob (manager): decided by dave for bob"), decided)
        let printable = try exported(berlin, as: "alice")
        XCTAssertTrue(printable.contains("dave for bob"), "the printable report's signature: \(printable)")

        // Monday 23 March, back from holiday: the reminder job lists dave's report (7 days with bob);
        // alice's New York trip, above the threshold, goes to bob and then to mira, bob's manager.
        on("2026-03-23")
        let overdue = try run(as: "audrey", "report", "overdue", "--days", "5", "--format", "json")
        XCTAssertEqual(overdue.status, 0, overdue.stderr)
        let late = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(overdue.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(late.map { "\($0["id"] ?? "")" }, [cologne], overdue.stdout)
        XCTAssertEqual(late.first?["waitsFor"] as? String, "bob", overdue.stdout)
        XCTAssertEqual(late.first?["days"] as? Int, 7, overdue.stdout)
        let none = try run(as: "audrey", "report", "overdue", "--days", "10")
        XCTAssertEqual(none.status, 0, "a reminder job's run with nothing overdue succeeds: \(none.stderr)")
        XCTAssertTrue(try ok(as: "bob", "inbox").contains("Cologne supplier"), "bob's inbox")

        let newYork = try trip(
            "alice", "New York client", from: "2026-03-18", to: "2026-03-20",
            items: [
                ("2026-03-18", "890.00", "airfare", "Lufthansa"), ("2026-03-18", "540.00", "lodging", "Pod Times Square"),
                ("2026-03-20", "50.00", "taxi", "Yellow Cab"),
            ],
            nights: 3)
        try ok(as: "alice", "report", "submit", newYork)
        assertFails(try run(as: "dave", "report", "approve", newYork), 77, "waits for bob")  // the delegation ended by itself
        try ok(as: "bob", "report", "approve", cologne)
        on("2026-03-24")
        try ok(as: "bob", "report", "approve", newYork)
        try assertLogged(newYork, "step 1 of 2 (manager)")
        assertFails(try run(as: "carol", "report", "approve", newYork), 77, "waits for mira")
        on("2026-03-25")
        XCTAssertTrue(try ok(as: "mira", "report", "approve", newYork).contains("(now approved)"))
        try assertLogged(newYork, "step 2 of 2 (second approval)")
        let signatures = try ok(as: "alice", "report", "show", newYork)
        for step in ["1. bob (manager): decided by bob", "2. mira (second approval): decided by mira"] {
            XCTAssertTrue(signatures.contains(step), "the route's two decisions (\(step)): \(signatures)")
        }

        // A report split across two cost centres of carol's: her two steps are one. She sends it
        // back; resubmitted, it starts its route again with mira.
        let north = try ok(
            as: "gina", "report", "new", "Sales days north", "--from", "2026-03-24", "--to", "2026-03-25", "--country", "none",
            "--cost-centre", "4711:60,4712:40"
        ).createdID
        _ = try add("gina", to: north, "2026-03-24", "100.01", "lodging", "Hotel Nordsee")
        try ok(as: "gina", "report", "submit", north)
        let twoCentres = try ok(as: "gina", "report", "show", north)
        XCTAssertTrue(twoCentres.contains("2. carol (cost centre 4711, cost centre 4712): to come"), twoCentres)
        on("2026-03-26")
        try ok(as: "mira", "report", "approve", north)
        try ok(as: "carol", "report", "reject", north, "--reason", "attach the hotel bill")
        XCTAssertTrue(try ok(as: "gina", "inbox").contains("attach the hotel bill"), "gina's inbox: her report sent back")
        try ok(as: "gina", "report", "reopen", north)
        try ok(as: "gina", "report", "submit", north)
        assertFails(try run(as: "carol", "report", "approve", north), 77, "waits for mira")
        on("2026-03-27")
        try ok(as: "mira", "report", "approve", north)
        XCTAssertTrue(try ok(as: "carol", "report", "approve", north).contains("(now approved)"), "one step for both centres")
        // 100.01 EUR at 60/40 is 60.01 and 40.00 (the cent left over goes to the larger remainder, 4711's).
        let byCentre = try ok(as: "gina", "report", "summary", "--by", "cost-centre").split(separator: "\n")
        XCTAssertTrue(byCentre.contains { $0.contains("4711") && $0.contains("60.01") }, byCentre.joined(separator: "\n"))
        XCTAssertTrue(byCentre.contains { $0.contains("4712") && $0.contains("40.00") }, byCentre.joined(separator: "\n"))
        let uncharged = try ok(as: "alice", "report", "summary", "--by", "cost-centre")
        XCTAssertTrue(uncharged.contains("(none)"), "alice's reports are charged to no cost centre: \(uncharged)")

        // Tuesday 31 March: finance pays what is due, the cut lines as approved, and the chain verifies.
        on("2026-03-31")
        XCTAssertEqual(try due(hamburg, as: "alice"), "152.50")
        XCTAssertEqual(try due(berlin, as: "alice"), "208.90")
        XCTAssertEqual(try due(cologne, as: "dave"), "96.00")
        XCTAssertEqual(try due(newYork, as: "alice"), "1480.00")
        XCTAssertEqual(try due(north, as: "gina"), "100.01")
        let paid = try ok(as: "fiona", "pay", "--approved", "-o", app.path("pay.xml"))
        // 152.50 + 362.00 + 208.90 + 96.00 + 1,480.00 + 100.01
        XCTAssertTrue(paid.hasPrefix("Payment run 1: 6 transfers, 2,399.41 EUR"), paid)
        XCTAssertEqual(try ok(as: "fiona", "pay", "confirm", "1"), "Confirmed payment run 1: 6 reports reimbursed\n")
        let check = try run(as: "audrey", "db", "check")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("chained without a break"), check.stdout)
    }

    /// Mid-month, a traveller and a delegate-to-be try with plain psql what the commands refuse
    /// them: erik moves his submitted report to a friendlier cost centre, makes himself its owner
    /// or dave his manager, cuts his own lines, decides his route's steps or writes a cut himself;
    /// dave makes himself mira's delegate. The server refuses each and keeps nothing of it; the
    /// route goes on as it was.
    func testMembersWithPsqlCannotBendTheRoute() throws {
        on("2026-03-02")
        try setUpTheCompany()
        try ok(as: "fiona", "cost-centre", "add", "4713", "--name", "Workshop", "--owner", "dave")
        let munich = try ok(
            as: "erik", "report", "new", "Munich trade fair", "--from", "2026-03-09", "--to", "2026-03-11", "--country", "none",
            "--cost-centre", "4711"
        ).createdID
        _ = try add("erik", to: munich, "2026-03-09", "258.00", "lodging", "Hotel Messe", nights: 2)
        let taxi = try add("erik", to: munich, "2026-03-11", "56.00", "taxi", "Isar Funk")
        on("2026-03-12")
        try ok(as: "erik", "report", "submit", munich)
        let route = "SELECT string_agg(coalesce(approver, approver_group), ',' ORDER BY position) FROM approval_steps"
        XCTAssertEqual(try superuser(route), "mira,carol")

        for sql in [
            "SELECT expenses.report_cost_centres_set(\(munich), '4713:10000');",
            "SELECT expenses.cost_centre_save('4711', 'Trade fair Munich', 'erik');",
            "SELECT expenses.person_set('erik', 'dave');",
            "SELECT expenses.expense_cut(\(munich), \(taxi), 0, 'mine', NULL);",
            "UPDATE approval_steps SET decided_by = 'mira', decided_at = '2026-03-12T09:00:00Z' WHERE report_id = \(munich);",
            "DELETE FROM approval_steps WHERE report_id = \(munich);",
            """
            INSERT INTO expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, cut_at)
                VALUES (\(taxi), \(munich), 9000, 'raised', 'erik', '2026-03-12T09:00:00Z');
            """,
        ] {
            try assertRefusedInPsql(as: "erik", sql)
        }
        try assertRefusedInPsql(
            as: "dave",
            """
            INSERT INTO delegations (approver, delegate, from_date, until_date, created_at)
                VALUES ('mira', 'dave', '2026-03-01', '2026-03-31', '2026-03-12T09:00:00Z');
            """)
        XCTAssertEqual(try superuser("SELECT string_agg(cost_centre || ':' || share, ',') FROM report_cost_centres"), "4711:10000")
        XCTAssertEqual(try superuser("SELECT owner FROM cost_centres WHERE code = '4711'"), "carol")
        XCTAssertEqual(try superuser("SELECT manager FROM people WHERE name = 'erik'"), "mira")
        XCTAssertEqual(try superuser("SELECT count(*) FROM expense_cuts"), "0")
        XCTAssertEqual(try superuser("SELECT count(*) FROM delegations"), "0")
        XCTAssertEqual(try superuser(route), "mira,carol")
        XCTAssertEqual(try superuser("SELECT count(*) FROM approval_steps WHERE decided_by IS NOT NULL"), "0")

        assertFails(try run(as: "dave", "report", "approve", munich), 77, "waits for mira")
        on("2026-03-13")
        try ok(as: "mira", "report", "approve", munich)
        XCTAssertTrue(try ok(as: "carol", "report", "approve", munich).contains("(now approved)"))
        XCTAssertEqual(try due(munich, as: "erik"), "314.00", "nothing was cut")
    }

    /// Finance's setup on the first day: receipts warn (the month types no receipts), each
    /// person's manager, the two cost centres, the second approval above 1,000.00 EUR by the
    /// manager's manager, and everyone's bank account. A traveller may set none of it.
    private func setUpTheCompany() throws {
        try ok(as: "fiona", "policy", "set", "missing-receipt", "warning")
        for (person, manager) in [("alice", "bob"), ("dave", "bob"), ("bob", "mira"), ("erik", "mira"), ("gina", "mira")] {
            try ok(as: "fiona", "person", "set", person, "--manager", manager)
        }
        try ok(as: "fiona", "cost-centre", "add", "4711", "--name", "Trade fair Munich", "--owner", "carol")
        try ok(as: "fiona", "cost-centre", "add", "4712", "--name", "Sales north", "--owner", "carol")
        try ok(
            as: "fiona", "policy", "approval", "--order", "manager,cost-centre", "--second-above", "1000.00EUR",
            "--second-approver", "manager")
        let people = try ok(as: "alice", "person", "list")
        XCTAssertTrue(people.split(separator: "\n").contains { $0.hasPrefix("alice") && $0.contains("bob") }, people)
        assertFails(try run(as: "alice", "person", "set", "alice", "--manager", "carol"), 77, "finance")
        assertFails(try run(as: "erik", "cost-centre", "set", "4711", "--owner", "erik"), 77, "finance")
        assertFails(try run(as: "gina", "policy", "approval", "--second-above", "100000.00EUR"), 77, "finance")
        try ok(as: "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")
        for (person, iban) in [
            ("alice", "DE89370400440532013000"), ("dave", "DE44500105175407324931"), ("erik", "AT611904300234573201"),
            ("gina", "DE02100500000054540402"),
        ] {
            try ok(as: person, "payee", "set", "--iban", iban)
        }
    }

    /// `role`'s psql runs `sql` and the server refuses it: by a rule, not because what it names
    /// is not there or is not SQL.
    private func assertRefusedInPsql(as role: String, _ sql: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try cluster.psql(as: role, password: "\(role)-pw", sql: sql, database: database)
        XCTAssertNotEqual(result.status, 0, "\(role) with psql: \(sql) went through: \(result.stdout)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains("ERROR:"), "\(role) with psql: \(sql): \(result.stderr)", file: file, line: line)
        XCTAssertFalse(
            result.stderr.contains("does not exist") || result.stderr.contains("syntax error"),
            "\(role) with psql: \(sql) was refused for another reason: \(result.stderr)", file: file, line: line)
    }

    /// What the superuser reads for `sql` (past row security), its one value.
    private func superuser(_ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Pins the day everyone works on (09:00 UTC), for the app and, through the harness, the server.
    private func on(_ day: String) {
        app.environment["EXPENSES_NOW"] = "\(day)T09:00:00Z"
    }

    /// `person`'s new report with its items (day, amount in EUR, category, merchant; a lodging
    /// bill covers `nights`); its id.
    private func trip(
        _ person: String, _ title: String, from: String, to: String, items: [(String, String, String, String)], nights: Int = 1
    ) throws -> String {
        let report = try ok(as: person, "report", "new", title, "--from", from, "--to", to, "--country", "none").createdID
        for (day, amount, category, merchant) in items {
            _ = try add(person, to: report, day, amount, category, merchant, nights: nights)
        }
        return report
    }

    /// `person` adds an item to `report` (a lodging bill for `nights`); its id. Through `ok`, as
    /// every command here, so that the server's clock is the day's.
    private func add(
        _ person: String, to report: String, _ day: String, _ amount: String, _ category: String, _ merchant: String,
        nights: Int = 1
    ) throws -> String {
        guard category == "lodging" else {
            return try ok(
                as: person, "expense", "add", "--report", report, "--date", day, "--amount", amount, "--category", category,
                "--merchant", merchant
            ).addedID
        }
        return try ok(
            as: person, "expense", "add", "--report", report, "--date", day, "--amount", amount, "--category", category,
            "--merchant", merchant, "--nights", "\(nights)"
        ).addedID
    }

    /// The report's audit log, as the auditor reads it, has an entry (a line) saying each of `texts`.
    private func assertLogged(_ report: String, _ texts: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        let history = try ok(as: "audrey", "report", "history", report, file: file, line: line)
        XCTAssertTrue(
            history.split(separator: "\n").contains { entry in texts.allSatisfy { entry.contains($0) } },
            "report \(report)'s history has no entry saying \(texts): \(history)", file: file, line: line)
    }

    /// What is due to the report's owner (`report show`'s JSON), in EUR without grouping.
    private func due(_ report: String, as owner: String) throws -> String {
        let show = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try ok(as: owner, "report", "show", report, "--format", "json").utf8))
                as? [String: Any])
        return try XCTUnwrap(((show["totals"] as? [String: Any])?["dueToEmployee"] as? [String: Any])?["amount"] as? String)
    }

    /// The printable report's text, as `person` exports it.
    private func exported(_ report: String, as person: String) throws -> String {
        let pdf = app.path("report-\(report)-\(person).pdf")
        try ok(as: person, "report", "export", report, "-o", pdf)
        return try Browser.text(pdf: pdf)
    }
}

extension String {
    /// The id in "Created report 3: ...".
    fileprivate var createdID: String { id(after: "Created report ") }
    /// The id in "Added expense 12: ...".
    fileprivate var addedID: String { id(after: "Added expense ") }

    private func id(after prefix: String) -> String {
        guard let start = range(of: prefix)?.upperBound else { return "" }
        return String(self[start...].prefix { $0.isNumber })
    }
}
