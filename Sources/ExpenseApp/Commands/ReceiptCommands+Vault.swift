#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `receipt export|verify|gc|delete`: the files in the vault.
extension ReceiptCommands {
    static let export = CommandSpec(
        ["receipt", "export"], abstract: "Write a receipt's file out, checked against its SHA-256 first.",
        discussion: "The file is readable by you only; one that exists is replaced only with --force.",
        arguments: [idArgument],
        options: [Options.output, Options.force],
        examples: ["expenses receipt export 3 -o hotel.jpg", "expenses receipt export 3 -o ~/Desktop", "expenses receipt export 3 -o - | display",
                   "expenses receipt export 3 -o hotel.jpg --force"]
    ) { invocation, session in
        let store = try session.store()
        let vault = try store.requireReceiptVault()
        let receipt = try store.receipt(try invocation.id(argument: 0) ?? 0)
        let bytes = try vault.read(receipt.sha256)
        guard SHA256.hex(bytes) == receipt.sha256 else {
            throw ExpenseError(.invalidData, "the file of receipt \(receipt.id) is damaged: its bytes no longer match its SHA-256",
                               hint: "'expenses receipt verify' checks them all; capturing the original again restores it")
        }
        var target = try invocation[Options.output] ?? "-"
        if target == "-" {
            try OutputFile.writeToStandardOutput(bytes)
            return .none
        }
        if OutputFile.isDirectory(target) {
            target += (target.hasSuffix("/") ? "" : "/") + "receipt-\(receipt.id).\(receipt.mediaType.fileExtension)"
        }
        let inputs = SQLiteDatabase.files(of: session.databasePath)
            + [OutputFile.Input(vault.path(of: receipt.sha256), role: "the file of receipt \(receipt.id) in the vault")]
        try OutputFile.write(bytes: bytes, to: target, mode: 0o600, replacing: invocation[Options.force], inputs: inputs)
        return ReceiptExport(receipt: receipt, file: target).output
    }

    static let verify = CommandSpec(
        ["receipt", "verify"], abstract: "Re-hash every receipt's file: report missing and damaged ones (exit 65 when any).",
        discussion: "Files in the vault that no receipt refers to are counted too; 'receipt gc' removes them.",
        examples: ["expenses receipt verify", "expenses receipt verify --format json"]
    ) { _, session in
        let store = try session.store()
        let vault = try store.requireReceiptVault()
        let receipts = try store.receipts()
        var problems: [[Listing.Cell]] = []
        var missing = 0, corrupted = 0
        for receipt in receipts {
            try Cancellation.check()
            switch vault.check(receipt.sha256) {
            case .ok: continue
            case .missing:
                missing += 1
                problems.append([.int(receipt.id), .text(receipt.shortHash), .text("missing"), .text(vault.path(of: receipt.sha256))])
            case .corrupted(let actual):
                corrupted += 1
                problems.append([.int(receipt.id), .text(receipt.shortHash), .text("corrupted"),
                                 .text(actual == "unreadable" ? "unreadable" : "content hashes to \(actual.prefix(12))")])
            }
        }
        let referenced = Set(receipts.map(\.sha256))
        let orphans = try vault.files().filter { $0.hash.map { !referenced.contains($0) } ?? false }.count
        guard problems.isEmpty else {
            let listing = Listing(columns: [.init("id", "id"), .init("sha256", "sha256"), .init("problem", "problem"), .init("detail", "detail")],
                                  rows: problems)
            Renderer(format: session.format).print(.listing(listing))
            var parts: [String] = []
            if missing > 0 { parts.append("\(missing) missing") }
            if corrupted > 0 { parts.append("\(corrupted) corrupted") }
            throw ExpenseError(.invalidData, "\(problems.count) of \(receipts.count) receipt\(receipts.count == 1 ? "" : "s") failed verification: "
                               + parts.joined(separator: ", ") + VaultVerification.unreferencedNote(orphans),
                               hint: "capture the original file again to restore it: the same bytes go back under the same receipt")
        }
        return VaultVerification(receipts: receipts.count, unreferencedFiles: orphans).output
    }

    /// Temporary files younger than this may belong to a capture still writing.
    static let staleTemporaryAge = 600

    static let gc = CommandSpec(
        ["receipt", "gc"], abstract: "Remove files from the vault that no receipt refers to.",
        discussion: """
            Such files are left by a capture that failed or crashed between writing the file and its row, or by \
            'receipt delete'. Temporary files of writes interrupted more than ten minutes ago go too.
            """,
        options: [Options.dryRun],
        examples: ["expenses receipt gc --dry-run", "expenses receipt gc"]
    ) { invocation, session in
        let store = try session.store()
        let vault = try store.requireReceiptVault()
        let dryRun = invocation[Options.dryRun]
        let now = Int(time(nil))
        // Under the write lock: a capture writes its row under it too, so no file that a row is
        // about to refer to can be taken for an orphan.
        let removed: [ReceiptVault.Entry] = try store.write {
            let referenced = try store.receiptHashes()
            let doomed = try vault.files().filter { entry in
                if let hash = entry.hash { return !referenced.contains(hash) }
                let name = entry.path.split(separator: "/").last ?? ""
                return name.hasPrefix(".tmp-") && now - entry.modified > staleTemporaryAge
            }
            if !dryRun {
                for entry in doomed where unlink(entry.path) != 0 && errno != ENOENT {
                    throw ExpenseError(.io, "cannot remove \(entry.path): \(String(cString: strerror(errno)))")
                }
            }
            return doomed
        }
        if !dryRun { vault.pruneEmptyDirectories() }
        return VaultCleanup(removed: removed, dryRun: dryRun).output
    }

    static let delete = CommandSpec(
        ["receipt", "delete"], abstract: "Delete a receipt attached to no expense, and its file.",
        arguments: [idArgument], examples: ["expenses receipt delete 3"]
    ) { invocation, session in
        let store = try session.store()
        let vault = try store.requireReceiptVault()
        let receipt = try store.write {
            let receipt = try store.receipt(try invocation.id(argument: 0) ?? 0)
            guard receipt.expenseIDs.isEmpty else {
                throw ExpenseError(.refused, "receipt \(receipt.id) is attached to "
                                   + receipt.expenseIDs.map { "expense \($0)" }.joined(separator: ", ") + "; detach it first",
                                   hint: "expenses receipt detach \(receipt.id) --expense \(receipt.expenseIDs[0])")
            }
            try store.deleteReceipt(receipt.id)
            return receipt
        }
        // The file goes once the row is gone for good, under the write lock again in case another
        // capture of the same bytes made a new row meanwhile. A crash in between leaves a file no
        // row refers to, which gc removes — never a row without its file.
        try store.write {
            if try store.receipt(sha256: receipt.sha256) == nil { try vault.remove(receipt.sha256) }
        }
        return ReceiptDeletion(receipt: receipt).output
    }
}
