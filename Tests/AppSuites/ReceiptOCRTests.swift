import ExpenseTestSupport
import Foundation
import XCTest

/// OCR on the committed sample receipts (tesseract, installed by Scripts/bootstrap), and
/// `--create`: a draft expense from what the receipt says, confirmed with --yes, by explicit
/// values, or at the REPL's prompt.
final class ReceiptOCRTests: EngineTestCase {
    override class var engines: Engines { .once(because: "OCR by tesseract: what a receipt says, read the same for either engine") }

    var app: App!

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try App()
    }

    override func tearDown() { app = nil }
}
