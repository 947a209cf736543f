import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import StatementImport

/// The words and numbers of an import's summary and of its dry run.
enum ImportSummary {
    /// "412 new, 18 duplicate, 0 invalid" (and ", 5 skipped" when rules skipped rows).
    static func counts(_ counts: ImportCounts) -> String {
        var text = "\(number(counts.new)) new, \(number(counts.duplicate)) duplicate, \(number(counts.invalid)) invalid"
        if counts.skipped > 0 { text += ", \(number(counts.skipped)) skipped" }
        return text
    }

    /// "; 2 pending entries not imported" when a camt.053 statement lists entries not booked yet.
    static func pending(_ count: Int) -> String {
        count == 0 ? "" : "; \(number(count)) pending entr\(count == 1 ? "y" : "ies") not imported (not booked yet)"
    }

    /// "; 1 bank credit skipped (...)" when a bank account's statement has money in that the
    /// rules do not say is a refund (`ImportRules.importedEntries`), with how to import it.
    static func bankCredits(_ count: Int) -> String {
        count == 0
            ? ""
            : "; \(number(count)) bank credit\(count == 1 ? "" : "s") skipped (money in, such as salary, a reimbursement or "
                + "an advance, is no refund; to import \(count == 1 ? "it as one" : "them as refunds"), give --rules FILE "
                + "saying 'credits refund')"
    }

    /// The JSON members: the files (with their batches unless a dry run), the totals, the time.
    static func members(_ outcome: StatementImporter.Outcome, dryRun: Bool) -> [(String, JSONValue)] {
        let files = outcome.files.map { file -> JSONValue in
            var members: [(String, JSONValue)] = dryRun ? [] : [("batch", .int(file.batchID))]
            members.append(("file", .string(file.file)))
            return .object(
                members + countMembers(file.counts) + [
                    ("pending", .int(Int64(file.pending))), ("bankCreditsSkipped", .int(Int64(file.bankCreditsSkipped))),
                ])
        }
        return [(dryRun ? "files" : "batches", .array(files))] + countMembers(outcome.total)
            + [("pending", .int(Int64(outcome.pending))), ("bankCreditsSkipped", .int(Int64(outcome.bankCreditsSkipped)))]
            + [("milliseconds", .int(Int64(outcome.seconds * 1000))), ("rejects", .string(outcome.rejectsPath))]
    }

    private static func countMembers(_ counts: ImportCounts) -> [(String, JSONValue)] {
        [
            ("new", .int(Int64(counts.new))), ("duplicate", .int(Int64(counts.duplicate))),
            ("invalid", .int(Int64(counts.invalid))), ("skipped", .int(Int64(counts.skipped))),
        ]
    }

    static func number(_ value: Int) -> String { Money.format(Int64(value), digits: 0, grouping: true) }
}

/// What an import did: per file its batch and counts, the totals and the time taken.
struct ImportResult: Document {
    let outcome: StatementImporter.Outcome
    /// What its new lines did with the receipts there before them (`ReceiptMatching.afterImport`).
    var matches = ReceiptMatching.ImportMatches()

    /// "; 3 receipts captured before attached to their lines; 1 expense made from a receipt merged
    /// into its card line".
    private var receipts: String {
        var text = ""
        let (attached, merged) = (matches.attached, matches.merged)
        if attached > 0 {
            text +=
                "; \(ImportSummary.number(attached)) receipt\(attached == 1 ? "" : "s") captured before attached to "
                + (attached == 1 ? "its line" : "their lines")
        }
        if merged > 0 {
            text +=
                "; \(ImportSummary.number(merged)) expense\(merged == 1 ? "" : "s") made from a receipt merged into "
                + (merged == 1 ? "its card line" : "their card lines")
        }
        return text
    }

    /// A line for each receipt a new line could be but whose total had no rate to convert it
    /// at, and what to do: "Receipt 3 (...) stayed unattached: no ECB rate for DKK within ...".
    private var unconverted: String {
        guard !matches.withoutRate.isEmpty else { return "" }
        return matches.withoutRate.map { receipt, missing in
            "Receipt \(receipt.id) (\(ReceiptView.name(receipt))) stayed unattached, not compared with the new lines in "
                + "\(missing.to.code): \(missing)\n"
        }.joined() + "Load newer rates (\(ErrorPresenter.ratesImport)), then: expenses receipt match\n"
    }

    var text: String {
        let total = outcome.total
        let rows = total.new + total.duplicate + total.invalid + total.skipped
        let speed = outcome.seconds > 0 ? " (\(ImportSummary.number(Int(Double(rows) / outcome.seconds))) rows/s)" : ""
        let time = String(Int(outcome.seconds * 100) / 100) + "." + twoDigits(Int(outcome.seconds * 100) % 100) + " s"
        var rejects = ""
        if let path = outcome.rejectsPath {
            rejects = total.invalid > 0 ? "; invalid rows written to \(path)" : "; no invalid rows, \(path) lists none"
        }
        let counts = ImportSummary.counts
        if outcome.files.count == 1, let file = outcome.files.first {
            return
                "Imported \(file.file) as batch \(file.batchID): \(counts(total)) in \(time)\(speed)\(ImportSummary.pending(file.pending))\(ImportSummary.bankCredits(file.bankCreditsSkipped))\(rejects)\(receipts)\n\(unconverted)"
        }
        return outcome.files.map {
            "  batch \($0.batchID): \($0.file): \(counts($0.counts))\(ImportSummary.pending($0.pending))\(ImportSummary.bankCredits($0.bankCreditsSkipped))\n"
        }
        .joined()
            + "Imported \(outcome.files.count) files: \(counts(total)) in \(time)\(speed)\(rejects)\(receipts)\n\(unconverted)"
    }

    var json: JSONValue {
        .object(
            ImportSummary.members(outcome, dryRun: false) + [
                ("receiptsAttached", .int(Int64(matches.attached))), ("receiptItemsMerged", .int(Int64(matches.merged))),
                (
                    "receiptsWithoutRate",
                    .array(
                        matches.withoutRate.map {
                            .object([("receipt", .int($0.receipt.id)), ("reason", .string($0.missing.description))])
                        })
                ),
            ])
    }

    var rows: Listing? {
        Listing(
            columns: [
                .init("batch", "batch"), .init("file", "file"), .init("new", "new"), .init("duplicate", "duplicate"),
                .init("invalid", "invalid"), .init("skipped", "skipped"),
            ],
            rows: outcome.files.map {
                [
                    .int($0.batchID), .text($0.file), .int(Int64($0.counts.new)), .int(Int64($0.counts.duplicate)),
                    .int(Int64($0.counts.invalid)), .int(Int64($0.counts.skipped)),
                ]
            })
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// `import undo`: the batch and how many of its expenses went.
struct ImportUndo: Document {
    let batch: Int64
    let file: String
    let deleted: Int

    var text: String {
        "Undid import batch \(batch) (\(file)): deleted \(ImportSummary.number(deleted)) expense\(deleted == 1 ? "" : "s")"
    }

    var json: JSONValue { .object([("batch", .int(batch)), ("file", .string(file)), ("deleted", .int(Int64(deleted)))]) }
}
