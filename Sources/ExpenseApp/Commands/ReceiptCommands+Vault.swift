import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// `receipt export|verify|gc|delete`: the receipts' files, in the vault beside an SQLite file or in
/// a team database (`ReceiptStorage`).
extension ReceiptCommands {
    static let export = CommandSpec(
        ["receipt", "export"], abstract: "Write a receipt's file out, checked against its SHA-256 first.",
        discussion: "The file is readable by you only; one that exists is replaced only with --force.",
        arguments: [idArgument],
        options: [Options.output, Options.force],
        examples: [
            "expenses receipt export 3 -o hotel.jpg", "expenses receipt export 3 -o ~/Desktop", "expenses receipt export 3 -o - | display",
            "expenses receipt export 3 -o hotel.jpg --force",
        ]
    ) { invocation, session in
        let store = try session.store()
        let storage = try store.requireReceiptStorage()
        let receipt = try store.receipt(try invocation[idArgument])
        // The file as the person named it, which the result shows; written where it is, in the
        // session's working directory.
        var shown = try invocation[Options.output]
        if shown == "-" {
            try ReceiptFileExport.toStandardOutput(receipt, from: storage)
            return .none
        }
        if OutputFile.isDirectory(session.environment.path(shown)) {
            shown += (shown.hasSuffix("/") ? "" : "/") + "receipt-\(receipt.id).\(receipt.mediaType.fileExtension)"
        }
        let target = session.environment.path(shown)
        let vaultFile = storage.localPath(of: receipt.sha256).map {
            OutputFile.Input($0, role: "the file of receipt \(receipt.id) in the vault")
        }
        let inputs = session.location.files + (vaultFile.map { [$0] } ?? [])
        try session.environment.namingAsGiven(shown) {
            try ReceiptFileExport.write(receipt, from: storage, to: target, replacing: invocation[Options.force], inputs: inputs)
        }
        return ReceiptExport(receipt: receipt, file: shown).output
    }

    static let verify = CommandSpec(
        ["receipt", "verify"], abstract: "Re-hash every receipt's file: report missing and damaged ones (exit 65 when any).",
        discussion: """
            Files in the vault that no receipt refers to are counted too; 'receipt gc' removes them. On a team database \
            it checks the receipts you may see, whose bytes are in the database.
            """,
        examples: ["expenses receipt verify", "expenses receipt verify --format json"]
    ) { _, session in
        let store = try session.store()
        let storage = try store.requireReceiptStorage()
        let receipts = try store.receipts()
        var problems: [[Listing.Cell]] = []
        var missing = 0
        var corrupted = 0
        for receipt in receipts {
            try Cancellation.check()
            switch try storage.check(receipt.sha256) {
            case .ok: continue
            case .missing:
                missing += 1
                problems.append([
                    .int(receipt.id), .text(receipt.shortHash), .text("missing"),
                    .text(storage.localPath(of: receipt.sha256) ?? "not in the database"),
                ])
            case .corrupted(let actual):
                corrupted += 1
                problems.append([
                    .int(receipt.id), .text(receipt.shortHash), .text("corrupted"),
                    .text(actual == "unreadable" ? "unreadable" : "content hashes to \(actual.prefix(12))"),
                ])
            }
        }
        let orphans = try unreferencedCount(in: storage, referenced: Set(receipts.map(\.sha256)))
        guard problems.isEmpty else {
            let listing = Listing(
                columns: [.init("id", "id"), .init("sha256", "sha256"), .init("problem", "problem"), .init("detail", "detail")],
                rows: problems)
            Renderer(format: session.format).print(.listing(listing))
            var parts: [String] = []
            if missing > 0 { parts.append("\(missing) missing") }
            if corrupted > 0 { parts.append("\(corrupted) corrupted") }
            throw ExpenseError(
                .invalidData,
                "\(problems.count) of \(receipts.count) receipt\(receipts.count == 1 ? "" : "s") failed verification: "
                    + parts.joined(separator: ", ") + VaultVerification.unreferencedNote(orphans, place: storage.place),
                hint: restoreHint(storage.place))
        }
        return VaultVerification(receipts: receipts.count, unreferencedFiles: orphans, place: storage.place).output
    }

