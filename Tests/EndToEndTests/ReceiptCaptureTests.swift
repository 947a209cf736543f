import ExpenseTestSupport
import Foundation
import XCTest

/// `receipt capture` from each source — a file, stdin, a camera command, the inbox folder — and
/// what it refuses; through the built binary.
final class ReceiptCaptureTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "the receipt vault beside a file; a team database keeps receipts' bytes in receipt_contents (TeamReceiptTests, DatabaseReceiptStorageTests)"
        )
    }

    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
    }

    override func tearDown() { app = nil }

    private let hotel = "hotel-walldorf-de.jpg"
    private let taxi = "taxi-zurich-ch.png"

    private func receiptCount() throws -> String { try app.query("SELECT count(*) FROM receipts") }

    func testWithoutTesseractCaptureSucceedsAndSaysOCRWasSkipped() throws {
        let bin = app.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        app.environment["PATH"] = bin
        let result = try app.run("receipt", "capture", ReceiptSamples.path(taxi))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("\nOCR skipped: tesseract is not installed (Scripts/bootstrap, or apt-get install tesseract-ocr)\n"),
            result.stdout)
        XCTAssertEqual(try app.query("SELECT ocr_status FROM receipts"), "skipped")
        // Asked for explicitly, a missing engine is an error, and nothing is kept.
        let required = try app.run("receipt", "capture", ReceiptSamples.path(hotel), "--ocr")
        XCTAssertEqual(required.status, 69)
        XCTAssertTrue(
            required.stderr.hasPrefix("expenses: error: --ocr: the receipt's text could not be read: tesseract is not installed"),
            required.stderr)
        XCTAssertEqual(try receiptCount(), "1")
        XCTAssertEqual(app.vaultFiles().count, 1)
    }
}
