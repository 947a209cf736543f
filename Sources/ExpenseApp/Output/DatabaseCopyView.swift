import ExpenseStore
import ExpenseSupport
import Rendering

/// `db copy`: per table what was copied, what the target had already and the rows it holds now,
/// the receipts' files, whose the rows of no report became, and what an earlier copy of the file
/// brought (skipped).
struct DatabaseCopyResult: Document {
    let outcome: DatabaseCopy.Outcome

    private var tallies: [DatabaseCopy.Tally] { outcome.tables + [outcome.receiptFiles] }

    private var listing: Listing {
        Listing(
            columns: [
                .init("table", "table"), .init("copied", "copied"), .init("alreadyThere", "already there"),
                .init("rows", "rows now"),
            ],
            rows: tallies.map { [.text($0.name), .int(Int64($0.copied)), .int(Int64($0.present)), .int(Int64($0.rows))] })
    }

    private var copiedRows: Int { outcome.tables.reduce(0) { $0 + $1.copied } }

    var text: String {
        let new = outcome.createdTarget ? " (a new file)" : ""
        var text = "Copied \(outcome.source) to \(outcome.target)\(new) in one transaction, verified table by table:\n"
        text += listing.table
        if outcome.copiedNothing {
            text += "Nothing to add: \(outcome.target) had every row and receipt file already.\n"
        } else {
            let files = outcome.receiptFiles.copied
            text +=
                "\(ImportSummary.number(copiedRows)) row\(copiedRows == 1 ? "" : "s") and \(ImportSummary.number(files)) receipt "
                + "file\(files == 1 ? "" : "s") (\(ImportSummary.number(Int(outcome.receiptBytesCopied))) bytes) copied.\n"
        }
        switch outcome.owner {
        case .ofRowsWithoutReport(let owner)?:
            text += "Items, imports, receipts and quick actions of no report are \(owner)'s; the rest are their report's owner's.\n"
        case .ofPersonalRows(let owner)?:
            text += "The file has \(owner)'s quick actions and inbox records.\n"
        case .ofEverythingCopied(let owner)?:
            text += "Everything copied is \(owner)'s, with ids of \(outcome.target)'s own.\n"
        case nil:
            break
        }
        for copied in outcome.alreadyCopied {
            text +=
                "report \(copied.report) '\(TerminalText.visible(copied.title))' already copied as team report \(copied.copiedAs) "
                + "on \(copied.on); skipped\n"
        }
        if outcome.itemsAlreadyCopied > 0 {
            let items = outcome.itemsAlreadyCopied
            text += "\(items) item\(items == 1 ? "" : "s") of no report already copied; skipped\n"
        }
        if !outcome.historyLeftOut.isEmpty {
            let ids = outcome.historyLeftOut.map(String.init).joined(separator: ", ")
            text +=
                "Left in the file: report\(outcome.historyLeftOut.count == 1 ? "" : "s") \(ids), past draft: their history comes "
                + "into a team database only with --import-history, logged there as imported.\n"
        }
        return text
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("source", .string(outcome.source)), ("target", .string(outcome.target)),
            ("created", .bool(outcome.createdTarget)),
        ]
        switch outcome.owner {
        case .ofRowsWithoutReport(let owner)?: members.append(("ownerOfRowsWithoutReport", .string(owner)))
        case .ofPersonalRows(let owner)?: members.append(("ownerOfPersonalRows", .string(owner)))
        case .ofEverythingCopied(let owner)?: members.append(("ownerOfEverythingCopied", .string(owner)))
        case nil: break
        }
        members.append(("historyLeftOut", .array(outcome.historyLeftOut.map { .int($0) })))
        members.append(
            (
                "alreadyCopied",
                .array(
                    outcome.alreadyCopied.map {
                        .object([
                            ("report", .int($0.report)), ("title", .string($0.title)), ("copiedAs", .int($0.copiedAs)),
                            ("on", .string($0.on)),
                        ])
                    })
            ))
        members.append(("itemsAlreadyCopied", .int(Int64(outcome.itemsAlreadyCopied))))
        members.append(
            (
                "missingAllowanceRates",
                .array(
                    outcome.missingAllowanceRates.map {
                        .object([
                            ("report", .int($0.report)), ("copiedAs", .int($0.copiedAs)), ("country", .string($0.country)),
                            ("date", .string($0.date)),
                        ])
                    })
            ))
        members += [
            ("tables", listing.json), ("rowsCopied", .int(Int64(copiedRows))),
            ("receiptBytesCopied", .int(outcome.receiptBytesCopied)),
        ]
        return .object(members)
    }

    var rows: Listing? { listing }
}
