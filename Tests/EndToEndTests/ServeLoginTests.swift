import ExpenseTestSupport
import Foundation
import XCTest

/// Logging in to `expenses serve` on a team database: each person with their own role and
/// password, a refusal that does not say which part was wrong, the form's CSRF token, log-out,
/// and attempts limited.
final class ServeLoginTests: TeamDatabaseTestCase {
    private struct Answer {
        let status: Int
        let headers: String
        let body: String
    }

    /// curl with the test's cookie jar.
    private func request(_ url: String, _ arguments: [String] = []) throws -> Answer {
        let jar = app.directory.appendingPathComponent("jar").path
        let headers = app.directory.appendingPathComponent("headers").path
        let body = app.directory.appendingPathComponent("body").path
        let code = try ServeClient.curl(["-b", jar, "-c", jar, "-D", headers, "-o", body] + arguments + [url])
        return Answer(
            status: Int(code.prefix(3)) ?? 0, headers: try String(contentsOfFile: headers, encoding: .utf8),
            body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    private func csrf(_ page: String) -> String {
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix(32))
    }

    /// serve on the team database (no one's credentials in its connection string), started.
    private func serve() throws -> (Process, String) {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"], before: ["--db", location])
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
        return (process, String(line.dropFirst("Serving ".count)))
    }

    /// Logs `role` in with a fresh cookie jar; the CSRF token of their pages.
    private func logIn(_ url: String, _ role: String) throws {
        try? FileManager.default.removeItem(atPath: app.directory.appendingPathComponent("jar").path)
        let token = csrf(try request(url + "login").body)
        let answer = try request(url + "login", ["--data", "csrf=\(token)&name=\(role)&password=\(role)-pw"])
        XCTAssertEqual(answer.status, 303, answer.body)
    }

    func testATravellerSeesOnlyTheirReportsAsTextAndAnApproverApprovesWithTheFormsToken() throws {
        try ok(as: "alice", "report", "new", "<script>alert(1)</script> & Co", "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(
            as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi",
            "--merchant", "<img src=x onerror=alert(2)>")
        try ok(as: "bob", "report", "new", "Bob's own trip", "--from", "2026-03-02", "--to", "2026-03-06")
        let (_, url) = try serve()
        try logIn(url, "alice")
        let list = try request(url + "reports")
        XCTAssertEqual(list.status, 200)
        XCTAssertTrue(list.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"), list.body)
        XCTAssertFalse(list.body.contains("<script>alert"), list.body)
        XCTAssertFalse(list.body.contains("Bob&#39;s own trip"), list.body)
        XCTAssertTrue(list.body.contains("href=\"/reports/1\""), list.body)
        let report = try request(url + "reports/1")
        XCTAssertEqual(report.status, 200)
        XCTAssertTrue(report.body.contains("&lt;img src=x onerror=alert(2)&gt;"), report.body)
        XCTAssertFalse(report.body.contains("<img"), report.body)
        XCTAssertTrue(report.body.contains("20.00"), report.body)
        // Bob's report is not found for alice, in the command line's words.
        let cli = try run(as: "alice", "report", "show", "2")
        let bobs = try request(url + "reports/2")
        XCTAssertEqual(bobs.status, 404)
        let words = cli.stderr.components(separatedBy: "\n")[0].replacingOccurrences(of: "expenses: error: ", with: "")
        XCTAssertFalse(words.isEmpty)
        XCTAssertTrue(bobs.body.contains(words.replacingOccurrences(of: "'", with: "&#39;")), "\(words)\n\(bobs.body)")

        try ok(as: "alice", "report", "submit", "1")
        try logIn(url, "bob")
        let approvals = try request(url + "approvals")
        XCTAssertEqual(approvals.status, 200)
        XCTAssertTrue(approvals.body.contains("action=\"/approvals/1/approve\""), approvals.body)
        XCTAssertTrue(approvals.body.contains("&lt;script&gt;"), approvals.body)
        // A cross-site POST has no token: refused, nothing decided.
        XCTAssertEqual(try request(url + "approvals/1/approve", ["-X", "POST"]).status, 403)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("submitted"))
        let approved = try request(url + "approvals/1/approve", ["--data", "csrf=\(csrf(approvals.body))"])
        XCTAssertEqual(approved.status, 303, approved.body)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("approved"))
        XCTAssertTrue(try request(url + "approvals").body.contains("Nothing waits for you."))
    }

