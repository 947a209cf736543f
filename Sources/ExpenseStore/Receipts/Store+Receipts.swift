import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// The vault of this database's receipt files; nil for an in-memory database and for a team
    /// database, which keeps them in itself (`receiptStorage`).
    public var receiptVault: ReceiptVault? { writes.receipts.vault }

    /// The vault, or an error saying why receipts cannot be kept.
    public func requireReceiptVault() throws -> ReceiptVault {
        guard let vault = receiptVault else {
            throw ExpenseError(
                .unavailable, .noReceiptVault,
                "receipts need a database file to keep their vault beside; \(db.path) has none")
        }
        return vault
    }

    var receiptColumns: SQL { Self.receiptColumns(db.dialect) }

    static func receiptColumns(_ dialect: SQLDialect) -> SQL {
        """
        id, sha256, media_type, size, original_name, source, captured_at, taken_at, width, height,
        ocr_status, ocr_note, ocr_text, suggested_merchant, suggested_date, suggested_amount, suggested_currency,
        suggested_category,
        (SELECT \(SQL(verbatim: dialect.joinedList("expense_id"))) FROM (SELECT expense_id FROM expense_receipts WHERE receipt_id = receipts.id
                                               ORDER BY expense_id) AS links) AS expense_ids
        """
    }

    static func receipt(_ row: Row) throws -> Receipt {
        let stored = StoredRow(row, table: "receipts", id: "id")
        let suggestion = ReceiptSuggestion(
            merchant: row.optionalString("suggested_merchant"),
            date: try stored.optionalDate("suggested_date"),
            amount: row.optionalString("suggested_amount"),
            currency: row.optionalString("suggested_currency"),
            category: row.optionalString("suggested_category"))
        let ocr = ReceiptOCR(
            status: try stored.value("ocr_status", as: ReceiptOCR.Status.self), note: row.string("ocr_note"),
            text: row.string("ocr_text"), suggestion: suggestion)
        let expenseIDs = row.string("expense_ids").split(separator: ",").compactMap { Int64($0) }
        return Receipt(
            id: try stored.integer("id"), sha256: row.string("sha256"),
            mediaType: try stored.value("media_type", as: ReceiptMediaType.self),
            size: try stored.integer("size"), originalName: row.string("original_name"),
            source: try stored.value("source", as: Receipt.Source.self),
            capturedAt: row.string("captured_at"), takenAt: row.optionalString("taken_at"),
            width: try stored.optionalInteger("width", as: Int.self, in: 1...Int.max),
            height: try stored.optionalInteger("height", as: Int.self, in: 1...Int.max), ocr: ocr, expenseIDs: expenseIDs)
    }

    /// Inserts a receipt and returns it with its id. Call inside `write`: after its file went
    /// into a vault, before its bytes go into a team database (`ReceiptStorage.writesAfterRow`).
    public func insertReceipt(_ receipt: Receipt) throws -> Receipt {
        try self.receipt(try writes.receipts.insert(receipt))
    }

    /// Replaces what text recognition said about a receipt.
    public func updateOCR(_ ocr: ReceiptOCR, of receiptID: Int64) throws {
        try writes.receipts.updateOCR(ocr, of: receiptID)
    }

    /// What text recognition said, as the values of the columns ocr_status to
    /// suggested_category, in that order, each bound.
    static func ocrValues(_ ocr: ReceiptOCR) -> SQL {
        let suggestion = ocr.suggestion
        return """
            \(ocr.status.rawValue), \(ocr.note), \(ocr.text), \(suggestion.merchant), \(suggestion.date), \(suggestion.amount), \
            \(suggestion.currency), \(suggestion.category)
            """
    }

    /// The receipt with `id`, or an "unknown receipt" error.
    public func receipt(_ id: Int64) throws -> Receipt {
        guard
            let receipt = try db.queryFirst("SELECT \(receiptColumns) FROM receipts WHERE id = \(id)", Self.receipt)
        else {
            throw ExpenseError(.notFound, .unknownReceipt(id), "unknown receipt \(id)")
        }
        return receipt
    }

    /// The receipt of these bytes, if they were captured before. On a team database, the user's
    /// own: an approver also sees the receipts of the reports they review, and the same bytes
    /// captured by him are a receipt of his (each person's are unique by owner and hash).
    public func receipt(sha256: String) throws -> Receipt? {
        try db.queryFirst(
            "SELECT \(receiptColumns) FROM receipts WHERE sha256 = \(sha256)\(onlyOwnRows(owner: "owner"))", Self.receipt)
    }

    /// Which receipts to list.
    public enum ReceiptFilter: Sendable, Equatable {
        case all
        case expense(Int64)
        case report(Int64)
        case unattached
    }

    /// Receipts, oldest first.
    public func receipts(_ filter: ReceiptFilter = .all) throws -> [Receipt] {
        switch filter {
        case .all:
            return try db.query("SELECT \(receiptColumns) FROM receipts ORDER BY id", Self.receipt)
        case .expense(let id):
            return try db.query(
                """
                SELECT \(receiptColumns) FROM receipts
                WHERE id IN (SELECT receipt_id FROM expense_receipts WHERE expense_id = \(id)) ORDER BY id
                """, Self.receipt)
        case .report(let id):
            return try db.query(
                """
                SELECT \(receiptColumns) FROM receipts
                WHERE id IN (SELECT l.receipt_id FROM expense_receipts l JOIN expenses e ON e.id = l.expense_id
                             WHERE e.report_id = \(id))
                ORDER BY id
                """, Self.receipt)
        case .unattached:
            return try db.query(
                """
                SELECT \(receiptColumns) FROM receipts
                WHERE NOT EXISTS (SELECT 1 FROM expense_receipts WHERE receipt_id = receipts.id) ORDER BY id
                """, Self.receipt)
        }
    }

    /// Every hash the database refers to: the files `receipt gc` must keep.
    public func receiptHashes() throws -> Set<String> {
        Set(try db.query("SELECT sha256 FROM receipts" as SQL) { $0.string(0) })
    }

    /// Deletes a receipt row; the caller removes its file once the transaction has committed.
    public func deleteReceipt(_ id: Int64) throws {
        try writes.receipts.delete(id)
    }

    // MARK: - Attaching

    /// Attaches a receipt to an expense; false when it was attached already. Refused for an
    /// unknown expense, and for one in a report that is not editable. In the report's audit log
    /// ("receipt 3 attached to expense 5", with `how` as its reason: what a match went by).
    @discardableResult
    public func attach(receipt receiptID: Int64, to expenseID: Int64, by actor: UserName, how: String = "") throws -> Bool {
        try write {
            let report = try expense(expenseID).reportID.flatMap { try lockedReport($0) }
            try report?.requireEditable(.attachReceipts(expense: expenseID))
            return try writes.receipts.attach(receipt: receiptID, to: expenseID, in: report, by: actor, how: how)
        }
    }

    /// Detaches a receipt from an expense; false when it was not attached. Refused for an
    /// unknown expense, and for one in a report that is not editable. In the report's audit log.
    @discardableResult
    public func detach(receipt receiptID: Int64, from expenseID: Int64, by actor: UserName) throws -> Bool {
        try write {
            let report = try expense(expenseID).reportID.flatMap { try lockedReport($0) }
            try report?.requireEditable(.detachReceipts(expense: expenseID))
            return try writes.receipts.detach(receipt: receiptID, from: expenseID, in: report, by: actor)
        }
    }

    /// The audit log's words: "receipt 3 attached to expense 5" (the server writes the same).
    static func receiptAction(_ receiptID: Int64, _ verb: String, _ expenseID: Int64) -> String {
        "receipt \(receiptID) \(verb) expense \(expenseID)"
    }

    /// The hashes of the receipts of each item of a report, for the missing-receipt rule.
    public func receiptHashes(ofItemsIn reportID: Int64) throws -> [Int64: [String]] {
        var hashes: [Int64: [String]] = [:]
        try db.forEachRow(
            """
            SELECT l.expense_id, r.sha256 FROM expense_receipts l
            JOIN expenses e ON e.id = l.expense_id JOIN receipts r ON r.id = l.receipt_id
            WHERE e.report_id = \(reportID) ORDER BY l.expense_id, r.id
            """ as SQL
        ) { row in
            hashes[row.int64(0), default: []].append(row.string(1))
        }
        return hashes
    }

    /// Every expense, in any report or none, that each of `hashes` is attached to: for the
    /// shared-receipt rule.
    public func receiptUses(of hashes: some Sequence<String>) throws -> [String: [Int64]] {
        var uses: [String: [Int64]] = [:]
        for hash in Set(hashes) {
            uses[hash] = try db.query(
                """
                SELECT l.expense_id FROM expense_receipts l JOIN receipts r ON r.id = l.receipt_id
                WHERE r.sha256 = \(hash) ORDER BY l.expense_id
                """ as SQL
            ) { $0.int64(0) }
        }
        return uses
    }

    // MARK: - Inbox

    /// Whether the inbox photo at `path` with this size and modification time was taken already.
    public func isInboxPhotoTaken(path: String, size: Int64, modifiedNanoseconds: Int64) throws -> Bool {
        try db.scalar(
            """
            SELECT count(*) FROM receipt_inbox_taken WHERE path = \(path) AND size = \(size) \
            AND modified_ns = \(modifiedNanoseconds)
            """ as SQL) > 0
    }

    /// Marks an inbox photo as taken, so that it is not captured again.
    public func markInboxPhotoTaken(path: String, size: Int64, modifiedNanoseconds: Int64, receiptID: Int64) throws {
        try writes.receipts.markInboxPhotoTaken(
            path: path, size: size, modifiedNanoseconds: modifiedNanoseconds, receiptID: receiptID)
    }
}
