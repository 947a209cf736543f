import ExpenseTestSupport
import Foundation
import XCTest

/// One line cut (issue 43, point 5): an approver approves a report with items cut to a lower
/// amount or to none, each with a reason (`report approve --cut ITEM=AMOUNT:REASON`); what is due
/// is computed from the approved amounts (`report show`, `pay`), the items keep theirs, every cut
/// is in the audit chain, and a cut that cannot be refuses the approval with nothing written. Run
/// in process and as the binary, on a file and on a team database.
final class CutLineTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws {
        app = try App()
        // Receipts are not what this suite is about: the trip goes through without them.
        try app.ok("--user", "fiona", "policy", "set", "missing-receipt", "off")
        try app.ok("--user", "alice", "report", "new", "Hamburg fair", "--from", "2026-03-02", "--to", "2026-03-04", "--country", "none")
        for (amount, category) in [("23.50", "other"), ("61.20", "meals"), ("212.00", "lodging")] {
            try app.ok(
                "--user", "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", amount, "--category", category)
        }
        try app.ok("--user", "alice", "report", "submit", "1")
    }

    override func tearDown() { app = nil }

    private func show() throws -> [String: Any] { try app.object("--user", "bob", "report", "show", "1") }

    private func amount(_ value: Any?) -> String? { (value as? [String: Any])?["amount"] as? String }

    func testApprovingWithCutsRecomputesWhatIsDueKeepsTheItemsAmountsAndLogsEachCut() throws {
        let approved = try app.ok(
            "--user", "bob", "report", "approve", "1", "--cut", "1=0:minibar is private", "--cut", "2=40.00:limit is 40")
        XCTAssertTrue(approved.contains("Approved report 1: Hamburg fair (now approved): 296.70 EUR as of version 1"), approved)
        XCTAssertTrue(approved.contains("cut item 1 from 23.50 EUR to 0.00 EUR: minibar is private"), approved)
        XCTAssertTrue(approved.contains("cut item 2 from 61.20 EUR to 40.00 EUR: limit is 40"), approved)

        let shown = try show()
        let totals = try XCTUnwrap(shown["totals"] as? [String: Any])
        XCTAssertEqual(amount(totals["total"]), "296.70")
        XCTAssertEqual(amount(totals["cut"]), "44.70")
        XCTAssertEqual(amount(totals["approved"]), "252.00")
        XCTAssertEqual(amount(totals["dueToEmployee"]), "252.00")
        let items = try XCTUnwrap(shown["items"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { amount($0["amount"]) }, ["23.50", "61.20", "212.00"])
        let cuts = try XCTUnwrap(shown["cuts"] as? [[String: Any]])
        XCTAssertEqual(cuts.map { $0["itemId"] as? Int }, [1, 2])
        XCTAssertEqual(cuts.map { amount($0["amount"]) }, ["23.50", "61.20"])
        XCTAssertEqual(cuts.map { amount($0["approved"]) }, ["0.00", "40.00"])
        XCTAssertEqual(cuts.map { $0["reason"] as? String }, ["minibar is private", "limit is 40"])
        XCTAssertEqual(cuts.map { $0["by"] as? String }, ["bob", "bob"])

        // The traveller reads what was cut and why, beside what she spent.
        let text = try app.ok("--user", "alice", "report", "show", "1")
        XCTAssertTrue(text.contains("Cut on approval (what is due counts the approved amounts):"), text)
        XCTAssertTrue(text.contains("item 1: 23.50 EUR approved at 0.00 EUR by bob at "), text)
        XCTAssertTrue(text.contains(": minibar is private"), text)
        XCTAssertTrue(text.contains("Cut on approval:"), text)
        XCTAssertNotNil(text.range(of: "Due to employee: +252.00 EUR", options: .regularExpression), text)

        // In the audit chain, between the submission and the approval, as the approver wrote them.
        let history = try XCTUnwrap(try app.json("--user", "alice", "report", "history", "1") as? [[String: String]])
        XCTAssertEqual(history.map { $0["action"] ?? "" }, ["submit", "cut item 1", "cut item 2", "approve"])
        XCTAssertEqual(history[1]["reason"], "from 23.50 EUR to 0.00 EUR: minibar is private")
        XCTAssertEqual(history[2]["actor"], "bob")
    }

    func testPaymentPaysTheApprovedAmounts() throws {
        // Under a locale with a decimal comma, the amount is read as an amount option is.
        app.environment["LANG"] = "de_DE.UTF-8"
        try app.ok("--user", "bob", "report", "approve", "1", "--cut", "3=150,00:the hotel limit is 150")
        app.environment["LANG"] = nil
        try app.ok("--user", "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")
        try app.ok("--user", "alice", "payee", "set", "--iban", "DE89 3704 0044 0532 0130 00", "--name", "Alice Müller")
        try app.ok("--user", "fiona", "pay", "--approved", "-o", "pay.xml", "--execution-date", "2026-03-12")
        let xml = try String(contentsOfFile: app.path("pay.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains("<InstdAmt Ccy=\"EUR\">234.70</InstdAmt>"), xml)
    }

    /// The printable report shows the cut beside the item's amount and what is due from the
    /// approved amounts; the journal books the approved amount and pays what is due.
    func testThePrintableReportAndTheJournalCountTheApprovedAmounts() throws {
        try app.ok("--user", "bob", "report", "approve", "1", "--cut", "3=150:the hotel limit is 150")
        try app.ok("--user", "alice", "report", "export", "1", "--format", "html", "-o", "r.html")
        let html = try String(contentsOfFile: app.path("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h2>Cut on approval</h2>"), html)
        XCTAssertTrue(
            html.contains(
                "<tr><td>3</td><td class=\"num\">212.00</td><td class=\"num\">150.00</td><td>bob</td><td>the hotel limit is 150</td></tr>"),
            html)
        XCTAssertTrue(html.contains("<tr><th>Cut on approval</th><td class=\"num\">62.00 EUR</td></tr>"), html)
        XCTAssertTrue(html.contains("<tr><th>Due to the employee</th><td class=\"num\">234.70 EUR</td></tr>"), html)
        try app.ok("--user", "fiona", "journal", "--from", "2000-01-01", "--to", "2099-12-31", "--format", "csv", "-o", "j.csv")
        let journal = try String(contentsOfFile: app.path("j.csv"), encoding: .utf8)
        XCTAssertTrue(journal.contains(",4666,Expenses:Travel:Lodging-4666,150.00,,EUR,R1-I3,"), journal)
        XCTAssertTrue(journal.contains(",1740,Liabilities:Employees:Payable-1740,,234.70,EUR,R1,Due to alice"), journal)
    }

    func testACutThatCannotBeRefusesTheApprovalAndWritesNothing() throws {
        try app.ok("--user", "carol", "report", "new", "Other trip", "--from", "2026-03-02", "--to", "2026-03-02", "--country", "none")
        try app.ok("--user", "carol", "expense", "add", "--report", "2", "--date", "2026-03-02", "--amount", "5", "--category", "taxi")
        let before = try app.ok("--user", "alice", "report", "history", "1", "--format", "json")
        let refusals: [(cut: String, status: Int32, says: String)] = [
            ("4=0:not hers", 66, "report 1 has no item 4"),
            ("9=0:no such item", 66, "report 1 has no item 9"),
            ("2=61.21:more", 1, "item 2 is 61.20 EUR in report 1; it can be cut to 0 up to that, not to 61.21 EUR"),
            ("2=-1:less", 1, "item 2 is 61.20 EUR in report 1; it can be cut to 0 up to that, not to -1.00 EUR"),
            ("2=10: ", 65, "the cut of item 2 needs a reason"),
            ("2=10", 64, "expected ITEM=AMOUNT:REASON"),
        ]
        for refusal in refusals {
            let result = try app.run("--user", "bob", "report", "approve", "1", "--cut", "1=0:minibar is private", "--cut", refusal.cut)
            XCTAssertEqual(result.status, refusal.status, "\(refusal.cut): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(refusal.says), "\(refusal.cut): \(result.stderr)")
        }
        XCTAssertTrue(
            try app.run("--user", "bob", "report", "approve", "1", "--cut", "2=0:twice", "--cut", "2=1:twice").stderr.contains(
                "item 2 is cut twice"))
        XCTAssertTrue(
            try app.run("--user", "bob", "report", "approve", "1", "--cut", "4=0:x").stderr.contains(
                "'expenses report show 1' lists its items"))
        // Nothing of any of them was written: no cut, no entry, the report still waits.
        XCTAssertEqual(try app.ok("--user", "alice", "report", "history", "1", "--format", "json"), before)
        let shown = try show()
        XCTAssertEqual((shown["cuts"] as? [Any])?.count, 0)
        XCTAssertEqual((shown["report"] as? [String: Any])?["status"] as? String, "submitted")
    }

    func testTheOwnerCutsNothingOfHerOwnReport() throws {
        let own = try app.run("--user", "alice", "report", "approve", "1", "--cut", "1=0:mine")
        XCTAssertEqual(own.status, 77, own.stderr)
        XCTAssertTrue(own.stderr.contains("alice owns report 1 and cannot approve it"), own.stderr)
        XCTAssertEqual((try show()["cuts"] as? [Any])?.count, 0)
    }
}
