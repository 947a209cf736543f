import ExpenseCore
import ExpenseSupport

/// How expense items look in each output format.
enum ExpenseView {
    static func listing(_ items: [Expense], inReport: Bool) -> Listing {
        var columns: [Listing.Column] = [.init("id", "id")]
        if !inReport { columns.append(.init("reportId", "report")) }
        columns += [
            .init("date", "date"), .init("category", "category"), .init("merchant", "merchant"),
            .init("paidBy", "paid by"), .init("amount", "amount"), .init("rate", "rate"), .init("converted", "converted"),
        ]
        // Each row is made when it is rendered (a report can have 100,000 items).
        return Listing(columns: columns, count: items.count) { index in
            let item = items[index]
            var row: [Listing.Cell] = [.int(item.id)]
            if !inReport { row.append(item.reportID.map { .int($0) } ?? .null) }
            let rate = item.conversion.flatMap { $0.source == .same ? nil : $0.rate.description }
            row += [.date(item.date), .text(item.category), .text(item.merchant), .text(item.paidBy.rawValue),
                    .money(item.amount), rate.map { .text($0) } ?? .null, .money(item.conversion?.converted)]
            return row
        }
    }

    static func json(_ item: Expense) -> JSONValue {
        .object([
            ("id", .int(item.id)), ("reportId", item.reportID.map { .int($0) } ?? .null), ("date", .date(item.date)),
            ("category", .string(item.category)), ("merchant", .string(item.merchant)),
            ("description", .string(item.description)), ("amount", .money(item.amount)),
            ("rate", .string(item.conversion?.rate.description)), ("rateDate", .date(item.conversion?.rateDate)),
            ("rateSource", .string(item.conversion?.source.rawValue)), ("converted", .money(item.conversion?.converted)),
            ("paidBy", .string(item.paidBy.rawValue)),
        ])
    }

    static func document(_ message: String, _ item: Expense) -> Output {
        .document(text: message, json: json(item), csv: listing([item], inReport: false))
    }
}
