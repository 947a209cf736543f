import ExpenseCore
import ExpenseStore
import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseApp

/// `ReceiptCaptureFlow`: the one call that captures a receipt, as the web's upload makes it
/// (nobody to ask, nothing printed), returning what happened as a value.
final class ReceiptCaptureFlowTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }
    var app: App!
    var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        app = try App()
        try app.walldorfTrip()
        store = try Store(path: app.databasePath, now: { "2026-03-10T09:00:00Z" })
    }

    /// The flow with no questions, OCR done by a script that prints `text`.
    private func flow(ocr text: String) throws -> ReceiptCaptureFlow {
        let engine = try app.script("ocr", "printf '\(text)'")
        let config = app.path("flow.conf")
        try "receipts.ocr-command = \(engine) {input}\n".write(toFile: config, atomically: true, encoding: .utf8)
        return ReceiptCaptureFlow(
            store: store, storage: try store.requireReceiptStorage(), settings: try Settings(file: try ConfigFile.read(config)),
            user: "alice", now: { "2026-03-10T09:00:00Z" }, today: try CalendarDate.parse("2026-03-10"),
            workingDirectory: app.directory.path)
    }

    private func upload(_ file: String) throws -> ReceiptInput {
        try ReceiptInput.file(file, at: ReceiptSamples.path(file), maxSize: 20 << 20)
    }

    func testAReceiptThatIsAnItemIsAttachedToItAndSaysWhichReportItIsIn() throws {
        let flow = try flow(ocr: "HOTEL ASTORIA\\n02.03.2026\\nSUMME EUR 412,80\\n")
        var request = ReceiptCaptureFlow.Request()
        request.proposes = true
        guard case .captured(let captured) = try flow.capture(try upload("hotel-walldorf-de.jpg"), for: request) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(captured.committed.attachedTo, 1)
        XCTAssertNil(captured.proposal, "attached: nothing proposed")
        let attachment = try XCTUnwrap(try captured.attachment(in: store))
        XCTAssertEqual(attachment.expense, 1)
        XCTAssertEqual(attachment.report, 1)
        XCTAssertEqual(try store.receipt(captured.committed.receipt.id).expenseIDs, [1])
    }

    func testAReceiptThatIsNoItemIsKeptWithTheExpenseItProposesAndItsDoubts() throws {
        let flow = try flow(ocr: "Cafe Lumiere\\nDate: 2026-03-04\\nCappuccino 12.00\\nCroissant 9.50\\nQuiche 9.50\\nTOTAL 34.00\\n")
        var request = ReceiptCaptureFlow.Request()
        request.proposes = true
        request.currentTrip = { try self.store.report(1) }
        guard case .captured(let captured) = try flow.capture(try upload("taxi-berlin-de.png"), for: request) else {
            return XCTFail("refused")
        }
        XCTAssertNil(captured.committed.attachedTo)
        XCTAssertNil(captured.committed.expense, "the web makes no expense unseen")
        XCTAssertNil(try captured.attachment(in: store))
        let proposal = try XCTUnwrap(captured.proposal)
        XCTAssertEqual(proposal.merchant.value, "Cafe Lumiere")
        XCTAssertEqual(proposal.date.value, "2026-03-04")
        XCTAssertEqual(proposal.amount.value, "34.00")
        XCTAssertEqual(proposal.currency.value, "EUR")
        XCTAssertEqual(proposal.report?.id, 1, "dated in the trip: proposed for it")
        XCTAssertEqual(proposal.doubts, ["the items add up to 31.00 but the total reads 34.00; check the total"])
        XCTAssertTrue(captured.warnings.isEmpty)
    }

    func testWhatIsNoReceiptIsRefusedWithItsErrorAndNothingKept() throws {
        let flow = try flow(ocr: "")
        let input = ReceiptInput(bytes: Array("<script>alert(1)</script>".utf8), originalName: "x.html", source: .file)
        guard case .refused(let error) = try flow.capture(input, for: ReceiptCaptureFlow.Request()) else {
            return XCTFail("captured")
        }
        XCTAssertEqual(error.kind, .invalidData)
        XCTAssertTrue(error.message.hasPrefix("x.html is not a receipt image"), error.message)
        XCTAssertEqual(app.vaultFiles(), [])
    }

    func testAnAttachmentToAnotherExpenseWarnsAsAValueNotOnTheTerminal() throws {
        let flow = try flow(ocr: "")
        var request = ReceiptCaptureFlow.Request()
        request.ocr = .off
        request.expenseID = 1
        _ = try flow.capture(try upload("hotel-walldorf-de.jpg"), for: request)
        request.expenseID = 2
        guard case .captured(let captured) = try flow.capture(try upload("hotel-walldorf-de.jpg"), for: request) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(
            captured.warnings,
            [
                "expenses: warning: receipt 1 is also attached to expense 1: one receipt on two expenses may be the same expense twice (policy rule shared-receipt)\n"
            ])
        XCTAssertEqual(try captured.attachment(in: store)?.report, 1)
    }
}

extension ReceiptCaptureFlowTests {
    /// What the web's result page is told of each outcome.
    func testEachOutcomeIsWhatTheResultPageSays() throws {
        var request = ReceiptCaptureFlow.Request()
        request.proposes = true
        request.currentTrip = { try self.store.report(1) }
        let hotel = try flow(ocr: "HOTEL ASTORIA\\n02.03.2026\\nSUMME EUR 412,80\\n")
        let matched = try hotel.capture(try upload("hotel-walldorf-de.jpg"), for: request)
        XCTAssertEqual(
            try matched.page(in: store),
            .attached(
                receiptName: "Receipt 1 (hotel-walldorf-de.jpg)", expenseID: 1, reportID: 1, reportTitle: "Walldorf customer workshop"))

        let cafe = try flow(ocr: "Cafe Lumiere\\nDate: 2026-03-04\\nTOTAL EUR 34.00\\n")
        let kept = try cafe.capture(try upload("taxi-berlin-de.png"), for: request)
        guard case .draft(let name, let fields, let doubts) = try kept.page(in: store) else { return XCTFail("not a draft") }
        XCTAssertEqual(name, "Receipt 2 (taxi-berlin-de.png)")
        XCTAssertEqual(
            [fields.merchant, fields.date, fields.amount, fields.currency], ["Cafe Lumiere", "2026-03-04", "34.00", "EUR"])
        XCTAssertEqual(fields.reportID, 1)
        XCTAssertEqual(fields.receiptID, 2)
        XCTAssertEqual(doubts, [])

        let refused = try flow(ocr: "").capture(
            ReceiptInput(bytes: [0, 1, 2], originalName: "<b>x</b>.jpg", source: .file), for: request)
        guard case .refused(let message, let hint) = try refused.page(in: store) else { return XCTFail("not refused") }
        XCTAssertTrue(message.hasPrefix("<b>x</b>.jpg is not a receipt image"), message)
        XCTAssertNotNil(hint)
    }
}
