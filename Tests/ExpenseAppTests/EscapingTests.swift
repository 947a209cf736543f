import ExpenseTestSupport
import Foundation
import XCTest

/// Text that is hard to escape — `\r\n`, a quote or `&` followed by a combining mark, `<` — comes
/// back exactly from every writer that has a syntax of its own: CSV, HTML, JSON.
final class EscapingTests: EngineTestCase {
    var app: InProcessApp!
    static let merchant = "Hotel\r\nAstoria \"\u{301}Zur Post\" &\u{301}amp; <b>"

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "12", "--category", "meals",
            "--merchant", Self.merchant)
    }

    override func tearDown() { app = nil }

    /// The merchant column of a CSV file, as Python's csv module reads it.
    private func merchants(inCSV path: String) throws -> [String] {
        let script =
            "import csv,json,sys\nrows=list(csv.DictReader(open(sys.argv[1],newline='',encoding='utf-8')))\n"
            + "print(json.dumps([r['merchant'] for r in rows]))"
        let result = try Tool.run("/usr/bin/python3", "-c", script, path)
        XCTAssertEqual(result.status, 0)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String] ?? []
    }

    func testCSVKeepsTheFieldWhole() throws {
        try app.ok("report", "export", "1", "--format", "csv", "-o", app.path("items.csv"))
        XCTAssertEqual(try merchants(inCSV: app.path("items.csv")), [Self.merchant])
        let listed = try app.run(["expense", "list", "--format", "csv"])
        try listed.stdout.write(toFile: app.path("list.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try merchants(inCSV: app.path("list.csv")), [Self.merchant])
    }

    func testHTMLShowsTheTextNotMarkup() throws {
        try app.ok("report", "export", "1", "--format", "html", "-o", app.path("trip.html"))
        let html = try String(contentsOfFile: app.path("trip.html"), encoding: .utf8)
        XCTAssertFalse(html.contains("<b>"), "a merchant's markup reached the HTML")
        XCTAssertTrue(html.contains("&amp;\u{301}amp; &lt;b&gt;"), "the merchant is not escaped scalar by scalar")
        XCTAssertTrue(html.contains("&quot;\u{301}Zur Post&quot;"))
    }

    func testJSONKeepsTheExactText() throws {
        let items = try app.json("expense", "list") as? [[String: Any]]
        XCTAssertEqual(items?.first?["merchant"] as? String, Self.merchant)
    }
}
