import ExpenseCore
import ExpenseSupport

/// Receipt writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileReceiptWrites: ReceiptWrites {
    unowned let store: Store

    var vault: ReceiptVault? { ReceiptVault.beside(databasePath: store.db.path) }

    var storage: (any ReceiptStorage)? { vault }

    func ownRows(_ ownerColumn: SQL) -> SQL? { nil }

    func insert(_ receipt: Receipt) throws -> Int64 {
        try store.db.insert(
            """
            INSERT INTO receipts (sha256, media_type, size, original_name, source, captured_at, taken_at, width, height,
                                  ocr_status, ocr_note, ocr_text, suggested_merchant, suggested_date, suggested_amount,
                                  suggested_currency, suggested_category)
            VALUES (\(receipt.sha256), \(receipt.mediaType.rawValue), \(receipt.size), \(receipt.originalName), \
            \(receipt.source.rawValue), \(receipt.capturedAt), \(receipt.takenAt), \(receipt.width), \(receipt.height), \
            \(Store.ocrValues(receipt.ocr)))
            """ as SQL)
    }

    func updateOCR(_ ocr: ReceiptOCR, of receiptID: Int64) throws {
        let suggestion = ocr.suggestion
        try store.db.execute(
            """
            UPDATE receipts SET ocr_status = \(ocr.status.rawValue), ocr_note = \(ocr.note), ocr_text = \(ocr.text), \
            suggested_merchant = \(suggestion.merchant), suggested_date = \(suggestion.date),
                                suggested_amount = \(suggestion.amount), suggested_currency = \(suggestion.currency), \
            suggested_category = \(suggestion.category)
            WHERE id = \(receiptID)
            """ as SQL)
    }

    func delete(_ receiptID: Int64) throws {
        try store.db.execute("DELETE FROM receipts WHERE id = \(receiptID)" as SQL)
    }

    func attach(receipt receiptID: Int64, to expenseID: Int64, in report: Report?, by actor: UserName, how: String) throws -> Bool {
        try store.db.execute(
            """
            INSERT INTO expense_receipts (expense_id, receipt_id, attached_at) VALUES (\(expenseID), \(receiptID), \(store.now())) \
            ON CONFLICT DO NOTHING
            """ as SQL)
        guard store.db.changes > 0 else { return false }
        if let report {
            try store.logEvent(
                report.id, actor: actor, action: Store.receiptAction(receiptID, "attached to", expenseID), from: report.status,
                to: report.status, reason: how)
        }
        return true
    }

    func detach(receipt receiptID: Int64, from expenseID: Int64, in report: Report?, by actor: UserName) throws -> Bool {
        try store.db.execute("DELETE FROM expense_receipts WHERE expense_id = \(expenseID) AND receipt_id = \(receiptID)" as SQL)
        guard store.db.changes > 0 else { return false }
        if let report {
            try store.logEvent(
                report.id, actor: actor, action: Store.receiptAction(receiptID, "detached from", expenseID), from: report.status,
                to: report.status, reason: "")
        }
        return true
    }

    func markInboxPhotoTaken(path: String, size: Int64, modifiedNanoseconds: Int64, receiptID: Int64) throws {
        try store.db.execute(
            """
            INSERT INTO receipt_inbox_taken (path, size, modified_ns, receipt_id, taken_at) \
            VALUES (\(path), \(size), \(modifiedNanoseconds), \(receiptID), \(store.now()))
            ON CONFLICT (path, size, modified_ns) DO UPDATE SET receipt_id = excluded.receipt_id, taken_at = excluded.taken_at
            """ as SQL)
    }
}
