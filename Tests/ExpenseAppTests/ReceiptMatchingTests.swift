import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 30: a captured receipt and its card line end as one expense. The sample receipts are
/// read by tesseract (Scripts/bootstrap installs it); the items are typed or imported as a card
/// statement would bring them. Runs on a file and on a team database.
final class ReceiptMatchingTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try InProcessApp()
        try app.ok("report", "new", "Munich and Berlin", "--from", "2026-03-05", "--to", "2026-03-10", "--currency", "EUR")
    }

    override func tearDown() { app = nil }

    private func add(_ merchant: String, _ amount: String, on date: String, category: String = "taxi", report: Bool = true) throws {
        let result = try app.run(
            [
                "expense", "add", "--date", date, "--amount", amount, "--currency", "EUR", "--category", category, "--merchant", merchant,
                "--paid-by", "company",
            ] + (report ? ["--report", "1"] : []))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func links() throws -> String {
        try app.query("SELECT expense_id || ':' || receipt_id FROM expense_receipts ORDER BY 1").split(separator: "\n").joined(
            separator: " ")
    }

    /// The taxi's receipt and an Uber line of the same amount on the receipt's own day: the
    /// merchant decides, not the nearer day.
    func testTheMerchantDecidesOverANearerDay() throws {
        try add("UBER *TRIP", "36.00", on: "2026-03-07")
        try add("FUNK TAXI BERLIN", "36.00", on: "2026-03-08")
        let result = try app.run("receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "Attached to expense 2, FUNK TAXI BERLIN 36.00 EUR, 2026-03-08: same amount, 1 day later, merchant alike\n"),
            result.stdout)
        XCTAssertEqual(try links(), "2:1")
        // In the report's audit log, with what it went by; and undone by detaching it.
        let history = try app.ok("report", "history", "1")
        XCTAssertTrue(history.contains("receipt 1 attached to expense 2"), history)
        XCTAssertTrue(history.contains("matched: same amount, 1 day later, merchant alike"), history)
        try app.ok("receipt", "detach", "1", "--expense", "2")
        XCTAssertEqual(try links(), "")
        XCTAssertTrue(try app.ok("report", "history", "1").contains("receipt 1 detached from expense 2"))
    }

    /// A card line posts two days after the purchase; and --no-match keeps a receipt alone.
    func testACardLineTwoDaysLaterAndNoMatch() throws {
        try add("KIOSK AM STACHUS", "7.40", on: "2026-03-10", category: "other")
        let alone = try app.run("receipt", "capture", ReceiptSamples.path("kiosk-munich-de.jpg"), "--no-match")
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertFalse(alone.stdout.contains("Attached"), alone.stdout)
        // It says where the receipt is and how it finds its expense.
        XCTAssertTrue(
            alone.stdout.hasSuffix(
                "\nKept unattached: the card statement's line takes it when imported, or attach it: expenses receipt attach 1 --expense ID\n"
            ), alone.stdout)
        XCTAssertEqual(try links(), "")
        let matched = try app.object("receipt", "match")
        XCTAssertEqual(matched["attached"] as? Int, 1)
        XCTAssertEqual(try links(), "1:1")
        let receipts = try XCTUnwrap(matched["receipts"] as? [[String: Any]])
        XCTAssertEqual(receipts.first?["reason"] as? String, "same amount, 2 days later, merchant alike")
    }

    /// `--create` with a match attaches the receipt to the item instead of making a second one;
    /// `--new` insists.
    func testCreateOnAMatchAttachesInsteadAndNewInsists() throws {
        try add("HOTEL ASTORIA WALLDORF", "1234.56", on: "2026-03-07", category: "lodging")
        let hotel = ReceiptSamples.path("hotel-walldorf-de.jpg")
        let result = try app.run("receipt", "capture", hotel, "--create", "--report", "1", "--yes")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Attached to expense 1, HOTEL ASTORIA WALLDORF 1,234.56 EUR, 2026-03-07"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Created expense"), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
        XCTAssertEqual(try links(), "1:1")
        XCTAssertFalse(try app.ok("report", "check", "1").contains("duplicate"))

        let basel = ReceiptSamples.path("restaurant-basel-ch.jpg")
        try add("ZUM GOLDENEN STERNEN", "34.80", on: "2026-03-03", category: "meals", report: false)
        let insisted = try app.run("receipt", "capture", basel, "--create", "--new", "--report", "1", "--yes", "--rate", "1.0412")
        XCTAssertEqual(insisted.status, 0, insisted.stderr)
        XCTAssertTrue(insisted.stdout.contains("Created expense 3"), insisted.stdout)
    }

    /// A receipt captured before the statement: the import's new line takes it, and says so.
    func testAnImportTakesTheReceiptsCapturedBeforeIt() throws {
        XCTAssertEqual(try app.run("receipt", "capture", ReceiptSamples.path("kiosk-munich-de.jpg")).status, 0)
        XCTAssertEqual(try app.run("receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png")).status, 0)
        try
            "Date,Description,Amount\n2026-03-09,KIOSK AM STACHUS MUENCHEN,7.40\n2026-03-08,FUNK TAXI BERLIN,36.00\n2026-03-09,OTHER,12.00\n"
            .write(toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try
            "date-format %Y-%m-%d\ndate = Date\namount = Amount\nmerchant = Description\ndefault currency EUR\ndefault category other\ndefault paid-by company\n"
            .write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        let imported = try app.run("import", app.path("card.csv"), "--rules", app.path("card.rules"), "--report", "1")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("; 2 receipts captured before attached to their lines"), imported.stdout)
        XCTAssertEqual(try links(), "1:1 2:2")
        XCTAssertEqual((try app.json("receipt", "list", "--unattached") as? [Any])?.count, 0)
        XCTAssertFalse(try app.ok("report", "check", "1").contains("duplicate"))
    }

    /// Two items as likely as each other: in a script none is attached, both are listed, and
    /// `--create` makes no third.
    func testAnAmbiguousMatchInAScriptIsListedAndNoneAttached() throws {
        try add("SHOP ONE", "7.40", on: "2026-03-08", category: "other")
        try add("SHOP TWO", "7.40", on: "2026-03-08", category: "other")
        let result = try app.run(
            ["run", "-"], stdin: "receipt capture \(ReceiptSamples.path("kiosk-munich-de.jpg")) --create --report 1 --yes\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("It could be any of these expenses; none was attached and no expense created:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  expense 1, SHOP ONE 7.40 EUR, 2026-03-08: same amount, same day\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  expense 2, SHOP TWO 7.40 EUR, 2026-03-08: same amount, same day\n"), result.stdout)
        XCTAssertEqual(try links(), "")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "2")
        let dry = try app.object("receipt", "match", "--dry-run")
        let receipts = try XCTUnwrap(dry["receipts"] as? [[String: Any]])
        XCTAssertEqual(receipts.first?["candidates"] as? [Int], [1, 2])
    }

    /// A receipt in dollars and its card line in euros: the total at the day's ECB rate is
    /// within the tolerance of the line (a card's fee on top).
    func testADollarReceiptMatchesItsCardLineInEuros() throws {
        try app.ok("rates", "import", Fixtures.imports.appendingPathComponent("eurofxref-hist.csv").path)  // 1 EUR = 1.0823 USD on 03-06
        try add("BLUE BOTTLE COFFEE", "10.95", on: "2026-03-09", category: "meals")
        let result = try app.run("receipt", "capture", ReceiptSamples.path("cafe-newyork-us.jpg"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "Attached to expense 1, BLUE BOTTLE COFFEE 10.95 EUR, 2026-03-09: 11.65 USD is 10.76 EUR at the day's rate, "
                    + "the item 10.95 EUR (1.8 % off), 1 day later, merchant alike\n"), result.stdout)
        XCTAssertEqual(try links(), "1:1")
    }
}
