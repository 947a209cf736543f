import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ReceiptOCRTests` that need no process of their own: run in this one, fast.
extension ReceiptOCRTests {

    /// Every sample read: the total and the date of each one right, and at most a few fields
    /// missed overall (Scripts/bench prints the figure per field).
    func testSuggestionsOnTheSamples() throws {
        let truth = try ReceiptSamples.truth()
        XCTAssertGreaterThanOrEqual(truth.count, 6)
        var right = 0
        var misses: [String] = []
        for sample in truth {
            let json = try app.object("receipt", "capture", ReceiptSamples.path(sample.file))
            let receipt = try XCTUnwrap(json["receipt"] as? [String: Any])
            let ocr = try XCTUnwrap(receipt["ocr"] as? [String: Any])
            XCTAssertEqual(ocr["status"] as? String, "done", sample.file)
            let suggestion = try XCTUnwrap(ocr["suggestion"] as? [String: Any])
            let total = suggestion["total"] as? [String: Any]
            let found = [
                "merchant": (suggestion["merchant"] as? String)?.lowercased() == sample.merchant.lowercased(),
                "date": suggestion["date"] as? String == sample.date,
                "total": total?["amount"] as? String == sample.total,
                "currency": total?["currency"] as? String == sample.currency,
            ]
            XCTAssertEqual(found["total"], true, "\(sample.file): total \(String(describing: total)), truth \(sample.total)")
            XCTAssertEqual(found["date"], true, "\(sample.file): date \(String(describing: suggestion["date"])), truth \(sample.date)")
            right += found.values.filter { $0 }.count
            misses += found.filter { !$0.value }.map { "\(sample.file) \($0.key)" }
        }
        XCTAssertGreaterThanOrEqual(Double(right) / Double(truth.count * 4), 0.9, "missed: \(misses)")
    }

    /// `receipts.ocr-command` reads pictures instead of tesseract: its words run without a shell,
    /// `{input}` the picture's path, the text it prints read as tesseract's is; a program that is
    /// not there skips OCR and says which setting names it.
    func testAnOCRCommandReadsThePicturesInsteadOfTesseract() throws {
        let engine = try app.script(
            "neural-ocr",
            """
            printf '%s\\n' "$@" > "$(dirname "$0")/ocr-args"
            printf 'GASTHAUS ZUR POST\\nHauptstr. 1, 80331 München\\n12.03.2026\\nSUMME EUR 23,40\\n'
            """)
        try app.ok("config", "set", "receipts.ocr-command", "\(engine) --lines {input}")
        let read = try app.run("receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png"), "--no-match")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertTrue(
            read.stdout.contains("OCR read by neural-ocr (receipts.ocr-command): GASTHAUS ZUR POST · 2026-03-12 · 23.40 EUR"), read.stdout)
        let arguments = try String(contentsOfFile: app.path("ocr-args"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(arguments.count, 2)
        XCTAssertEqual(arguments.first, "--lines")

        try app.ok("config", "set", "receipts.ocr-command", "/nonexistent/neural-ocr {input}")
        let missing = try app.run("receipt", "capture", ReceiptSamples.path("taxi-zurich-ch.png"), "--no-match")
        XCTAssertEqual(missing.status, 0, missing.stderr)
        XCTAssertTrue(
            missing.stdout.contains("OCR skipped: /nonexistent/neural-ocr is not installed (receipts.ocr-command names it)"),
            missing.stdout)
    }

    func testCreateYesMakesTheExpenseFromTheReceipt() throws {
        try app.ok("report", "new", "Walldorf customer workshop", "--from", "2026-03-02", "--to", "2026-03-06")
        let result = try app.run("receipt", "capture", ReceiptSamples.path("hotel-walldorf-de.jpg"), "--create", "--report", "1", "--yes")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("OCR read by tesseract, eng+deu: HOTEL ASTORIA WALLDORF · 2026-03-06 · 1,234.56 EUR · lodging\n"),
            result.stdout)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "Created expense 1 in report 1: 1,234.56 EUR lodging, HOTEL ASTORIA WALLDORF; the receipt is attached\n"), result.stdout)
        let item = try XCTUnwrap(app.json("expense", "show", "1") as? [String: Any])
        XCTAssertEqual(item["date"] as? String, "2026-03-06")
        XCTAssertEqual(item["amount"] as? [String: String], ["amount": "1234.56", "currency": "EUR"])
        XCTAssertEqual(item["merchant"] as? String, "HOTEL ASTORIA WALLDORF")
        XCTAssertEqual(item["category"] as? String, "lodging")
        XCTAssertEqual(try app.query("SELECT expense_id || ':' || receipt_id FROM expense_receipts"), "1:1")
        XCTAssertFalse(try app.ok("report", "check", "1").contains("missing-receipt"))

        // Values given override the receipt's; a Swiss receipt in a euro report takes a rate.
        let swiss = try app.run(
            "receipt", "capture", ReceiptSamples.path("restaurant-basel-ch.jpg"), "--create", "--report", "1",
            "--yes", "--rate", "1.0412", "--merchant", "Zum Sternen")
        XCTAssertEqual(swiss.status, 0, swiss.stderr)
        XCTAssertTrue(
            swiss.stdout.hasSuffix("Created expense 2 in report 1: 34.80 CHF meals, Zum Sternen; the receipt is attached\n"), swiss.stdout)
        XCTAssertEqual(try app.query("SELECT converted_minor FROM expenses WHERE id = 2"), "3623")
    }

    func testCreateInAScriptNeedsYesOrTheValuesAndOtherwiseWritesNothing() throws {
        try app.ok("report", "new", "Zurich", "--currency", "CHF")
        let refused = try app.run(
            ["run", "-"], stdin: "receipt capture \(ReceiptSamples.path("taxi-zurich-ch.png")) --create --report 1\n")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.contains("error: the expense to create needs your confirmation; nothing was captured."), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("  Amount:   49.50"), refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("hint: add --yes to accept it as shown, or give --date, --amount and --category"), refused.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "0")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
        XCTAssertEqual(app.vaultFiles(), [])

        let explicit = try app.run(
            "receipt", "capture", ReceiptSamples.path("taxi-zurich-ch.png"), "--create", "--report", "1",
            "--amount", "45.00", "--date", "2026-03-04", "--category", "taxi")
        XCTAssertEqual(explicit.status, 0, explicit.stderr)
        XCTAssertTrue(
            explicit.stdout.hasSuffix("Created expense 1 in report 1: 45.00 CHF taxi, TAXI ZENTRALE ZUERICH AG; the receipt is attached\n"),
            explicit.stdout)
    }

    func testShowPrintsTheOCRTextAndTheSuggestion() throws {
        try app.ok("receipt", "capture", ReceiptSamples.path("rail-paris-fr.jpg"))
        let shown = try app.ok("receipt", "show", "1")
        XCTAssertTrue(shown.contains("  OCR:       done (tesseract, eng+deu)\n"), shown)
        XCTAssertTrue(
            shown.contains(
                "Suggestion:\n  Merchant:  EUROSTAR RAIL SERVICES\n  Date:      2026-03-02\n  Total:     129.00 EUR\n  Category:  rail\n"),
            shown)
        XCTAssertTrue(shown.contains("OCR text:\n  | EUROSTAR RAIL SERVICES\n"), shown)
        XCTAssertTrue(shown.contains("  | Total paid EUR 129.00\n"), shown)
    }
}
