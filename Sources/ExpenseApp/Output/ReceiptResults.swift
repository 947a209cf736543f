import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// A receipt attached or detached: a line for people, the whole receipt for programs.
struct ReceiptResult: Document {
    let message: String
    let receipt: Receipt
    /// Its file in the vault.
    let path: String?

    var text: String { message }
    var json: JSONValue { ReceiptView.json(receipt, path: path) }
    var rows: Listing? { ReceiptView.listing([receipt]) }
}

/// `receipt capture`: the receipt, what OCR read, and the expense it was attached to or made.
struct ReceiptCaptureResult: Document {
    let committed: ReceiptCapture.Committed
    /// Its file in the vault; nil when its bytes are in the database.
    let path: String?
    let place: ReceiptStoragePlace
    /// The person did not want an expense made of it.
    let declined: Bool
    /// What matching it to an item did.
    var match: CaptureMatch = .none
    /// `--create` was asked for (and held back when several items could be the receipt).
    var creating = false
    /// The currency its total is in when it prints none: the report's, else the traveller's.
    var guessedCurrency: String?

    /// What it seems to say, as shown.
    private var suggestion: ReceiptSuggestion { ReceiptView.suggestion(committed.receipt.ocr, guessing: guessedCurrency) }

    var text: String {
        let receipt = committed.receipt
        var lines: [String] = []
        let pixels = receipt.width.flatMap { width in receipt.height.map { ", \(width) × \($0) pixels" } } ?? ""
        if committed.reused {
            lines.append(
                "Receipt \(receipt.id) was captured before (\(LocalTime.forPeople(receipt.capturedAt)), \(ReceiptView.name(receipt))): the same bytes, kept once"
            )
            if committed.restoredBytes {
                switch place {
                case .vault: lines.append("Its file in the vault was missing or damaged; it is restored")
                case .database: lines.append("Its bytes were missing from the database; they are restored")
                }
            }
        } else {
            lines.append(
                "Captured receipt \(receipt.id): \(receipt.mediaType.name)\(pixels), \(ByteSize.describe(receipt.size)), "
                    + (receipt.originalName.isEmpty ? "from \(receipt.source.rawValue)" : "from \(receipt.originalName)"))
        }
        lines.append(ReceiptView.ocrLine(receipt.ocr, suggestion: suggestion))
        if receipt.ocr.status == .done { lines += ReceiptView.doubtLines(suggestion) }
        if let expense = committed.expense {
            let place = expense.reportID.map { "in report \($0)" } ?? "(unassigned)"
            lines.append(
                "Created expense \(expense.id) \(place): \(expense.amount) \(expense.category)"
                    + (expense.merchant.isEmpty ? "" : ", \(expense.merchant)") + "; the receipt is attached")
        } else if let matched = match.attaches {
            lines.append("Attached to \(ReceiptMatching.describe(matched))")
        } else if let target = committed.attachedTo {
            lines.append("Attached to expense \(target)")
        }
        if case .listed(let candidates) = match {
            lines.append("It could be any of these expenses; none was attached" + (creating ? " and no expense created" : "") + ":")
            lines += candidates.map { "  " + ReceiptMatching.describe($0) }
            lines.append(
                "Attach it to the right one: expenses receipt attach \(receipt.id) --expense \(candidates[0].item.id)"
                    + (creating ? " (or make a new expense anyway: --create --new)" : ""))
        }
        if declined {
            lines.append("No expense was created; attach it later: expenses receipt attach \(receipt.id) --expense ID")
        } else if receipt.expenseIDs.isEmpty, committed.expense == nil, committed.attachedTo == nil {
            // Where it is now, and how it finds its expense.
            switch match {
            case .none:
                lines.append(
                    "Kept unattached: the card statement's line takes it when imported, "
                        + "or attach it: expenses receipt attach \(receipt.id) --expense ID")
            case .withoutRate(let missing):
                lines.append("Kept unattached: not compared with your items in \(missing.to.code): \(missing)")
                lines.append(
                    "Load newer rates (\(ErrorPresenter.ratesImport)), then: expenses receipt match; "
                        + "or attach it: expenses receipt attach \(receipt.id) --expense ID")
            case .attached, .listed: break
            }
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            ("receipt", ReceiptView.json(committed.receipt, path: path, suggestion: suggestion)), ("reused", .bool(committed.reused)),
            ("attachedTo", committed.attachedTo.map { .int($0) } ?? .null),
            ("expense", committed.expense.map(ExpenseView.json) ?? .null), ("match", matchJSON),
        ])
    }

    /// `{"expense": 5, "reason": "same amount, 1 day later", "asked": false}`, or the candidates
    /// none of which was attached, or null.
    private var matchJSON: JSONValue {
        func candidate(_ candidate: ReceiptMatch.Candidate) -> JSONValue {
            .object([("expense", .int(candidate.item.id)), ("reason", .string(candidate.reason.description))])
        }
        switch match {
        case .none: return .null
        case .attached(let matched, let asked):
            return .object([("expense", .int(matched.item.id)), ("reason", .string(matched.reason.description)), ("asked", .bool(asked))])
        case .listed(let candidates): return .object([("expense", .null), ("candidates", .array(candidates.map(candidate)))])
        case .withoutRate(let missing): return .object([("expense", .null), ("unconverted", .string(missing.description))])
        }
    }

    var rows: Listing? { ReceiptView.listing([committed.receipt]) }
}

