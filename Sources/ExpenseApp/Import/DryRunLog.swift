import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import StatementImport
import StatementReading

/// What `import --dry-run` prints: every row as new, duplicate, invalid or skipped, streamed as
/// the rows are read (a statement can have millions), in the session's format — aligned
/// columns, CSV, or one JSON document whose `rows` array is written element by element.
final class DryRunLog: ImportLog {
    private let format: OutputFormat
    private let console: ImportConsole
    /// The table's columns but the last (merchant or reason), each as wide as its widest value
    /// known up front: rows are streamed, so no column can wait for its widest cell. A wider
    /// cell (a line number past 999,999, a huge amount) pushes the rest of its row right, and
    /// two spaces still part every column.
    private let widths: [Int]
    /// The rules file's path, for the rule that skipped a row: `RULES:LINE`.
    private let rules: String
    private var firstRow = true
    /// The header is written with the first row (or the end), so that an error before any row
    /// leaves stdout empty rather than half a JSON document.
    private var begun = false

    /// - Parameter categories: the database's category codes, which the category column fits.
    init(format: OutputFormat, console: ImportConsole, files: [String], rules: String, categories: [String]) {
        self.format = format
        self.console = console
        self.rules = rules
        let location = (files.map { Self.cell($0).count }.max() ?? 0) + ":999999".count
        let category = categories.map { Self.cell($0).count }.max() ?? 0
        widths = [max(9, location), "duplicate".count, "2026-03-01".count, 16, max(8, category)]
    }

    /// A cell as the terminal shows it: escapes, and line breaks of a multi-line field, written
    /// out, so that a row stays one line.
    private static func cell(_ text: String) -> String { TerminalText.visible(text, keepingLineBreaks: false) }

    /// One line of the table: the cells padded to their columns (the amount right-aligned), two
    /// spaces apart.
    private func line(_ cells: [String]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let shown = Self.cell(cell)
            if index > 0 { text += "  " }
            if index == cells.count - 1 || index >= widths.count {
                text += shown
            } else {
                text += index == 3 ? shown.leftPadding(widths[index]) : shown.padding(widths[index])
            }
        }
        while text.last == " " { text.removeLast() }
        return text + "\n"
    }

    private func begin() {
        guard !begun else { return }
        begun = true
        switch format {
        case .table:
            console.out(line(["FILE:LINE", "STATUS", "DATE", "AMOUNT", "CATEGORY", "MERCHANT / REASON"]))
        case .csv:
            console.out("file,line,status,date,amount,amountCurrency,category,merchant,description,reason\r\n")
        case .json:
            console.out("{\n  \"dryRun\": true,\n  \"rows\": [")
        }
    }

    func row(file: String, line: Int, status: ImportRowStatus, _ row: MappedRow) {
        begin()
        // Why the row is invalid, or which rule left it out.
        let reason = status == .invalid ? row.reason : status == .skipped ? row.skippedBy.map { "\(rules):\($0)" } : nil
        switch format {
        case .table:
            var cells = ["\(file):\(line)", status.rawValue]
            if let reason {
                cells.append(reason)
            } else {
                cells += [
                    row.date?.description ?? "", row.amount.map { "\($0.displayString) \($0.currency.code)" } ?? "",
                    row.category, row.merchant,
                ]
            }
            console.out(self.line(cells))
        case .csv:
            let fields = [
                file, String(line), status.rawValue, row.date?.description ?? "", row.amount?.decimalString ?? "",
                row.amount?.currency.code ?? "", row.category, row.merchant, row.description, reason ?? "",
            ]
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
            console.out(
                "Dry run: \(ImportSummary.counts(outcome.total))\(ImportSummary.pending(outcome.pending))\(ImportSummary.bankCredits(outcome.bankCreditsSkipped)); nothing was written.\n"
            )
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
