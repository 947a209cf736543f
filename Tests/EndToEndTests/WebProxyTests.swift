import ExpenseTestSupport
import Foundation
import XCTest

/// docs/WEB.md's nginx configuration, the very text between its markers, run by Debian's nginx
/// (unprivileged, everything in a temporary directory, on free loopback ports) in front of a
/// loopback upstream: HTTPS forwarded with who asked and how, plain HTTP sent to HTTPS, an
/// upload larger than a receipt may be refused before it reaches the app.
final class WebProxyTests: EngineTestCase {
    override class var engines: Engines {
        .once(because: "nginx in front of a loopback upstream: no database is involved")
    }

    var upstream: LoopbackUpstream!
    var nginx: NginxFront!
    let host = "expenses.example.com"

    override func setUpWithError() throws {
        upstream = try LoopbackUpstream()
        nginx = try NginxFront(
            site: try NginxFront.documented(in: NginxFront.webDocument), upstream: upstream,
            replacing: [
                ("server 127.0.0.1:8080;", "server 127.0.0.1:{upstream};"),
                ("listen 80;", "listen 127.0.0.1:{http};"),
                ("listen 443 ssl http2;", "listen 127.0.0.1:{https} ssl http2;"),
                ("/etc/ssl/expenses/fullchain.pem", "{cert}"),
                ("/etc/ssl/expenses/privkey.pem", "{key}"),
            ])
    }

    override func tearDown() {
        nginx = nil
        upstream = nil
    }

    /// curl to the site's name resolved to loopback; the status and the body.
    private func curl(_ scheme: String, _ path: String, _ options: String...) throws -> (status: Int, body: String) {
        let port = scheme == "https" ? nginx.httpsPort : nginx.httpPort
        let result = try Tool.run(
            ["/usr/bin/curl", "-sS", "-k", "--max-time", "20", "--resolve", "\(host):\(port):127.0.0.1", "-w", "\n%{http_code}"]
                + options + ["\(scheme)://\(host):\(port)\(path)"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    private func json(_ body: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], body)
    }

    func testHTTPSIsForwardedWithTheHostTheAddressAndTheScheme() throws {
        let (status, body) = try curl("https", "/receipts/new?from=shortcut")
        XCTAssertEqual(status, 200, body)
        let seen = try json(body)
        XCTAssertEqual(seen["path"] as? String, "/receipts/new?from=shortcut")
        let headers = try XCTUnwrap(seen["headers"] as? [String: String])
        XCTAssertEqual(headers["Host"], host)
        XCTAssertEqual(headers["X-Forwarded-Proto"], "https")
        XCTAssertEqual(headers["X-Forwarded-For"], "127.0.0.1")
    }

    func testPlainHTTPIsSentToHTTPS() throws {
        let (status, _) = try curl("http", "/reports", "-o", "/dev/null", "-D", "-")
        XCTAssertEqual(status, 301)
        let headers = try Tool.run(
            "/usr/bin/curl", "-sS", "-o", "/dev/null", "-D", "-", "--resolve", "\(host):\(nginx.httpPort):127.0.0.1",
            "http://\(host):\(nginx.httpPort)/reports")
        XCTAssertTrue(headers.stdout.lowercased().contains("location: https://\(host)/reports\r\n"), headers.stdout)
    }

    func testAReceiptIsUploadedWholeAndAnOversizeOneIsRefusedBeforeTheApp() throws {
        let photo = nginx.directory + "/photo.jpg"
        try Data(repeating: 0xFF, count: 2 << 20).write(to: URL(fileURLWithPath: photo))
        let (status, body) = try curl("https", "/receipts", "-F", "receipt=@\(photo);type=image/jpeg")
        XCTAssertEqual(status, 200, body)
        let seen = try json(body)
        XCTAssertEqual(seen["method"] as? String, "POST")
        XCTAssertGreaterThan(seen["bodyLength"] as? Int ?? 0, 2 << 20)

        let huge = nginx.directory + "/huge.jpg"
        try Data(repeating: 0xFF, count: 22 << 20).write(to: URL(fileURLWithPath: huge))
        let refused = try curl("https", "/receipts", "-F", "receipt=@\(huge);type=image/jpeg")
        XCTAssertEqual(refused.status, 413, refused.body)
        XCTAssertFalse(refused.body.contains("bodyLength"), "the app saw none of it")
    }
}
