import ExpenseCore
import ExpenseSupport
import Rendering

/// `report summary`: where one person's money went, by category and by month, per currency.
struct SpendingView: Document {
    let user: String
    let from: CalendarDate?, to: CalendarDate?
    let summary: SpendingSummary
    /// What the summary leaves out, and why (a draft whose per diems cannot be computed).
    var notes: [String] = []

    var text: String {
        let period: String
        switch (from, to) {
        case (let from?, let to?): period = "\(from) to \(to)"
        case (let from?, nil): period = "from \(from)"
        case (nil, let to?): period = "until \(to)"
        case (nil, nil): period = "all dates"
        }
        var text = "Spending of \(user), \(period)\n"
        if summary.blocks.isEmpty { text += "\n(no expenses)\n" }
        for block in summary.blocks {
            text += "\nBy category (\(block.currency.code), total \(block.total.displayString))\n"
            text += Self.chart(block.byCategory)
            text += "\nBy month (\(block.currency.code))\n"
            text += Self.chart(block.byMonth)
        }
        if !notes.isEmpty { text += "\n" + notes.map { $0 + "\n" }.joined() }
        return text
    }

    var json: JSONValue {
        func lines(_ lines: [SpendingSummary.Line], key: String) -> JSONValue {
            .array(lines.map { .object([(key, .string($0.label)), ("amount", .money($0.amount)), ("items", .int(Int64($0.count)))]) })
        }
        return .object([
            ("user", .string(user)), ("from", .date(from)), ("to", .date(to)),
            (
                "currencies",
                .array(
                    summary.blocks.map { block in
                        .object([
                            ("currency", .string(block.currency.code)), ("total", .money(block.total)),
                            ("byCategory", lines(block.byCategory, key: "category")), ("byMonth", lines(block.byMonth, key: "month")),
                        ])
                    })
            ),
            ("notes", .array(notes.map { .string($0) })),
        ])
    }

    var rows: Listing? {
        let rows = summary.blocks.flatMap { block in
            block.byCategory.map { [Listing.Cell.text("category"), .text($0.label), .money($0.amount), .int(Int64($0.count))] }
                + block.byMonth.map { [Listing.Cell.text("month"), .text($0.label), .money($0.amount), .int(Int64($0.count))] }
        }
        return Listing(columns: [.init("by", "by"), .init("key", "key"), .init("amount", "amount"), .init("items", "items")], rows: rows)
    }

    /// A line per label: the label, the amount, and a bar as long as its share of the largest.
    private static func chart(_ lines: [SpendingSummary.Line]) -> String {
        let maximum = lines.map(\.amount.minorUnits).max() ?? 0
        let labelWidth = lines.map { TerminalWidth.columns($0.label) }.max() ?? 0
        let amountWidth = lines.map(\.amount.displayString.count).max() ?? 0
        return lines.map { line in
            "  " + line.label.padding(labelWidth) + "  " + line.amount.displayString.leftPadding(amountWidth) + "  "
                + BarChart.bar(line.amount.minorUnits, of: maximum) + "\n"
        }.joined()
    }
}
