import ExpenseTestSupport
import Foundation
import XCTest

/// The takePhoto quick action, the share sheet and the add-expense form on `expenses serve`, as
/// a browser posts them (curl), and the installable app's files it serves: an upload is captured
/// as `receipt capture` captures it, and the command line sees what the page said.
final class ServeReceiptsTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file database's one-time log-in link; the team database's pages: ServeLoginTests, WebBrowserTests")
    }

    private var app: ExpensesProcess!
    private var url = ""
    private var jar = ""

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try ExpensesProcess()
        try app.ok("report", "new", "Berlin", "--from", "2026-03-01", "--to", "2026-03-10", "--currency", "EUR")
        try "Date,Description,Amount\n2026-03-08,FUNK TAXI BERLIN,36.00\n".write(
            toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try """
        date-format %Y-%m-%d
        date = Date
        amount = Amount
        merchant = Description
        default currency EUR
        default category other
        default paid-by company

        """.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        try app.ok("import", app.path("card.csv"), "--rules", app.path("card.rules"), "--report", "1")
        let (process, url, jar) = try ServeClient.startLoggedIn(app)
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
        (self.url, self.jar) = (url, jar)
    }

    override func tearDown() { app = nil }

    /// curl with the session's cookies: the status and the body.
    private func request(_ path: String, _ arguments: [String] = []) throws -> (status: Int, body: String) {
        let body = app.path("body")
        try? FileManager.default.removeItem(atPath: body)
        let code = try ServeClient.curl(["-b", jar, "-o", body] + arguments + [url + path])
        return (Int(code.prefix(3)) ?? 0, (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    private func csrf(_ page: String) -> String {
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix(32))
    }

    func testATakenPhotoIsAttachedToItsCardLineAndTheSameFileAgainSaysWhereItIs() throws {
        let form = try request("receipts/new?report=1")
        XCTAssertEqual(form.status, 200)
        XCTAssertTrue(form.body.contains("capture=\"environment\""), form.body)
        XCTAssertTrue(form.body.contains("<input type=\"hidden\" name=\"report\" value=\"1\">"), form.body)
        let token = csrf(form.body)
        let photo = ReceiptSamples.path("taxi-berlin-de.png")
        // No token: a cross-site form cannot capture into the person's database.
        XCTAssertEqual(try request("receipts", ["-F", "receipt=@\(photo)"]).status, 403)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "0")

        let hostile = #"<img src=x onerror=alert(1)>"\#u{301}.png"#
        let taken = try request("receipts", ["-F", "csrf=\(token)", "-F", "report=1", "-F", "receipt=@\(photo);filename=\(hostile)"])
        XCTAssertEqual(taken.status, 200, taken.body)
        XCTAssertTrue(taken.body.contains("is attached to expense 1 of report 1 (Berlin)."), taken.body)
        XCTAssertFalse(taken.body.contains("<img"), taken.body)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_receipts WHERE expense_id = 1"), "1")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1", "no second expense")

        let again = try request("receipts", ["-F", "csrf=\(token)", "-F", "receipt=@\(photo)"])
        XCTAssertEqual(again.status, 200, again.body)
        XCTAssertTrue(again.body.contains("is attached to expense 1 of report 1"), again.body)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "1")

        let empty = try request("receipts", ["-F", "csrf=\(token)", "-F", "report=1"])
        XCTAssertEqual(empty.status, 400, empty.body)
        XCTAssertTrue(empty.body.contains("no receipt came with the form"), empty.body)
    }

    func testTheShareSheetsPostCapturesFromTheAppButNotFromAnotherSite() throws {
        let photo = ReceiptSamples.path("taxi-berlin-de.png")
        let foreign = try request("receipts/share", ["-H", "Sec-Fetch-Site: cross-site", "-F", "receipt=@\(photo)"])
        XCTAssertEqual(foreign.status, 403, foreign.body)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "0")
        let shared = try request("receipts/share", ["-H", "Sec-Fetch-Site: none", "-F", "title=taxi", "-F", "receipt=@\(photo)"])
        XCTAssertEqual(shared.status, 200, shared.body)
        XCTAssertTrue(shared.body.contains("is attached to expense 1 of report 1"), shared.body)
    }

    func testAReceiptNoCardLineHasIsOfferedAsAFormThatAddsItsExpenseWithTheReceipt() throws {
        let token = csrf(try request("receipts/new").body)
        let kept = try request(
            "receipts", ["-F", "csrf=\(token)", "-F", "report=1", "-F", "receipt=@\(ReceiptSamples.path("kiosk-munich-de.jpg"))"])
        XCTAssertEqual(kept.status, 200, kept.body)
        XCTAssertTrue(kept.body.contains("no expense matched it"), kept.body)
        XCTAssertTrue(kept.body.contains("<input type=\"hidden\" name=\"receipt\" value=\"1\">"), kept.body)
        XCTAssertTrue(kept.body.contains("<input type=\"hidden\" name=\"report\" value=\"1\">"), kept.body)

        // A wrong amount: the form again with what was typed and why, nothing added.
        let wrong = try request(
            "expenses", ["--data", "csrf=\(token)&report=1&receipt=1&date=2026-03-10&amount=7%2C4x&category=meals&merchant=Kiosk"])
        XCTAssertEqual(wrong.status, 422, wrong.body)
        XCTAssertTrue(wrong.body.contains("invalid amount"), wrong.body)
        XCTAssertTrue(wrong.body.contains("value=\"7,4x\""), wrong.body)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")

        // A merchant beginning with a dash stays a merchant, not an option of `expense add`.
        let added = try ServeClient.curl(
            [
                "-b", jar, "--data", "csrf=\(token)&report=1&receipt=1&date=2026-03-10&amount=7.40&category=meals&merchant=--report%3D2",
                url + "expenses",
            ])
        XCTAssertEqual(added, "303 \(url)reports/1")
        XCTAssertEqual(
            try app.query("SELECT merchant || ' ' || amount_minor || ' ' || report_id FROM expenses WHERE id = 2"), "--report=2 740 1")
        XCTAssertEqual(try app.query("SELECT receipt_id FROM expense_receipts WHERE expense_id = 2"), "1")
    }

    func testTheAppsFilesAreServedAndTheManifestIsThePersonsOwnOnlyWhenLoggedIn() throws {
        let anonymous = try ServeClient.curl(["-o", app.path("public.json"), url + "manifest.webmanifest"])
        XCTAssertEqual(anonymous, "200 ")
        let mine = try request("manifest.webmanifest")
        XCTAssertEqual(mine.status, 200)
        for text in [try String(contentsOfFile: app.path("public.json"), encoding: .utf8), mine.body] {
            let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let urls = (manifest["shortcuts"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
            XCTAssertEqual(Array(urls.prefix(2)), ["/reports", "/receipts/new"], text)
        }
        XCTAssertTrue(mine.body.contains("\"url\": \"/reports/1\""), mine.body)
        // In the browser's language, not the server's.
        let german = try request("manifest.webmanifest", ["-H", "Accept-Language: de-DE,de;q=0.9,en;q=0.5"])
        XCTAssertTrue(german.body.contains("\"lang\": \"de\""), german.body)
        XCTAssertTrue(german.body.contains("\"name\": \"Berichte anzeigen\""), german.body)
        XCTAssertTrue(german.body.contains("\"name\": \"Berlin öffnen\""), german.body)
        XCTAssertFalse(
            try String(contentsOfFile: app.path("public.json"), encoding: .utf8).contains("Berlin"), "no one's trip to a stranger")
        let page = try request("reports")
        XCTAssertTrue(page.body.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\" crossorigin=\"use-credentials\">"))
        for (path, type) in [
            ("icons/192.png", "image/png"), ("icons/512.png", "image/png"), ("sw.js", "text/javascript"),
            ("sw-register.js", "text/javascript"),
        ] {
            let answer = try ServeClient.curl(["-w", "%{http_code} %{content_type}", url + path])
            XCTAssertTrue(answer.hasPrefix("200 ") && answer.contains(type), "\(path): \(answer)")
        }
        XCTAssertTrue(try ServeClient.curl([url + "icons/../../etc/passwd"]).hasPrefix("404"))
    }
}
