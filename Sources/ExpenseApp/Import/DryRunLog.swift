import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementImport
import StatementReading
import Rendering

/// What `import --dry-run` prints: every row as new, duplicate, invalid or skipped, streamed as
/// the rows are read (a statement can have millions), in the session's format — aligned
/// columns, CSV, or one JSON document whose `rows` array is written element by element.
final class DryRunLog: ImportLog {
    private let format: OutputFormat
    private let console: ImportConsole
    private let locationWidth: Int
    private var firstRow = true
    /// The header is written with the first row (or the end), so that an error before any row
    /// leaves stdout empty rather than half a JSON document.
    private var begun = false

    init(format: OutputFormat, console: ImportConsole, files: [String]) {
        self.format = format
        self.console = console
        locationWidth = max(9, (files.map(\.count).max() ?? 0) + 7)
    }

    private func begin() {
        guard !begun else { return }
        begun = true
        switch format {
        case .table:
            console.out("FILE:LINE".padding(locationWidth) + " " + "STATUS".padding(10) + "DATE".padding(12)
                        + "AMOUNT".leftPadding(16) + "  " + "CATEGORY".padding(17) + "MERCHANT / REASON\n")
        case .csv:
            console.out("file,line,status,date,amount,amountCurrency,category,merchant,description,reason\r\n")
        case .json:
            console.out("{\n  \"dryRun\": true,\n  \"rows\": [")
        }
    }

    func row(file: String, line: Int, status: ImportRowStatus, _ row: MappedRow) {
        begin()
        let reason = status == .invalid ? row.reason : nil
        switch format {
        case .table:
            var text = "\(file):\(line)".padding(locationWidth) + " " + status.rawValue.padding(10)
            if let reason {
                text += reason
            } else {
                text += (row.date?.description ?? "").padding(12)
                text += (row.amount.map { "\($0.displayString) \($0.currency.code)" } ?? "").leftPadding(16) + "  "
                text += row.category.padding(17) + row.merchant
            }
            while text.last == " " { text.removeLast() }
            console.out(TerminalText.visible(text, keepingLineBreaks: false) + "\n")
        case .csv:
            let fields = [file, String(line), status.rawValue, row.date?.description ?? "", row.amount?.decimalString ?? "",
                          row.amount?.currency.code ?? "", row.category, row.merchant, row.description, reason ?? ""]
            console.out(fields.map(Listing.field).joined(separator: ",") + "\r\n")
        case .json:
            let object = JSONValue.object([
                ("file", .string(file)), ("line", .int(Int64(line))), ("status", .string(status.rawValue)),
                ("date", .date(row.date)), ("amount", .money(row.amount)), ("category", .string(row.category)),
                ("merchant", .string(row.merchant)), ("description", .string(row.description)), ("reason", .string(reason)),
            ])
            var text = firstRow ? "\n    " : ",\n    "
            object.write(to: &text, indent: 2)
            console.out(text)
        }
        firstRow = false
    }

    func end(_ outcome: StatementImporter.Outcome) {
        begin()
        switch format {
        case .table:
            console.out("Dry run: \(ImportSummary.counts(outcome.total)); nothing was written.\n")
        case .csv:
            break
        case .json:
            var text = firstRow ? "]" : "\n  ]"
            for (key, value) in ImportSummary.members(outcome, dryRun: true) {
                text += ",\n  " + JSONValue.quote(key) + ": "
                value.write(to: &text, indent: 1)
            }
            console.out(text + "\n}\n")
        }
    }
}
