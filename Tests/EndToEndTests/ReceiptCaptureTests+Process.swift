import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ReceiptCaptureTests` that need the built binary as a process of its own.
extension ReceiptCaptureTests {

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
