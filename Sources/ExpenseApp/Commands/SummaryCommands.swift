import ExpenseCore
import ExpenseSupport

/// `report summary`: where the money went, by category and by month.
enum SummaryCommands {
    static let all: [CommandSpec] = [summary]

    static let summary = CommandSpec(
        ["report", "summary"], abstract: "Show your spending by category and by month, with a bar chart.",
        discussion: "Items of your reports count in their report's currency, unassigned items in their own.",
        options: [.value("from", "date", "First day, YYYY-MM-DD."), .value("to", "date", "Last day, YYYY-MM-DD.")],
        examples: ["expenses report summary", "expenses report summary --from 2026-01-01 --to 2026-06-30 --format json"]
    ) { invocation, session in
        let from = try invocation.date("from"), to = try invocation.date("to")
        if let from, let to, to < from {
            throw ExpenseError(.invalidData, "--to \(to) is before --from \(from)")
        }
        let summary = try SpendingSummary(rows: try session.store().spending(owner: session.user, from: from, to: to))
        let period: String
        switch (from, to) {
        case let (from?, to?): period = "\(from) to \(to)"
        case let (from?, nil): period = "from \(from)"
        case let (nil, to?): period = "until \(to)"
        case (nil, nil): period = "all dates"
        }
        var text = "Spending of \(session.user), \(period)\n"
        if summary.blocks.isEmpty { text += "\n(no expenses)\n" }
        for block in summary.blocks {
            text += "\nBy category (\(block.currency.code), total \(block.total.displayString))\n"
            text += chart(block.byCategory)
            text += "\nBy month (\(block.currency.code))\n"
            text += chart(block.byMonth)
        }
        func lines(_ lines: [SpendingSummary.Line], key: String) -> JSONValue {
            .array(lines.map { .object([(key, .string($0.label)), ("amount", .money($0.amount)), ("items", .int(Int64($0.count)))]) })
        }
        let json = JSONValue.object([
            ("user", .string(session.user)), ("from", .date(from)), ("to", .date(to)),
            ("currencies", .array(summary.blocks.map { block in
                .object([("currency", .string(block.currency.code)), ("total", .money(block.total)),
                         ("byCategory", lines(block.byCategory, key: "category")), ("byMonth", lines(block.byMonth, key: "month"))])
            })),
        ])
        let rows = summary.blocks.flatMap { block in
            block.byCategory.map { [Listing.Cell.text("category"), .text($0.label), .money($0.amount), .int(Int64($0.count))] }
                + block.byMonth.map { [Listing.Cell.text("month"), .text($0.label), .money($0.amount), .int(Int64($0.count))] }
        }
        let csv = Listing(columns: [.init("by", "by"), .init("key", "key"), .init("amount", "amount"), .init("items", "items")],
                          rows: rows)
        return .document(text: text, json: json, csv: csv)
    }

    private static func chart(_ lines: [SpendingSummary.Line]) -> String {
        let maximum = lines.map(\.amount.minorUnits).max() ?? 0
        let labelWidth = lines.map(\.label.count).max() ?? 0
        let amountWidth = lines.map(\.amount.displayString.count).max() ?? 0
        return lines.map { line in
            "  " + line.label.padding(labelWidth) + "  " + line.amount.displayString.leftPadding(amountWidth) + "  "
                + BarChart.bar(line.amount.minorUnits, of: maximum) + "\n"
        }.joined()
    }
}
