import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementImport

/// The summary of an import: per file its batch and counts, the totals and the time taken.
enum ImportSummary {
    /// "412 new, 18 duplicate, 0 invalid" (and ", 5 skipped" when rules skipped rows).
    static func counts(_ counts: ImportCounts) -> String {
        var text = "\(number(counts.new)) new, \(number(counts.duplicate)) duplicate, \(number(counts.invalid)) invalid"
        if counts.skipped > 0 { text += ", \(number(counts.skipped)) skipped" }
        return text
    }

    static func output(_ outcome: StatementImporter.Outcome) -> Output {
        let total = outcome.total
        let rows = total.new + total.duplicate + total.invalid + total.skipped
        let speed = outcome.seconds > 0 ? " (\(number(Int(Double(rows) / outcome.seconds))) rows/s)" : ""
        let time = String(Int(outcome.seconds * 100) / 100) + "." + twoDigits(Int(outcome.seconds * 100) % 100) + " s"
        var rejects = ""
        if let path = outcome.rejectsPath {
            rejects = total.invalid > 0 ? "; invalid rows written to \(path)" : "; no invalid rows, \(path) lists none"
        }
        var text: String
        if outcome.files.count == 1, let file = outcome.files.first {
            text = "Imported \(file.file) as batch \(file.batchID): \(counts(total)) in \(time)\(speed)\(rejects)\n"
        } else {
            text = outcome.files.map { "  batch \($0.batchID): \($0.file): \(counts($0.counts))\n" }.joined()
            text += "Imported \(outcome.files.count) files: \(counts(total)) in \(time)\(speed)\(rejects)\n"
        }
        let batches = Listing(
            columns: [.init("batch", "batch"), .init("file", "file"), .init("new", "new"), .init("duplicate", "duplicate"),
                      .init("invalid", "invalid"), .init("skipped", "skipped")],
            rows: outcome.files.map { [.int($0.batchID), .text($0.file), .int(Int64($0.counts.new)), .int(Int64($0.counts.duplicate)),
                                       .int(Int64($0.counts.invalid)), .int(Int64($0.counts.skipped))] })
        return .document(text: text, json: .object(members(outcome, dryRun: false)), csv: batches)
    }

    /// The JSON members: the files (with their batches unless a dry run), the totals, the time.
    static func members(_ outcome: StatementImporter.Outcome, dryRun: Bool) -> [(String, JSONValue)] {
        let files = outcome.files.map { file -> JSONValue in
            var members: [(String, JSONValue)] = dryRun ? [] : [("batch", .int(file.batchID))]
            members.append(("file", .string(file.file)))
            return .object(members + countMembers(file.counts))
        }
        return [(dryRun ? "files" : "batches", .array(files))] + countMembers(outcome.total)
            + [("milliseconds", .int(Int64(outcome.seconds * 1000))), ("rejects", .string(outcome.rejectsPath))]
    }

    private static func countMembers(_ counts: ImportCounts) -> [(String, JSONValue)] {
        [("new", .int(Int64(counts.new))), ("duplicate", .int(Int64(counts.duplicate))),
         ("invalid", .int(Int64(counts.invalid))), ("skipped", .int(Int64(counts.skipped)))]
    }

    static func number(_ value: Int) -> String { Money.format(Int64(value), digits: 0, grouping: true) }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