    func testEachPersonLogsInAsTheirOwnRoleAndNothingElseGetsIn() throws {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        XCTAssertFalse(location.contains("alice"), location)
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"], before: ["--db", location])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let url = String(line.dropFirst("Serving ".count))
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), line)
        let form = try request(url + "login")
        XCTAssertEqual(form.status, 200)
        let token = csrf(form.body)
        XCTAssertEqual(token.count, 32, form.body)
        XCTAssertTrue(form.headers.contains("Content-Security-Policy: default-src 'self'"), form.headers)

        // No CSRF token: refused before the password is tried.
        XCTAssertEqual(try request(url + "login", ["--data", "name=alice&password=alice-pw"]).status, 403)
        // The right person.
        let ok = try request(url + "login", ["--data", "csrf=\(token)&name=alice&password=alice-pw"])
        XCTAssertEqual(ok.status, 303, ok.body)
        XCTAssertTrue(ok.headers.contains("Location: /reports"), ok.headers)
        XCTAssertTrue(ok.headers.contains("; Path=/; HttpOnly; SameSite=Strict"), ok.headers)
        let reports = try request(url + "reports")
        XCTAssertEqual(reports.status, 200)
        XCTAssertTrue(reports.body.contains("Logged in as alice."), reports.body)
        XCTAssertTrue(reports.headers.contains("Cache-Control: no-store"), reports.headers)
        // Log-out with the page's token ends the session.
        XCTAssertEqual(try request(url + "logout", ["--data", "csrf=\(csrf(reports.body))"]).status, 303)
        let after = try request(url + "reports")
        XCTAssertEqual(after.status, 303)
        XCTAssertTrue(after.headers.contains("Location: /login"), after.headers)

        // A wrong password and an unknown name read alike.
        let wrong = try request(url + "login", ["--data", "csrf=\(token)&name=alice&password=nope"])
        let unknown = try request(url + "login", ["--data", "csrf=\(token)&name=mallory&password=nope"])
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(unknown.status, 401)
        XCTAssertTrue(wrong.body.contains("wrong name or password"), wrong.body)
        XCTAssertEqual(
            wrong.body.replacingOccurrences(of: "value=\"alice\"", with: ""),
            unknown.body.replacingOccurrences(of: "value=\"mallory\"", with: ""))
        // Five failures from one address: the next try waits, the right password too.
        for _ in 0..<3 { _ = try request(url + "login", ["--data", "csrf=\(token)&name=bob&password=nope"]) }
        let limited = try request(url + "login", ["--data", "csrf=\(token)&name=bob&password=bob-pw"])
        XCTAssertEqual(limited.status, 429, limited.body)
        XCTAssertTrue(limited.headers.contains("Retry-After: "), limited.headers)
    }

    /// Behind nginx every connection comes from 127.0.0.1: the attempts are counted per the
    /// address nginx forwards, so one person's failures do not lock the others out.
    func testBehindAProxyTheAttemptsAreCountedPerTheForwardedAddress() throws {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"], before: ["--db", location])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let url = String(line.dropFirst("Serving ".count))
        let token = csrf(try request(url + "login").body)
        for _ in 0..<5 {
            let wrong = try request(
                url + "login", ["-H", "X-Forwarded-For: 203.0.113.5", "--data", "csrf=\(token)&name=mallory&password=nope"])
            XCTAssertEqual(wrong.status, 401)
        }
        let blocked = try request(
            url + "login", ["-H", "X-Forwarded-For: 203.0.113.5", "--data", "csrf=\(token)&name=alice&password=alice-pw"])
        XCTAssertEqual(blocked.status, 429, blocked.body)
        let other = try request(
            url + "login", ["-H", "X-Forwarded-For: 198.51.100.7", "--data", "csrf=\(token)&name=alice&password=alice-pw"])
        XCTAssertEqual(other.status, 303, other.body)
    }
}
