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
}
