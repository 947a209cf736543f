import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Receipt rows: one per content, attached to expenses, frozen with the items of a report that
/// is not a draft, and the inbox photos already taken.
final class ReceiptStoreTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    private var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func receipt(_ text: String) throws -> Receipt {
        let bytes = Array(text.utf8)
        let hash = SHA256.hex(bytes)
        return try store.write {
            try store.requireReceiptVault().store(bytes, hash: hash)
            return try store.insertReceipt(
                Receipt(
                    sha256: hash, mediaType: .png, size: Int64(bytes.count), originalName: "\(text).png", source: .file,
                    capturedAt: store.now(), takenAt: "2026-03-02T19:41:07", width: 640, height: 480,
                    ocr: ReceiptOCR(
                        status: .done, note: "tesseract", text: "TOTAL 12.50",
                        suggestion: ReceiptSuggestion(
                            merchant: "Cafe", date: try CalendarDate.parse("2026-03-02"),
                            amount: "12.50", currency: "EUR", category: "meals"))))
        }
    }

    private func draftReportWithItem() throws -> (Report, Expense) {
        let eur = try CurrencyTable.standard.require("EUR")
        return try store.write {
            let report = try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana"))
            let amount = try Money.parse("12.50", currency: eur)
            let item = try store.insertExpense(
                Expense(
                    reportID: report.id, date: try CalendarDate.parse("2026-03-02"), category: "meals", amount: amount,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
            return (report, item)
        }
    }

    func testARowRoundTripsAndIsFoundByItsHash() throws {
        let saved = try receipt("one")
        XCTAssertEqual(try store.receipt(saved.id), saved)
        XCTAssertEqual(try store.receipt(sha256: saved.sha256), saved)
        XCTAssertEqual(saved.ocr.suggestion.amount, "12.50")
        XCTAssertEqual(saved.takenOn, try CalendarDate.parse("2026-03-02"))
        assertExpenseError(try store.receipt(99), kind: .notFound, messageContains: "unknown receipt 99")
    }

    func testTheSameContentIsOneRow() throws {
        let saved = try receipt("one")
        assertDatabaseError(
            try store.write {
                try store.insertReceipt(Receipt(sha256: saved.sha256, mediaType: .png, size: 3, source: .stdin, capturedAt: "now"))
            }, resultCode: SQLITE_CONSTRAINT)
    }

    func testAttachDetachAndTheUsesOfAHash() throws {
        let (report, item) = try draftReportWithItem()
        let shared = try receipt("shared")
        let other = try store.write { () throws -> Expense in
            var copy = item
            copy.id = 0
            return try store.insertExpense(copy)
        }
        try store.write {
            XCTAssertTrue(try store.attach(receipt: shared.id, to: item.id, by: .tester))
            XCTAssertFalse(try store.attach(receipt: shared.id, to: item.id, by: .tester), "attached already")
            try store.attach(receipt: shared.id, to: other.id, by: .tester)
        }
        XCTAssertEqual(try store.receipt(shared.id).expenseIDs, [item.id, other.id])
        XCTAssertEqual(try store.receiptHashes(ofItemsIn: report.id), [item.id: [shared.sha256], other.id: [shared.sha256]])
        XCTAssertEqual(try store.receiptUses(of: [shared.sha256]), [shared.sha256: [item.id, other.id]])
        XCTAssertEqual(try store.receipts(.report(report.id)).map(\.id), [shared.id])
        XCTAssertEqual(try store.receipts(.expense(other.id)).map(\.id), [shared.id])
        XCTAssertEqual(try store.receipts(.unattached), [])
        try store.write { XCTAssertTrue(try store.detach(receipt: shared.id, from: other.id, by: .tester)) }
        XCTAssertEqual(try store.receipt(shared.id).expenseIDs, [item.id])
        // Deleting the expense takes its links with it; the receipt stays, unattached.
        try store.write {
            try store.deleteExpense(item.id)
        }
        XCTAssertEqual(try store.receipts(.unattached).map(\.id), [shared.id])
    }

    /// The store refuses with the domain's rule; the triggers hold even against hand-written SQL.
    func testReceiptsOfItemsOfASubmittedReportAreFrozen() throws {
        let (report, item) = try draftReportWithItem()
        let first = try receipt("first")
        let second = try receipt("second")
        _ = try store.write { try store.attach(receipt: first.id, to: item.id, by: .tester) }
        _ = try store.write { try store.apply(.submit, to: report.id, by: "ana") }
        assertExpenseError(
            try store.write { try store.attach(receipt: second.id, to: item.id, by: .tester) }, kind: .refused,
            messageContains: "cannot attach receipts to it")
        assertExpenseError(
            try store.write { try store.detach(receipt: first.id, from: item.id, by: .tester) }, kind: .refused,
            messageContains: "cannot detach its receipts")
        assertDatabaseError(
            try store.db.execute(
                "INSERT INTO expense_receipts (expense_id, receipt_id, attached_at) VALUES (?, ?, 'now')",
                [.integer(item.id), .integer(second.id)]), resultCode: SQLITE_CONSTRAINT)
        assertDatabaseError(
            try store.db.execute("DELETE FROM expense_receipts WHERE expense_id = ?", [.integer(item.id)]),
            resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try store.receipt(first.id).expenseIDs, [item.id])
    }

    func testAReceiptInUseCannotBeDeleted() throws {
        let (_, item) = try draftReportWithItem()
        let used = try receipt("used")
        _ = try store.write { try store.attach(receipt: used.id, to: item.id, by: .tester) }
        assertDatabaseError(try store.write { try store.deleteReceipt(used.id) }, resultCode: SQLITE_CONSTRAINT)
        try store.write {
            try store.detach(receipt: used.id, from: item.id, by: .tester)
            try store.deleteReceipt(used.id)
        }
        XCTAssertNil(try store.receipt(sha256: used.sha256))
    }

    func testInboxPhotosAreKnownByPathSizeAndTime() throws {
        let taken = try receipt("photo")
        try store.write { try store.markInboxPhotoTaken(path: "/in/IMG_1.jpg", size: 100, modifiedNanoseconds: 7, receiptID: taken.id) }
        XCTAssertTrue(try store.isInboxPhotoTaken(path: "/in/IMG_1.jpg", size: 100, modifiedNanoseconds: 7))
        XCTAssertFalse(try store.isInboxPhotoTaken(path: "/in/IMG_1.jpg", size: 101, modifiedNanoseconds: 7), "replaced: new")
        XCTAssertFalse(try store.isInboxPhotoTaken(path: "/in/IMG_1.jpg", size: 100, modifiedNanoseconds: 8), "touched: new")
        XCTAssertFalse(try store.isInboxPhotoTaken(path: "/in/IMG_2.jpg", size: 100, modifiedNanoseconds: 7))
    }

    func testOCRCanBeFilledInLater() throws {
        let saved = try receipt("later")
        let ocr = ReceiptOCR(status: .skipped, note: "tesseract is not installed")
        try store.write { try store.updateOCR(ocr, of: saved.id) }
        XCTAssertEqual(try store.receipt(saved.id).ocr, ocr)
    }

    func testAnInMemoryDatabaseHasNoVault() throws {
        let memory = try Store(path: ":memory:", now: { "now" })
        XCTAssertNil(memory.receiptVault)
        assertExpenseError(try memory.requireReceiptVault(), kind: .unavailable, messageContains: "need a database file")
    }
}