/// `receipt export -o FILE`.
struct ReceiptExport: Document {
    let receipt: Receipt
    let file: String

    var text: String {
        "Exported receipt \(receipt.id) (\(receipt.mediaType.name), \(ByteSize.describe(receipt.size))) to \(file)"
    }

    var json: JSONValue { .object([("id", .int(receipt.id)), ("file", .string(file)), ("size", .int(receipt.size))]) }
}

/// `receipt verify` when every file is there and intact.
struct VaultVerification: Document {
    let receipts: Int
    /// Files in the vault that belong to no receipt.
    let unreferencedFiles: Int
    let place: ReceiptStoragePlace

    /// "; 2 files in the vault belong to no receipt (...)", or nothing.
    static func unreferencedNote(_ count: Int, place: ReceiptStoragePlace) -> String {
        guard count > 0 else { return "" }
        let what =
            switch place {
            case .vault: "file\(count == 1 ? "" : "s") in the vault"
            case .database: "receipt\(count == 1 ? "'s" : "s'") bytes in the database"
            }
        return "; \(count) \(what) belong to no receipt ('expenses receipt gc' removes them)"
    }

    var text: String {
        let what =
            switch place {
            case .vault: "every file is there and matches its SHA-256"
            case .database: "the bytes of each are in the database and match its SHA-256"
            }
        return "All \(receipts) receipt\(receipts == 1 ? "" : "s") verified: \(what)"
            + Self.unreferencedNote(unreferencedFiles, place: place)
    }

    var json: JSONValue {
        .object([
            ("receipts", .int(Int64(receipts))), ("missing", .int(0)), ("corrupted", .int(0)),
            ("unreferencedFiles", .int(Int64(unreferencedFiles))),
        ])
    }
}

/// `receipt gc`: the files no receipt refers to, removed or (with --dry-run) to be removed.
struct VaultCleanup: Document {
    let removed: [ReceiptStorageEntry]
    let dryRun: Bool
    let place: ReceiptStoragePlace
    /// False when only this member's expired uploads were looked at: the bytes no receipt refers
    /// to are the administrator's to find.
    var unreferencedSeen = true

    private var bytes: Int64 { removed.reduce(Int64(0)) { $0 + $1.size } }

    private var isDatabase: Bool {
        if case .database = place { return true }
        return false
    }

    var rows: Listing? {
        Listing(
            columns: [.init("sha256", "sha256"), .init("size", "size"), .init("path", "path")],
            rows: removed.map { [.text($0.hash ?? "(temporary)"), .int($0.size), .text($0.location)] })
    }

