import ExpenseCore
import ExpenseSupport

/// Receipt writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerReceiptWrites: ReceiptWrites {
    unowned let store: Store

    /// A team database keeps no vault: the bytes are in the database (`storage`).
    var vault: ReceiptVault? { nil }

    var storage: (any ReceiptStorage)? { DatabaseReceiptStorage(store.db) }

    func ownRows(_ ownerColumn: SQL) -> SQL? { "\(ownerColumn) = session_user" }

    func insert(_ receipt: Receipt) throws -> Int64 {
        let ocr = receipt.ocr
        return try ServerWrites.receiptNew.call(
            on: store.db, receipt.sha256, receipt.mediaType.rawValue, receipt.size, receipt.originalName,
            receipt.source.rawValue, receipt.capturedAt, receipt.takenAt, receipt.width.map(Int64.init),
            receipt.height.map(Int64.init), ocr.status.rawValue, ocr.note, ocr.text, ocr.suggestion.merchant,
            ocr.suggestion.date?.description, ocr.suggestion.amount, ocr.suggestion.currency,
            ocr.suggestion.category)
    }

    func updateOCR(_ ocr: ReceiptOCR, of receiptID: Int64) throws {
        try ServerWrites.receiptOCR.call(
            on: store.db, receiptID, ocr.status.rawValue, ocr.note, ocr.text, ocr.suggestion.merchant,
            ocr.suggestion.date?.description, ocr.suggestion.amount, ocr.suggestion.currency, ocr.suggestion.category)
    }

    func delete(_ receiptID: Int64) throws {
        try ServerWrites.receiptDelete.call(on: store.db, receiptID)
    }

    /// The server logs it in the report's audit log itself, as the actor it knows.
    func attach(receipt receiptID: Int64, to expenseID: Int64, in report: Report?, by actor: UserName, how: String) throws -> Bool {
        try ServerWrites.receiptAttach.call(on: store.db, expenseID, receiptID, how, store.now())
    }

    func detach(receipt receiptID: Int64, from expenseID: Int64, in report: Report?, by actor: UserName) throws -> Bool {
        try ServerWrites.receiptDetach.call(on: store.db, expenseID, receiptID, store.now())
    }

    func markInboxPhotoTaken(path: String, size: Int64, modifiedNanoseconds: Int64, receiptID: Int64) throws {
        try ServerWrites.inboxTaken.call(on: store.db, path, size, modifiedNanoseconds, receiptID, store.now())
    }
}
