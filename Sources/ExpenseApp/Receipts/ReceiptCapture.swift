import ExpenseCore
import ExpenseStore
import ExpenseSupport
import ReceiptReading

/// Capturing one receipt, in the order that keeps a crash harmless: check the bytes, write the
/// file into the vault, read its text, and only then — in one write transaction — the row, its
/// links, the inbox mark and any expense made from it. A failure after the file was written
/// removes it again when nothing refers to it; a crash leaves at most an unreferenced file, which
/// `receipt gc` removes. On a team database the bytes go into the database instead, after the
/// row in the same transaction (`ReceiptStorage.writesAfterRow`): both are there, or neither.
struct ReceiptCapture {
    enum OCRMode { case automatic, off, required }

    let store: Store
    let storage: any ReceiptStorage
    let capturedAt: String
    /// Who captures it, for the report's audit log when it is attached.
    let user: UserName
    var ocrEngine = ReceiptOCREngine()

    /// A receipt checked and in the vault, not yet in the database.
    struct Prepared {
        var input: ReceiptInput
        var mediaType: ReceiptMediaType
        var sha256: String
        /// The receipt of the same bytes, captured before.
        var existing: Receipt?
        var width: Int?
        var height: Int?
        var takenAt: String?
        var ocr: ReceiptOCR
        /// Whether this capture wrote the vault's file (and so removes it if the capture fails).
        var wroteFile: Bool

        /// How messages name it: its file name, else where it came from.
        var label: String {
            if !input.originalName.isEmpty { return input.originalName }
            switch input.source {
            case .stdin: return "the picture from standard input"
            case .camera: return "the camera's picture"
            case .file, .inbox: return "the receipt"
            }
        }
    }

    /// Refuses what is not a receipt, stores the file (in a vault) and reads its text.
    func prepare(_ input: ReceiptInput, ocr mode: OCRMode) throws -> Prepared {
        let name = input.originalName.isEmpty ? (input.source == .stdin ? "standard input" : "the camera's picture") : input.originalName
        guard let mediaType = MediaSniffer.mediaType(of: input.bytes) else {
            throw ExpenseError(
                .invalidData, "\(name) is not a receipt image: \(MediaSniffer.describe(input.bytes))",
                hint: "a receipt can be a JPEG, PNG, HEIC or WebP picture, a PDF, or an e-mail")
        }
        try store.requireWritable()  // before the file goes into the vault, or OCR runs
        let sha256 = SHA256.hex(input.bytes)
        let existing = try store.receipt(sha256: sha256)
        let size = ImageDimensions.of(input.bytes, type: mediaType)
        var prepared = Prepared(
            input: input, mediaType: mediaType, sha256: sha256, existing: existing, width: size?.width,
            height: size?.height, takenAt: ExifReader.dateTimeOriginal(in: input.bytes, type: mediaType),
            ocr: existing?.ocr ?? ReceiptOCR(status: .skipped), wroteFile: false)
        if !storage.writesAfterRow { prepared.wroteFile = try storage.store(input.bytes, hash: sha256) }
        do {
            if existing?.ocr.status != .done {
                switch mode {
                case .off:
                    if existing == nil { prepared.ocr = ReceiptOCR(status: .skipped, note: "not asked for (--no-ocr)") }
                case .automatic, .required:
                    prepared.ocr = readText(prepared)
                }
            }
            if mode == .required, prepared.ocr.status != .done {
                throw ExpenseError(.unavailable, "--ocr: the receipt's text could not be read: \(prepared.ocr.note)")
            }
            try Cancellation.check()
        } catch {
            discard(prepared)
            throw error
        }
        return prepared
    }

    /// OCR of the vault's file, or of a private copy of the bytes on a team database. Never
    /// fatal, as OCR is not: a copy that cannot be written is a failed reading.
    private func readText(_ prepared: Prepared) -> ReceiptOCR {
        // An e-mail's text is read from the bytes at hand: no program reads a file of it.
        if prepared.mediaType == .message { return ocrEngine.read(message: prepared.input.bytes) }
        do {
            return try ReceiptLocalFile.with(prepared.sha256, type: prepared.mediaType, in: storage, bytes: prepared.input.bytes) {
                ocrEngine.read(path: $0, type: prepared.mediaType)
            }
        } catch {
            return ReceiptOCR(status: .failed, note: (error as? ExpenseError)?.message ?? "\(error)")
        }
    }

    /// What the transaction did.
    struct Committed {
        var receipt: Receipt
        /// The same bytes had been captured before: the receipt was reused.
        var reused: Bool
        var attachedTo: Int64?
        var expense: Expense?
        /// The bytes went into storage now, though the receipt was there: they had been lost.
        var restoredBytes = false
    }

    /// Writes the row (or reuses the existing one), attaches it, marks an inbox photo taken and
    /// inserts the expense `makeExpense` builds — all in one transaction. `how` says in the audit
    /// log why it went to `expenseID` (what a match went by).
    func commit(
        _ prepared: Prepared, attachTo expenseID: Int64?, how: String = "", makeExpense: (() throws -> Expense)?
    ) throws -> Committed {
        do {
            return try store.write {
                // `receipt gc` in another process may have removed the file while it had no row;
                // under the write lock now, put it back before the row refers to it.
                if !storage.writesAfterRow, try !storage.contains(prepared.sha256) {
                    try storage.store(prepared.input.bytes, hash: prepared.sha256)
                }
                var receipt: Receipt
                var reused = false
                if let existing = try store.receipt(sha256: prepared.sha256) {
                    receipt = existing
                    reused = true
                    if existing.ocr.status != .done, prepared.ocr.status == .done || existing.ocr.note != prepared.ocr.note {
                        try store.updateOCR(prepared.ocr, of: existing.id)
                    }
                } else {
                    receipt = try store.insertReceipt(
                        Receipt(
                            sha256: prepared.sha256, mediaType: prepared.mediaType, size: Int64(prepared.input.bytes.count),
                            originalName: prepared.input.originalName, source: prepared.input.source, capturedAt: capturedAt,
                            takenAt: prepared.takenAt, width: prepared.width, height: prepared.height, ocr: prepared.ocr))
                }
                // After the row, which the server's row security asks of whoever writes the bytes.
                let wroteBytes = storage.writesAfterRow ? try storage.store(prepared.input.bytes, hash: prepared.sha256) : false
                if let photo = prepared.input.inboxPhoto {
                    try store.markInboxPhotoTaken(
                        path: photo.path, size: photo.size, modifiedNanoseconds: photo.modifiedNanoseconds,
                        receiptID: receipt.id)
                }
                var expense: Expense?
                var target = expenseID
                if let makeExpense {
                    let created = try store.insertExpense(try makeExpense())
                    expense = created
                    target = created.id
                }
                if let target { try store.attach(receipt: receipt.id, to: target, by: user, how: how) }
                receipt = try store.receipt(receipt.id)
                return Committed(
                    receipt: receipt, reused: reused, attachedTo: target, expense: expense,
                    restoredBytes: reused && (wroteBytes || prepared.wroteFile))
            }
        } catch {
            discard(prepared)
            throw error
        }
    }

    /// Removes the file this capture wrote, when no row refers to it (checked under the write lock).
    func discard(_ prepared: Prepared) {
        guard prepared.wroteFile else { return }
        _ = try? store.write {
            if try store.receipt(sha256: prepared.sha256) == nil { try storage.remove(prepared.sha256) }
        }
    }
}
