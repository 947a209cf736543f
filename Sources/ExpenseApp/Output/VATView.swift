import ExpenseCore
import ExpenseSupport
import Rendering

/// The VAT of a report's items by rate, as `report show` prints it and its JSON holds it.
enum VATView {
    /// `VAT by rate:` then a line a currency and rate: the rate, the tax, the net and the gross.
    /// Nothing when no item has VAT.
    static func text(_ totals: VATTotals) -> String {
        guard !totals.isEmpty else { return "" }
        let rows = totals.lines.map { line in
            ["\(line.rate) %", line.tax.displayString, line.net.displayString, line.gross.displayString, line.gross.currency.code]
        }
        let widths = (0..<5).map { column in max(rows.map { TerminalWidth.columns($0[column]) }.max() ?? 0, 1) }
        var text = "\nVAT by rate (input tax in the items):\n"
        text +=
            "  " + "rate".padding(widths[0]) + "  " + "tax".leftPadding(widths[1]) + "  " + "net".leftPadding(widths[2]) + "  "
            + "gross".leftPadding(widths[3]) + "\n"
        for row in rows {
            text +=
                "  " + row[0].padding(widths[0]) + "  " + row[1].leftPadding(widths[1]) + "  " + row[2].leftPadding(widths[2])
                + "  " + row[3].leftPadding(widths[3]) + " " + row[4] + "\n"
        }
        return text
    }

    static func json(_ totals: VATTotals) -> JSONValue {
        .array(
            totals.lines.map { line in
                .object([
                    ("rate", .string(line.rate.description)), ("gross", .money(line.gross)), ("net", .money(line.net)),
                    ("tax", .money(line.tax)),
                ])
            })
    }
}
