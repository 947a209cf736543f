import ExpenseTestSupport
import Foundation
import XCTest

/// What `receipt capture` says of a receipt whose own arithmetic doubts its total and which
/// prints no currency: the total it read with the doubt, the currency as a guess, and --create
/// that asks (or, with --yes, refuses) rather than book a total that may be misread.
final class ReceiptDoubtTests: EngineTestCase {
    override class var engines: Engines {
        .once(because: "what a receipt's text says and how capture words it: the reader's and the app's, the same on either engine")
    }

    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }

    override func tearDown() { app = nil }

    /// A café's bill as a PDF with a text layer: the items add up to 31.00, the total reads 34.00.
    private func bill(_ merchant: String) throws -> String {
        let file = app.path("\(merchant).pdf")
        try MailSamples.pdf([merchant, "Date: 2026-03-04", "Cappuccino 12.00", "Croissant 9.50", "Quiche 9.50", "TOTAL 34.00"])
            .write(to: URL(fileURLWithPath: file))
        return file
    }

    func testADoubtedTotalAndAGuessedCurrencyAreSaid() throws {
        try app.ok("report", "new", "Lisbon", "--currency", "CHF")
        let captured = try app.run("receipt", "capture", try bill("Cafe Lumiere"), "--no-match")
        XCTAssertEqual(captured.status, 0, captured.stderr)
        XCTAssertTrue(
            captured.stdout.contains(
                "Read from the PDF's text: Cafe Lumiere · 2026-03-04 · 34.00 EUR (currency a guess: the receipt names none)"),
            captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("\nDoubt: the items add up to 31.00 but the total reads 34.00; check the total\n"), captured.stdout)
        XCTAssertEqual(try app.query("SELECT suggested_amount, coalesce(suggested_currency, '-') FROM receipts"), "34.00|-")

        let shown = try app.run("receipt", "show", "1")
        XCTAssertTrue(shown.stdout.contains("  Total:     34.00 EUR (currency a guess: the receipt names none)\n"), shown.stdout)
        XCTAssertTrue(
            shown.stdout.contains("  Doubt:     the items add up to 31.00 but the total reads 34.00; check the total\n"), shown.stdout)
        let suggestion = try XCTUnwrap((try app.object("receipt", "show", "1")["ocr"] as? [String: Any])?["suggestion"] as? [String: Any])
        XCTAssertEqual(suggestion["currencyIsGuess"] as? Bool, true)
        XCTAssertEqual(suggestion["doubts"] as? [String], ["the items add up to 31.00 but the total reads 34.00; check the total"])

        // --yes does not book a doubted total unseen; nothing is captured.
        let refused = try app.run("receipt", "capture", try bill("Pastelaria"), "--create", "--yes", "--report", "1")
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains(
                "the receipt's total is in doubt: the items add up to 31.00 but the total reads 34.00; check the total; nothing was captured"
            ),
            refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--amount 34.00"), refused.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "1")

        // Without --yes it asks, the doubt shown with the draft, and the currency is the report's, a guess.
        let asked = try app.run("receipt", "capture", try bill("Pastelaria"), "--create", "--report", "1")
        XCTAssertEqual(asked.status, 1)
        XCTAssertTrue(
            asked.stderr.contains("  Doubt:    the items add up to 31.00 but the total reads 34.00; check the total"), asked.stderr)
        XCTAssertTrue(asked.stderr.contains("(a guess: the receipt names none; the report's)"), asked.stderr)

        // The total given, the doubt is settled.
        let created = try app.run(
            "receipt", "capture", try bill("Pastelaria"), "--create", "--yes", "--report", "1", "--amount", "31.00", "--currency", "EUR",
            "--category", "meals", "--rate", "0.95")
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(try app.query("SELECT amount_minor, currency FROM expenses"), "3100|EUR")
    }

    /// The takePhoto quick action on a terminal asks for the expense with what OCR read as the
    /// defaults: the currency it guessed and the total in doubt are said at their questions,
    /// before Enter takes them, not only in the capture's output afterwards.
    func testTakePhotoOnATerminalSaysTheGuessedCurrencyAndTheDoubtBeforeAsking() throws {
        try app.ok("report", "new", "Lisbon", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
        // Wide enough for the amount's question on one line (an 80-column terminal wraps it).
        app.useTerminal(columns: 160)
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.takePhoto"],
            steps: [
                ["expect": "  Receipt file (a photo or a PDF): "], ["send": try bill("Cafe Lumiere") + "\r"],
                ["expect": "  Create an expense from it (yes/no) [yes]: "], ["send": "\r"],
                ["expect": "  Date [2026-03-04]: "], ["send": "\r"],
                ["expect": "  Merchant [Cafe Lumiere]: "], ["send": "\r"],
                ["expect": "  Category"], ["send": "meals\r"],
                ["expect": "  Currency (a guess: the receipt names none; the report's) [EUR]: "], ["send": "\r"],
                [
                    "expect":
                        "  Amount (in doubt: the items add up to 31.00 but the total reads 34.00; check the total) [34.00]: "
                ],
                ["send": "31.00\r"],
                ["expect": "  VAT"], ["send": "\r"],
                ["expect": "Created expense 1 in report 1: 31.00 EUR meals, Cafe Lumiere; the receipt is attached"],
                ["expect": "expenses:report 1> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT amount_minor, currency, category FROM expenses"), "3100|EUR|meals")
    }
}