    /// How damaged or missing receipts are restored: a vault's by capturing them again; a team
    /// database's bytes no user may replace.
    private static func restoreHint(_ place: ReceiptStoragePlace) -> String {
        switch place {
        case .vault: "capture the original file again to restore it: the same bytes go back under the same receipt"
        case .database: "no one but the server's administrator may change stored receipt bytes: ask them to restore these from a backup"
        }
    }

    /// How many stored files no receipt refers to, for verify to mention; 0 where this user
    /// cannot see them (a team database's role under row security sees no such bytes).
    private static func unreferencedCount(in storage: any ReceiptStorage, referenced: Set<String>) throws -> Int {
        do {
            return try storage.unreferenced(by: referenced, now: Int(time(nil))).filter { $0.hash != nil }.count
        } catch let error as ExpenseError where error.kind == .permissionDenied {
            return 0
        }
    }

    static let gc = CommandSpec(
        ["receipt", "gc"], abstract: "Remove files from the vault that no receipt refers to.",
        discussion: """
            Such files are left by a capture that failed or crashed between writing the file and its row, or by \
            'receipt delete'. Temporary files of writes interrupted more than ten minutes ago go too. On a team \
            database it removes the stored bytes no receipt refers to, and only the administrator may: a role under \
            row security sees no bytes but those of the receipts it may see (exit 77). There it also removes \
            receipt uploads left unfinished past their expiry (24 hours unless the administrator set another): \
            a member's own, or everyone's for the administrator.
            """,
        options: [Options.dryRun],
        examples: ["expenses receipt gc --dry-run", "expenses receipt gc"]
    ) { invocation, session in
        let store = try session.store()
        let storage = try store.requireReceiptStorage()
        let dryRun = invocation[Options.dryRun]
        let now = Int(time(nil))
        // Under the write lock: a capture writes its row under it too, so no file that a row is
        // about to refer to can be taken for an orphan. (On a team database the transaction is
        // serializable: of a capture reusing bytes and a gc removing them, one fails as busy
        // rather than both leaving a receipt without its bytes.)
        let removed = try store.write {
            // Expired unfinished uploads first: a member's own are hers to remove, although the
            // bytes no receipt refers to are not (refused below, unless she had uploads to remove).
            let expired = try storage.expiredUploads()
            if !dryRun { try storage.removeExpiredUploads() }
            let doomed: [ReceiptStorageEntry]
            do {
                doomed = try storage.unreferenced(by: try store.receiptHashes(), now: now)
            } catch let error as ExpenseError where error.kind == .permissionDenied && !expired.isEmpty {
                return (expired, unreferencedSeen: false)
            }
            if !dryRun { try storage.remove(unreferenced: doomed) }
            return (expired + doomed, unreferencedSeen: true)
        }
        return VaultCleanup(removed: removed.0, dryRun: dryRun, place: storage.place, unreferencedSeen: removed.unreferencedSeen).output
    }

    static let delete = CommandSpec(
        ["receipt", "delete"], abstract: "Delete a receipt attached to no expense, and its file.",
        discussion: """
            On a team database its bytes stay in the database (other people's receipts may be of the same bytes), \
            until the administrator's 'receipt gc' removes those no receipt refers to.
            """,
        arguments: [idArgument], examples: ["expenses receipt delete 3"]
    ) { invocation, session in
        let store = try session.store()
        let storage = try store.requireReceiptStorage()
        let receipt = try store.write {
            let receipt = try store.receipt(try invocation[idArgument])
            guard receipt.expenseIDs.isEmpty else {
                throw ExpenseError(
                    .refused,
                    "receipt \(receipt.id) is attached to "
                        + receipt.expenseIDs.map { "expense \($0)" }.joined(separator: ", ") + "; detach it first",
                    hint: "expenses receipt detach \(receipt.id) --expense \(receipt.expenseIDs[0])")
            }
            try store.deleteReceipt(receipt.id)
            return receipt
        }
        // The file goes once the row is gone for good, under the write lock again in case another
        // capture of the same bytes made a new row meanwhile. A crash in between leaves a file no
        // row refers to, which gc removes — never a row without its file. (A team database keeps
        // the bytes, unless this is its administrator: others may share them, unseen.)
        let removedBytes = try store.write {
            try store.receipt(sha256: receipt.sha256) == nil ? try storage.remove(receipt.sha256) : false
        }
        return ReceiptDeletion(receipt: receipt, place: storage.place, removedBytes: removedBytes).output
    }
}
