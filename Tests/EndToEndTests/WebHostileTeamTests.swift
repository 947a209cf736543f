import ExpenseTestSupport
import Foundation
import XCTest

/// serve on a team database against hostile use: another member's report is "not found" in the
/// command line's words, on its page and to an approver's step; a POST carrying another
/// session's token is refused; a hostile title stays text on the approver's page.
final class WebHostileTeamTests: TeamDatabaseTestCase {
    /// A person's own session: their cookie jar and the token of their pages.
    private struct Person {
        let jar: String
        var token = ""
    }

    private func request(_ url: String, _ person: Person, _ arguments: [String] = []) throws -> ServeFileSession.Answer {
        let headers = app.directory.appendingPathComponent("headers").path
        let body = app.directory.appendingPathComponent("body").path
        try? FileManager.default.removeItem(atPath: body)
        let code = try ServeClient.curl(["-b", person.jar, "-c", person.jar, "-D", headers, "-o", body] + arguments + [url])
        return .init(
            status: Int(code.prefix(3)) ?? 0, headers: try String(contentsOfFile: headers, encoding: .utf8),
            body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    /// serve on the team database (no one's credentials in its connection string): its URL.
    private func serve() throws -> String {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"], before: ["--db", location])
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
        return String(line.dropFirst("Serving ".count))
    }

    private func logIn(_ url: String, _ role: String) throws -> Person {
        var person = Person(jar: app.directory.appendingPathComponent("jar-\(role)").path)
        let form = try request(url + "login", person)
        let answer = try request(
            url + "login", person, ["--data", "csrf=\(ServeFileSession.csrf(form.body))&name=\(role)&password=\(role)-pw"])
        XCTAssertEqual(answer.status, 303, answer.body)
        person.token = ServeFileSession.csrf(try request(url + "reports", person).body)
        XCTAssertEqual(person.token.count, 32)
        return person
    }

    func testAnotherMembersReportIsNotFoundAndAnotherSessionsTokenIsRefused() throws {
        let hostile = WebHostileTests.hostile
        try ok(as: "alice", "report", "new", hostile, "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(
            as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi",
            "--merchant", hostile)
        try ok(as: "fiona", "report", "new", "Fiona's trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(as: "alice", "report", "submit", "1")
        let url = try serve()
        let alice = try logIn(url, "alice")
        let bob = try logIn(url, "bob")

        // Fiona's report, to alice: "not found", in the words `report show` says it with.
        let cli = try run(as: "alice", "report", "show", "2")
        XCTAssertNotEqual(cli.status, 0)
        let words = cli.stderr.components(separatedBy: "\n")[0].replacingOccurrences(of: "expenses: error: ", with: "")
        let page = try request(url + "reports/2", alice)
        XCTAssertEqual(page.status, 404)
        XCTAssertTrue(page.body.contains(words.replacingOccurrences(of: "'", with: "&#39;")), "\(words)\n\(page.body)")
        XCTAssertFalse(page.body.contains("Fiona&#39;s trip"), page.body)
        XCTAssertEqual(try request(url + "reports/99", alice).status, 404, "one that does not exist reads alike")

        // The approver's page: the title as text.
        let approvals = try request(url + "approvals", bob)
        XCTAssertEqual(approvals.status, 200)
        WebHostileTests.assertText(approvals, shown: true, "approvals")
        let report = try request(url + "reports/1", bob)
        WebHostileTests.assertText(report, shown: true, "the approver's view of the report")
        // Its route as `report show` words it, a step a line.
        let route = try ok(as: "bob", "report", "show", "1").split(separator: "\n").first { $0.hasPrefix("  Route:") }
        let step = try XCTUnwrap(route, "report show has a route").dropFirst(15)
        XCTAssertTrue(report.body.contains("<h2>Route</h2>\n<ul>\n<li>\(step)</li>"), "\(step)\n\(report.body)")
        // Bob's step with alice's token (her session's, valid, not his): refused, nothing decided.
        let stolen = try request(url + "approvals/1/approve", bob, ["--data", "csrf=\(alice.token)"])
        XCTAssertEqual(stolen.status, 403, stolen.body)
        // Without his cookie (a cross-site form: SameSite=Strict keeps it home) and with his token.
        let noCookie = try request(url + "approvals/1/approve", Person(jar: "/dev/null"), ["--data", "csrf=\(bob.token)"])
        XCTAssertEqual(noCookie.status, 403, noCookie.body)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("submitted"))
        // Alice cannot approve her own, with her own token: the server's function says no.
        let own = try request(url + "approvals/1/approve", alice, ["--data", "csrf=\(alice.token)"])
        XCTAssertNotEqual(own.status, 303, own.body)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("submitted"))
        // Bob's own token does it.
        XCTAssertEqual(try request(url + "approvals/1/approve", bob, ["--data", "csrf=\(bob.token)"]).status, 303)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("approved"))
    }
}
