import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 47's "done when", in Debian's headless Chromium against the built `expenses serve` on a
/// throwaway team server: alice, on a phone, logs in, sees her trip, opens the takePhoto
/// shortcut at the URL the manifest gives it, uploads a receipt that lands on the card line she
/// imported, and sees the trip's totals; bob approves the report at a desk; and Chromium deems
/// serve's own pages installable with both shortcuts. Screenshots are kept (`TestArtifacts`).
final class WebBrowserTests: TeamDatabaseTestCase {
    /// The receipt alice photographs, and her card's line of the same payment: the taxi of
    /// 2026-03-07, 36.00 EUR, posted the next day (as ReceiptWeekTests matches it on a file).
    private let sample = "taxi-berlin-de.png"
    private let statement = """
        Date,Description,Amount
        2026-03-08,FUNK TAXI BERLIN,36.00

        """
    private let rules = """
        date-format %Y-%m-%d
        date = Date
        amount = Amount
        merchant = Description
        default currency EUR
        default category taxi
        default paid-by company

        """
    /// The catalog's titles of the two static quick actions (Data's Info.plist, in English).
    private let showReports = "Show Reports"
    private let takePhoto = "Take a Picture"

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
    }

    /// serve on the team database, its connection string naming nobody (each person logs in as
    /// themselves); the URL it prints, `http://127.0.0.1:PORT/`.
    private func serve() throws -> String {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"], before: ["--db", location])
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(line.hasPrefix("Serving http://127.0.0.1:"), line)
        return String(line.dropFirst("Serving ".count))
    }

    /// A browser's steps, each with a name its result is read by.
    private struct Script {
        private(set) var steps: [[String: Any]] = []
        private var names: [String: Int] = [:]

        mutating func add(_ name: String, _ step: [String: Any]) {
            names[name] = steps.count
            steps.append(step)
        }

        /// The person's log-in at /login, as they type it; the page it lands on is "logged in".
        mutating func logIn(_ url: String, _ role: String) {
            add("login form", ["action": "navigate", "url": url + "login"])
            add("name", ["action": "fill", "selector": "input[name=name]", "value": role])
            add("password", ["action": "fill", "selector": "input[name=password]", "value": "\(role)-pw"])
            add("logged in", ["action": "click", "selector": "form[action='/login'] button[type=submit]", "navigates": true])
        }

        /// What the page says, as a person reads it (`innerText`).
        mutating func read(_ name: String) {
            add(name, ["action": "evaluate", "expression": "document.body.innerText"])
        }

        /// Whether the page fits the viewport's width: nothing to scroll sideways.
        mutating func fits(_ name: String) {
            add(name, ["action": "evaluate", "expression": "document.documentElement.scrollWidth <= innerWidth"])
        }

        /// What reaches past the screen's right edge (tag names), nothing when the page fits a
        /// phone: stricter than the page not scrolling, since a table in a box that scrolls
        /// sideways hides its last columns as well.
        mutating func pastTheEdge(_ name: String) {
            add(
                name,
                [
                    "action": "evaluate",
                    "expression": "[...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1)"
                        + ".map((e) => e.tagName.toLowerCase())",
                ])
        }

        /// How many of the page's form fields have a label, and the ids of those whose label is
        /// not right above them, flush left: a label beside a field reads as the next one's.
        mutating func labelsAbove(_ name: String) {
            add(
                name,
                [
                    "action": "evaluate",
                    "expression": "(() => { const labels = [...document.querySelectorAll('form label[for]')];"
                        + " return [labels.length, labels.filter((l) => { const a = l.getBoundingClientRect(),"
                        + " b = document.getElementById(l.htmlFor).getBoundingClientRect();"
                        + " return !(a.bottom <= b.top + 1 && Math.abs(a.left - b.left) < 2); }).map((l) => l.htmlFor)]; })()",
                ])
        }

        func result(_ name: String, of run: DevToolsBrowser.Run) -> Any? {
            guard let index = names[name], index < run.results.count else { return nil }
            return run.results[index]
        }

        func text(_ name: String, of run: DevToolsBrowser.Run) -> String {
            result(name, of: run) as? String ?? ""
        }
    }

    private func browse(_ script: Script, _ viewport: DevToolsBrowser.Viewport, file: StaticString = #filePath, line: UInt = #line) throws
        -> DevToolsBrowser.Run
    {
        let run = try DevToolsBrowser.run(script.steps, viewport: viewport, stepTimeout: 60, timeout: 300)
        XCTAssertNil(
            run.error, "step \(run.failedStep ?? -1) \(run.failedStep.map { script.steps[$0] } ?? [:]): \(run.error ?? "")",
            file: file, line: line)
        return run
    }

    /// One value the superuser reads from the test's database.
    private func serverValue(_ sql: String) throws -> String {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// alice's trip with her card's line imported, as she has it before she travels with a phone.
    private func aliceImportsHerCard() throws {
        try ok(as: "alice", "report", "new", "Berlin", "--from", "2026-03-06", "--to", "2026-03-08", "--currency", "EUR")
        try statement.write(toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        let imported = try ok(as: "alice", "import", app.path("card.csv"), "--rules", app.path("card.rules"), "--report", "1")
        XCTAssertTrue(imported.contains("1 new"), imported)
        try ok(as: "bob", "report", "new", "Bob's own trip", "--from", "2026-03-02", "--to", "2026-03-06")
    }

    func testATravellerTakesAPhotoThroughTheShortcutOnAPhoneAndAnApproverApprovesAtADesk() throws {
        try aliceImportsHerCard()
        let url = try serve()
        let artifacts = try TestArtifacts.directory("WebBrowserTests-done-when")

        var phone = Script()
        phone.logIn(url, "alice")
        phone.read("reports")
        phone.pastTheEdge("reports past the edge")
        phone.add("reports shot", ["action": "screenshot", "path": artifacts + "/phone-reports.png"])
        // A finger on the trip's title opens it: the whole row is the link, not its id alone.
        phone.add("tapped", ["action": "tap", "selector": "td[data-label=title]", "navigates": true])
        phone.add("take photo", ["action": "shortcut", "name": takePhoto])
        phone.add(
            "file field",
            [
                "action": "evaluate",
                "expression": "[...document.querySelectorAll('input[type=file]')]"
                    + ".map((e) => [e.name, e.accept, e.getAttribute('capture')])",
            ])
        phone.pastTheEdge("take photo past the edge")
        phone.add("take photo shot", ["action": "screenshot", "path": artifacts + "/phone-take-photo.png"])
        phone.add("upload", ["action": "upload", "selector": "input[type=file][name=receipt]", "files": [ReceiptSamples.path(sample)]])
        phone.add("captured", ["action": "tap", "selector": "form[action='/receipts'] button[type=submit]", "navigates": true])
        phone.read("result")
        phone.pastTheEdge("result past the edge")
        phone.add("result shot", ["action": "screenshot", "path": artifacts + "/phone-result.png"])
        phone.add("report", ["action": "click", "selector": "a[href='/reports/1']", "navigates": true])
        phone.read("report text")
        phone.fits("report fits")
        phone.add(
            "report cells wrapped",
            [
                "action": "evaluate",
                "expression": "[...document.querySelectorAll('td')].filter((td) => { const lines = new Set();"
                    + " const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);"
                    + " while (walker.nextNode()) { const range = document.createRange(); range.selectNodeContents(walker.currentNode);"
                    + " for (const box of range.getClientRects()) lines.add(Math.round(box.top)); }"
                    + " return lines.size > 1; }).map((td) => td.textContent)",
            ])
        phone.add("report shot", ["action": "screenshot", "path": artifacts + "/phone-report.png"])
        phone.add("add expense", ["action": "navigate", "url": url + "expenses/new"])
        phone.labelsAbove("add expense labels")
        phone.pastTheEdge("add expense past the edge")
        phone.add("add expense shot", ["action": "screenshot", "path": artifacts + "/phone-add-expense.png"])
        let traveller = try browse(phone, .phone)
        guard traveller.error == nil else { return }

        XCTAssertEqual(phone.text("logged in", of: traveller), url + "reports")
        let reports = phone.text("reports", of: traveller)
        XCTAssertTrue(reports.contains("Berlin"), reports)
        XCTAssertFalse(reports.contains("Bob's own trip"), "only her own reports: \(reports)")
        XCTAssertTrue(reports.contains("Logged in as alice."), reports)
        XCTAssertEqual(phone.text("tapped", of: traveller), url + "reports/1", "a tap on the row's title opens the report")
        XCTAssertEqual(phone.text("take photo", of: traveller), url + "receipts/new", "the takePhoto shortcut's URL")
        let fields = phone.result("file field", of: traveller) as? [[String]]
        XCTAssertEqual(fields, [["receipt", "image/*,application/pdf", "environment"]], "one field that opens the back camera")
        let result = phone.text("result", of: traveller)
        XCTAssertTrue(result.contains("Receipt attached"), result)
        XCTAssertTrue(result.contains("is attached to expense 1 of report 1"), result)
        XCTAssertTrue(result.contains(sample), "the file's name: \(result)")
        XCTAssertEqual(phone.text("report", of: traveller), url + "reports/1")
        // The trip's totals and what is due, on the phone as the command line computes them.
        let report = phone.text("report text", of: traveller)
        let shown = try ok(as: "alice", "report", "show", "1")
        for label in ["Total in EUR:", "Per diems:", "Due to employee:"] {
            let line = try XCTUnwrap(shown.split(separator: "\n").first { $0.hasPrefix(label) }, shown)
            let amount = line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(report.contains(amount), "\(label) \(amount) in:\n\(report)")
        }
        XCTAssertTrue(report.contains("FUNK TAXI BERLIN"), report)
        let labels = phone.result("add expense labels", of: traveller) as? [Any]
        XCTAssertEqual(labels?.first as? Int, 6, "the add-expense form's labelled fields: \(labels ?? [])")
        XCTAssertEqual(labels?.last as? [String], [], "each label right above its field on a phone")
        for name in ["reports past the edge", "take photo past the edge", "result past the edge", "add expense past the edge"] {
            XCTAssertEqual(phone.result(name, of: traveller) as? [String], [], "\(name) at 390 px")
        }
        XCTAssertEqual(phone.result("report fits", of: traveller) as? Bool, true, "the report's page does not scroll sideways at 390 px")
        XCTAssertEqual(phone.result("report cells wrapped", of: traveller) as? [String], [], "a date or an amount broken over lines")
        // The receipt is the card line's, in the database as the command line reads it.
        XCTAssertEqual(try serverValue("SELECT expense_id || ':' || receipt_id FROM expense_receipts"), "1:1")
        XCTAssertEqual(try serverValue("SELECT count(*) FROM expenses"), "1", "the card line, no second expense")

        // The web has no submit button: alice submits at the command line.
        try ok(as: "alice", "report", "submit", "1")

        var desk = Script()
        desk.logIn(url, "bob")
        desk.add("approvals page", ["action": "navigate", "url": url + "approvals"])
        desk.read("approvals")
        desk.add("approvals shot", ["action": "screenshot", "path": artifacts + "/desk-approvals.png"])
        desk.add("approved", ["action": "click", "selector": "form[action='/approvals/1/approve'] button", "navigates": true])
        desk.read("after")
        desk.add("after shot", ["action": "screenshot", "path": artifacts + "/desk-approved.png"])
        desk.add("width", ["action": "evaluate", "expression": "innerWidth"])
        let approver = try browse(desk, .desk)
        guard approver.error == nil else { return }
        XCTAssertEqual(desk.result("width", of: approver) as? Int, 1280)
        let approvals = desk.text("approvals", of: approver)
        XCTAssertTrue(approvals.contains("1: Berlin"), approvals)
        XCTAssertTrue(approvals.contains("alice"), approvals)
        XCTAssertEqual(desk.text("approved", of: approver), url + "approvals")
        XCTAssertTrue(desk.text("after", of: approver).contains("Nothing waits for you."), desk.text("after", of: approver))
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("approved"))

        let phoneShots = ["phone-reports", "phone-take-photo", "phone-result", "phone-report", "phone-add-expense"]
        for shot in phoneShots + ["desk-approvals", "desk-approved"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: artifacts + "/\(shot).png"))
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG kept at \(artifacts)/\(shot).png")
        }
    }

    /// Chromium's own checks on serve's pages (not the static export): the logged-in person's
    /// manifest parsed without an error, the two static shortcuts first, the service worker
    /// active, and nothing missing for installing the app.
    func testChromiumDeemsServesPagesInstallableWithBothShortcuts() throws {
        try aliceImportsHerCard()
        let url = try serve()
        let origin = String(url.dropLast())
        let artifacts = try TestArtifacts.directory("WebBrowserTests-installable")
        var phone = Script()
        phone.logIn(url, "alice")
        phone.add("service worker", ["action": "service_worker"])
        phone.add("manifest", ["action": "manifest"])
        phone.add("installability", ["action": "installability"])
        phone.add("shot", ["action": "screenshot", "path": artifacts + "/phone.png"])
        let run = try browse(phone, .phone)
        guard run.error == nil else { return }

        XCTAssertEqual(phone.text("service worker", of: run), url + "sw.js")
        let manifest = try XCTUnwrap(phone.result("manifest", of: run) as? [String: Any])
        XCTAssertEqual(manifest["url"] as? String, url + "manifest.webmanifest")
        XCTAssertEqual((manifest["errors"] as? [Any])?.count, 0, "\(manifest["errors"] ?? "")")
        let parsed = try XCTUnwrap(manifest["manifest"] as? [String: Any], "Chromium's parsed manifest")
        let shortcuts = try XCTUnwrap(parsed["shortcuts"] as? [[String: Any]])
        XCTAssertEqual(shortcuts.prefix(2).map { $0["name"] as? String }, [showReports, takePhoto])
        XCTAssertEqual(shortcuts.prefix(2).map { $0["url"] as? String }, [origin + "/reports", origin + "/receipts/new"])
        XCTAssertEqual(parsed["startUrl"] as? String, origin + "/reports")
        XCTAssertEqual(parsed["display"] as? String, "kStandalone")
        XCTAssertEqual((phone.result("installability", of: run) as? [Any])?.count, 0, "\(phone.result("installability", of: run) ?? "")")
    }
}
