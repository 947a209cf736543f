import ExpenseTestSupport
import Foundation
import XCTest

/// `receipt capture` from each source — a file, stdin, a camera command, the inbox folder — and
/// what it refuses. In process (ExpenseAppTests) each source and refusal; as the binary
/// (EndToEndTests) what needs the process's own PATH: capture without tesseract.
final class ReceiptCaptureTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "the receipt vault beside a file; a team database keeps receipts' bytes in receipt_contents (TeamReceiptTests, DatabaseReceiptStorageTests)"
        )
    }

    var app: App!

    override func setUpWithError() throws {
        app = try App()
    }

    override func tearDown() { app = nil }

    let hotel = "hotel-walldorf-de.jpg"
    let taxi = "taxi-zurich-ch.png"

    func receiptCount() throws -> String { try app.query("SELECT count(*) FROM receipts") }
}
