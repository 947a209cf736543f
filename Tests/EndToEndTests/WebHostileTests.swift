import ExpenseTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// serve against hostile use (issue 47, point 6), end to end through the built binary: markup in
/// every text the data holds is shown as text on every page and the manifest stays JSON; a POST
/// without the session's token is refused; an oversize upload is refused from its length; idle
/// connections do not keep others out. On a team database (another member's report, another
/// session's token): WebHostileTeamTests.
final class WebHostileTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file database's one-time log-in link; on a team database: WebHostileTeamTests")
    }

    /// Markup, an attribute broken out of, a single quote, a double quote carrying a combining
    /// mark (one Swift Character, not equal to `"`, yet a quote to the browser), a right-to-left
    /// override and Cyrillic letters that look Latin.
    static let hostile =
        "<script>alert(1)</script>\"><img src=x onerror=alert(2)> O'Brien \"\u{301} onmouseover=alert(3) \u{202E}fdp.exe раураl"

    /// No markup or quote from the data raw in `body`, and (where `shown`) the data escaped in it.
    static func assertText(
        _ answer: ServeFileSession.Answer, shown: Bool, _ page: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let body = answer.body
        XCTAssertFalse(body.contains("<script>alert"), "\(page): \(body)", file: file, line: line)
        XCTAssertFalse(body.contains("<img src=x"), "\(page): \(body)", file: file, line: line)
        XCTAssertFalse(body.contains("O'Brien"), "\(page): \(body)", file: file, line: line)
        let scalars = Array(body.unicodeScalars)
        XCTAssertFalse(
            zip(scalars, scalars.dropFirst()).contains { $0 == "\"" && $1 == "\u{301}" }, "\(page): a raw quote with its mark",
            file: file, line: line)
        XCTAssertFalse(answer.headers.contains("alert("), "\(page): the data in a header: \(answer.headers)", file: file, line: line)
        XCTAssertFalse(body.contains("<img/src"), "\(page): the person's name: \(body)", file: file, line: line)
        if shown {
            XCTAssertTrue(
                body.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x"), "\(page): \(body)", file: file, line: line)
            XCTAssertTrue(body.contains("O&#39;Brien &quot;\u{301} onmouseover"), "\(page): \(body)", file: file, line: line)
        }
    }

    /// A person's name (a file database's user is any name) that is markup and a quote with its mark.
    static let person = "<img/src=x/onerror=alert(7)>\"\u{301}"

    func testMarkupInEveryTextOfTheDataIsShownAsTextOnEveryPage() throws {
        let app = try ExpensesProcess()
        app.environment["EXPENSES_USER"] = Self.person
        let hostile = Self.hostile
        try app.ok(
            "report", "new", hostile, "--purpose", hostile, "--destination", hostile, "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi", "--merchant", hostile,
            "--description", hostile)
        try app.ok("report", "advance", "1", "--amount", "50", "--date", "2026-03-01")
        let web = try ServeFileSession(app)
        defer { web.stop() }
        // A category's name is the administrator's: changed in the database itself.
        let renamed = try app.run(
            [app.path("expenses.sqlite")], stdin: "UPDATE categories SET name = '\(hostile.replacingOccurrences(of: "'", with: "''"))';\n",
            executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        for (page, shown) in [("reports", true), ("reports/1", true), ("receipts/new?report=1", true), ("expenses/new?report=1", false)] {
            let answer = try web.get(page)
            XCTAssertEqual(answer.status, 200, "\(page): \(answer.body)")
            XCTAssertTrue(answer.headers.contains("Content-Security-Policy: default-src 'self'; script-src 'self'"), answer.headers)
            Self.assertText(answer, shown: shown, page)
            XCTAssertTrue(answer.body.contains("Logged in as &lt;img/src=x/onerror=alert(7)&gt;&quot;\u{301}."), "\(page): \(answer.body)")
        }
        Self.assertText(try web.get("approvals"), shown: false, "approvals")
        // The add-expense form sent back as it was typed, with what was wrong: the values in its attributes.
        let typed = try web.get(
            "expenses",
            [
                "--data", "csrf=\(ServeFileSession.csrf(form(web).body))&report=1&date=2026-03-03&amount=twelve&category=taxi",
                "--data-urlencode", "merchant=\(hostile)", "--data-urlencode", "description=\(hostile)",
            ])
        XCTAssertEqual(typed.status, 422, typed.body)
        Self.assertText(typed, shown: true, "the add-expense form sent back")

        // A receipt whose file name is markup: the capture's page shows the name as text.
        let upload = try web.get(
            "receipts",
            [
                "-F", "csrf=\(ServeFileSession.csrf(form(web).body))",
                "-F", "receipt=@\(ReceiptSamples.path("taxi-berlin-de.png"));filename=<img src=x onerror=alert(5)>O'Brien.png",
            ])
        XCTAssertTrue([200, 422].contains(upload.status), upload.body)
        XCTAssertFalse(upload.body.contains("<img src=x"), upload.body)
        XCTAssertFalse(upload.body.contains("O'Brien"), upload.body)
        XCTAssertTrue(upload.body.contains("&lt;img src=x onerror=alert(5)&gt;O&#39;Brien.png"), upload.body)
        Self.assertText(upload, shown: false, "the capture's result")
        // The same file shared from the phone's share sheet (no token; a same-site POST).
        let shared = try web.get(
            "receipts/share",
            [
                "-H", "Sec-Fetch-Site: same-origin", "-F",
                "receipt=@\(ReceiptSamples.path("parking-logan-us.png"));filename=<img src=x onerror=alert(6)>.png",
            ])
        XCTAssertTrue([200, 422].contains(shared.status), shared.body)
        XCTAssertTrue(shared.body.contains("&lt;img src=x onerror=alert(6)&gt;.png"), shared.body)
        Self.assertText(shared, shown: false, "the shared file's result")

        // The manifest (with the trip's own shortcut, titled with the report's title) stays JSON.
        let manifest = try web.get("manifest.webmanifest")
        XCTAssertEqual(manifest.status, 200, manifest.body)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any], manifest.body)
        let names = (json["shortcuts"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains { $0.contains(hostile) }, "the trip's shortcut: \(names)")
        XCTAssertFalse(manifest.body.contains("</script>"), "a closing tag in JSON is written \\u003c or <\\/: \(manifest.body)")
    }

    func testAPostWithoutTheSessionsTokenIsRefusedAndChangesNothing() throws {
        let app = try ExpensesProcess()
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        let web = try ServeFileSession(app)
        defer { web.stop() }
        let page = try web.get("expenses/new?report=1")
        let token = ServeFileSession.csrf(page.body)
        XCTAssertEqual(token.count, 32, page.body)
        let fields = ["--data", "report=1&date=2026-03-03&amount=12&category=taxi&merchant=Cab"]
        // From another site: SameSite=Strict keeps the cookie at home, and no token is known there.
        XCTAssertEqual(try web.get("expenses", fields + ["-H", "Origin: https://evil.example"], cookies: false).status, 403)
        // With the session's cookie but no token, a wrong one, or one a letter off.
        XCTAssertEqual(try web.get("expenses", fields).status, 403)
        XCTAssertEqual(try web.get("expenses", ["--data", "csrf=\(String(repeating: "0", count: 32))&"] + fields).status, 403)
        let off = String(token.dropLast()) + (token.hasSuffix("a") ? "b" : "a")
        XCTAssertEqual(try web.get("expenses", ["--data", "csrf=\(off)&"] + fields).status, 403)
        XCTAssertEqual(try web.get("logout", ["-X", "POST"]).status, 403)
        // The share target needs no token (the share sheet has none) but another site's POST is refused.
        let photo = "receipt=@\(ReceiptSamples.path("taxi-berlin-de.png"))"
        XCTAssertEqual(try web.get("receipts/share", ["-H", "Sec-Fetch-Site: cross-site", "-F", photo]).status, 403)
        XCTAssertEqual(try web.get("receipts/share", ["-F", photo], cookies: false).status, 403)
        XCTAssertFalse(try app.ok("receipt", "list").contains("taxi-berlin-de.png"), "a refused share kept its file")
        XCTAssertFalse(try app.ok("expense", "list").contains("Cab"), "a refused POST added an expense")
        XCTAssertEqual(try web.get("reports").status, 200, "the session was not logged out")
        // The page's own token does it.
        let added = try web.get("expenses", ["--data", "csrf=\(token)&"] + fields)
        XCTAssertTrue([200, 303].contains(added.status), added.body)
        XCTAssertTrue(try app.ok("expense", "list").contains("Cab"))
    }

    func testAnOversizeUploadIsRefused413FromItsLengthBeforeItsBodyIsRead() throws {
        let app = try ExpensesProcess()
        let web = try ServeFileSession(app)
        defer { web.stop() }
        let port = try XCTUnwrap(UInt16(web.url.split(separator: ":").last?.dropLast() ?? ""))
        // 100 MB announced, not one byte of it sent: the answer comes at once.
        let socket = try XCTUnwrap(Self.connect(from: "127.0.0.1", to: port))
        defer { close(socket) }
        let request =
            "POST /receipts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000000\r\n\r\n"
        XCTAssertEqual(request.withCString { send(socket, $0, strlen($0), 0) }, request.utf8.count)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, 0)
        let answer = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 413 "), answer)
        // curl sending a real one, 26 MiB, as the logged-in person with the page's token.
        let big = app.path("big.jpg")
        try Data(count: 26 << 20).write(to: URL(fileURLWithPath: big))
        let form = try web.get("receipts/new")
        let refused = try web.get("receipts", ["-F", "csrf=\(ServeFileSession.csrf(form.body))", "-F", "receipt=@\(big)"])
        XCTAssertEqual(refused.status, 413, refused.body)
        XCTAssertEqual(try web.get("reports").status, 200, "the server still answers")
    }

    /// Connections that send nothing, more than one address may hold (64), from 127.0.0.2: a
    /// request from 127.0.0.1 is answered at once; 127.0.0.2 is answered again once the server's
    /// timeout (30 s) has closed the idle ones.
    func testIdleConnectionsDoNotKeepOthersOutLongerThanTheTimeout() throws {
        let app = try ExpensesProcess()
        let web = try ServeFileSession(app)
        defer { web.stop() }
        let port = try XCTUnwrap(UInt16(web.url.split(separator: ":").last?.dropLast() ?? ""))
        let idle = (0..<80).compactMap { _ in Self.connect(from: "127.0.0.2", to: port) }
        defer { idle.forEach { close($0) } }
        XCTAssertEqual(idle.count, 80)
        usleep(300_000)
        let started = Date()
        XCTAssertEqual(try web.get("reports").status, 200, "another address is served while one holds its limit")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertNotEqual(try web.get("reports", ["--interface", "127.0.0.2", "--max-time", "3"]).status, 200, "over its limit")
        var served = false
        while !served, Date().timeIntervalSince(started) < 40 {
            served = try web.get("reports", ["--interface", "127.0.0.2", "--max-time", "3"]).status == 200
            if !served { sleep(1) }
        }
        XCTAssertTrue(served, "127.0.0.2 still kept out after the timeout")
        XCTAssertLessThan(Date().timeIntervalSince(started), 36, "kept out longer than the 30 s timeout")
    }

    /// The take-photo form, whose token every form of the session carries.
    private func form(_ web: ServeFileSession) throws -> ServeFileSession.Answer { try web.get("receipts/new") }

    /// A TCP connection from `source` (a loopback address) to the server; nil when refused.
    static func connect(from source: String, to port: UInt16) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
