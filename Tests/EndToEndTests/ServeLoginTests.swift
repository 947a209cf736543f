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
}