    var text: String {
        let stored =
            switch place {
            case .vault: (all: "every file in the vault", one: "file", many: "files")
            case .database: (all: "all the bytes in the database", one: "receipt's bytes", many: "receipts' bytes")
            }
        guard let rows, !removed.isEmpty else {
            return "Nothing to remove: \(stored.all) belong\(stored.all.hasPrefix("every") ? "s" : "") to a receipt"
        }
        let verb = dryRun ? "Would remove" : "Removed"
        // On a team database, an entry without a hash is an expired unfinished upload.
        let uploads = !isDatabase ? [] : removed.filter { $0.hash == nil }
        let uploadsCount = "\(uploads.count) expired unfinished upload\(uploads.count == 1 ? "" : "s")"
        let uploadsSize = "(\(ByteSize.describe(uploads.reduce(Int64(0)) { $0 + $1.size })))"
        let uploadsText = uploadsCount + " " + uploadsSize
        guard unreferencedSeen else {
            return rows.table
                + "\(verb) \(uploadsCount) of yours \(uploadsSize); the bytes no receipt refers to are the administrator's to remove"
        }
        let unreferenced = removed.count - uploads.count
        let unreferencedBytes = bytes - uploads.reduce(Int64(0)) { $0 + $1.size }
        let parts =
            (unreferenced > 0 || uploads.isEmpty
                ? [
                    "\(unreferenced) \(unreferenced == 1 ? stored.one : stored.many) (\(ByteSize.describe(unreferencedBytes))) that no receipt refers to"
                ]
                : []) + (uploads.isEmpty ? [] : [uploadsText])
        return rows.table + "\(verb) " + parts.joined(separator: " and ")
    }

    var json: JSONValue { .object([("dryRun", .bool(dryRun)), ("removed", rows?.json ?? .array([])), ("bytes", .int(bytes))]) }
}

/// `receipt delete`.
struct ReceiptDeletion: Document {
    let receipt: Receipt
    let place: ReceiptStoragePlace
    /// Its bytes went too (a team database keeps them unless the administrator deletes it).
    let removedBytes: Bool

    var text: String {
        switch place {
        case .vault: return "Deleted receipt \(receipt.id) and its file"
        case .database where removedBytes: return "Deleted receipt \(receipt.id) and its bytes"
        case .database:
            return "Deleted receipt \(receipt.id); its bytes stay in the database until the administrator's "
                + "'expenses receipt gc' removes those no receipt refers to"
        }
    }
    var json: JSONValue { .object([("deleted", .int(receipt.id)), ("sha256", .string(receipt.sha256))]) }
}

/// `receipt capture` of several receipts (a message's attachments, a Maildir's new messages):
/// each receipt's capture as it reads alone; in JSON an array of them.
struct ReceiptCaptureResults: Document {
    let outputs: [Output]
    /// For `--maildir`: the Maildir, how many of its messages were taken, and the subjects (else
    /// file names) of those left in `new/` with nothing of a receipt in them.
    let maildir: (path: String, taken: Int, left: [String])?

    private var documents: [any Document] {
        outputs.compactMap { output in
            if case .document(let document) = output.shown { return document }
            return nil
        }
    }

    var text: String {
        var parts = documents.map(\.text)
        if let maildir {
            let left = maildir.left
            if maildir.taken > 0 || !outputs.isEmpty || left.isEmpty {
                parts.append(
                    maildir.taken == 0 && outputs.isEmpty
                        ? "No new message in \(maildir.path)"
                        : "Took \(maildir.taken) message\(maildir.taken == 1 ? "" : "s") from \(maildir.path)/new into cur/")
            }
            if !left.isEmpty {
                parts.append(
                    "Left in \(maildir.path)/new/: \(left.count) message\(left.count == 1 ? "" : "s") with no amount and no attachment: "
                        + left.map { "'\(TerminalText.visible($0, keepingLineBreaks: false))'" }.joined(separator: ", "))
            }
        }
        return parts.joined(separator: "\n\n")
    }

    var json: JSONValue { .array(documents.map(\.json)) }

    var rows: Listing? {
        ReceiptView.listing(documents.compactMap { ($0 as? ReceiptCaptureResult)?.committed.receipt })
    }
}
