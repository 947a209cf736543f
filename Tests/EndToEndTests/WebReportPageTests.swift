import ExpenseTestSupport
import Foundation
import XCTest

/// serve's report page against `report show` on the same database: a trip with per diems and
/// an advance shows the same totals and the same due, figure for figure, as the command prints.
final class WebReportPageTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file database's one-time log-in link; the team's report page: ServeLoginTests")
    }

    /// The totals' lines `report show` prints after "Total in": label, figure, currency.
    private func totals(_ text: String) -> [(label: String, figure: String, currency: String)] {
        guard let start = text.range(of: "\nTotal in ") else { return [] }
        return text[text.index(after: start.lowerBound)...].split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":"), let space = line.lastIndex(of: " "), !line.hasPrefix("  incomplete") else {
                return nil
            }
            return (
                String(line[...colon]).trimmingCharacters(in: .whitespaces),
                String(line[line.index(after: colon)..<space]).trimmingCharacters(in: .whitespaces),
                String(line[line.index(after: space)...])
            )
        }
    }

    func testATripsPageShowsReportShowsTotalsPerDiemsAdvanceAndDue() throws {
        let app = try ExpensesProcess()
        try app.ok(
            "report", "new", "Customer visit", "--destination", "Walldorf", "--from", "2026-03-02T07:30", "--to", "2026-03-04T18:00")
        try app.ok("report", "meals", "1", "--date", "2026-03-03", "--provided", "breakfast")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "18.00", "--category", "taxi")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "1234.50", "--currency", "USD", "--rate", "0.9",
            "--category", "lodging", "--merchant", "Hotel")
        try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01")
        let show = try app.ok("report", "show", "1")
        let lines = totals(show)
        XCTAssertEqual(
            lines.map(\.label),
            ["Total in EUR:", "paid personally:", "paid by company:", "Per diems:", "Advances paid:", "Due to employee:"], show)
        guard let perDiemTotal = show.split(separator: "\n").first(where: { $0.hasPrefix("Per diems total: ") }) else {
            return XCTFail(show)
        }

        let web = try ServeFileSession(app)
        defer { web.stop() }
        let page = try web.get("reports/1")
        XCTAssertEqual(page.status, 200, page.body)
        for (index, line) in lines.enumerated() {
            let cells =
                index == lines.count - 1
                ? "<th><strong>\(line.label)</strong></th><td style=\"text-align:right\"><strong>\(line.figure) \(line.currency)</strong></td>"
                : "<th>\(line.label)</th><td style=\"text-align:right\">\(line.figure) \(line.currency)</td>"
            XCTAssertTrue(page.body.contains(cells), "\(line) of\n\(show)\nnot in\n\(page.body)")
        }
        XCTAssertTrue(page.body.contains("<p>\(perDiemTotal)</p>"), page.body)
        XCTAssertTrue(page.body.contains("<tr><th>Spent in USD</th><td style=\"text-align:right\">1,234.50 USD</td></tr>"), page.body)
        XCTAssertTrue(page.body.contains("<li>#1  2026-03-01  500.00 EUR</li>"), page.body)
        XCTAssertTrue(page.body.contains("<dt>Destination</dt><dd>Walldorf</dd>"), page.body)
        XCTAssertTrue(page.body.contains("<dt>Status</dt><dd>draft</dd>"), page.body)
        XCTAssertTrue(page.body.contains("<dt>Owner</dt><dd>alice</dd>"), page.body)
        // Each item with its amount and its converted one, a receipt missing said as the command says it.
        XCTAssertTrue(page.body.contains("<td>Hotel</td>"), page.body)
        XCTAssertTrue(page.body.contains("1,234.50 USD"), page.body)
        XCTAssertTrue(page.body.contains("1,111.05 EUR"), page.body)
        XCTAssertTrue(page.body.contains("<a href=\"/receipts/new?report=1\">Take photo</a>"), page.body)
        XCTAssertTrue(page.body.contains("<a href=\"/expenses/new?report=1\">Add an expense</a>"), page.body)
        XCTAssertFalse(page.body.contains("<pre style=\"white-space:pre-wrap\">"), "no longer the command's text in a <pre>")
    }

    /// In Debian's headless Chromium at a phone's width the page fits: the items' wide table
    /// scrolls in its own box, not the page; markup in the data made no element; at a desk's too.
    func testAtAPhonesWidthTheReportPageFitsAndMarkupInItsDataMakesNoElement() throws {
        let app = try ExpensesProcess()
        let hostile = "<img src=x onerror=\"document.title='owned'\"><script>document.title='owned'</script>"
        try app.ok("report", "new", hostile, "--from", "2026-03-02T07:30", "--to", "2026-03-04T18:00")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "1234.50", "--currency", "USD", "--rate", "0.9",
            "--category", "lodging", "--merchant", "Hotel Astoria Walldorf, a long name " + hostile, "--description", hostile)
        try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01")
        let artifacts = try TestArtifacts.directory("WebReportPageTests")
        for viewport in [DevToolsBrowser.Viewport.phone, .desk] {
            let web = try ServeFileSession(app, logIn: false)
            defer { web.stop() }
            let run = try DevToolsBrowser.run(
                [
                    ["action": "navigate", "url": web.loginLink],
                    ["action": "navigate", "url": web.url + "reports/1"],
                    [
                        "action": "evaluate",
                        "expression": """
                        [[...document.querySelectorAll('body *')].filter(e => !e.closest('[style*="overflow-x:auto"]')
                           && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 1))
                           .map(e => e.tagName), innerWidth,
                         document.querySelectorAll('img, script:not([src])').length, document.title,
                         document.querySelector('tr.due').textContent, document.querySelector('h1').textContent]
                        """,
                    ],
                    ["action": "screenshot", "path": artifacts + "/report-\(viewport.rawValue).png"],
                ], viewport: viewport)
            XCTAssertNil(run.error, "\(viewport): \(run.error ?? "")")
            let values = try XCTUnwrap(run.results.last(where: { $0 is [Any] }) as? [Any], "\(run.results)")
            XCTAssertEqual(values[0] as? [String], [], "\(viewport): wider than the screen, outside a box that scrolls: \(values)")
            if viewport == .phone { XCTAssertEqual(values[1] as? Int, 390, "a page wider than a phone is shown zoomed out") }
            XCTAssertEqual(values[2] as? Int, 0, "\(viewport): markup in the data made an element")
            XCTAssertEqual(values[3] as? String, "Report 1: \(hostile) · Expenses", "\(viewport)")
            XCTAssertEqual(values[4] as? String, "Due to employee:667.05 EUR", "\(viewport)")
            XCTAssertEqual(values[5] as? String, "Report 1: \(hostile)", "\(viewport)")
        }
    }
}
