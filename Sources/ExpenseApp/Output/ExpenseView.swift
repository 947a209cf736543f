import ExpenseCore
import ExpenseSupport
import Rendering

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
}

/// An expense added or changed: a line for people, the whole expense for programs.
struct ExpenseResult: Document {
    let message: String
    let item: Expense

    var text: String { message }
    var json: JSONValue { ExpenseView.json(item) }
    var rows: Listing? { ExpenseView.listing([item], inReport: false) }
}

/// `expense show`: the expense, a field a line.
struct ExpenseDetail: Document {
    let item: Expense

    var text: String {
        var text = "Expense \(item.id)\n"
        let rows: [(String, String)] = [
            ("Report", item.reportID.map(String.init) ?? "(unassigned)"), ("Date", item.date.description),
            ("Category", item.category), ("Merchant", item.merchant), ("Description", item.description),
            ("Amount", item.amount.description), ("Paid by", item.paidBy.rawValue),
            ("Rate", item.conversion.map { $0.source == .same ? "" : "\($0.rate) (\($0.source.rawValue)\($0.rateDate.map { ", \($0)" } ?? ""))" } ?? ""),
            ("Converted", item.conversion.map { $0.converted.description } ?? ""),
        ]
        for (label, value) in rows where !value.isEmpty { text += "  " + (label + ":").padding(13) + value + "\n" }
        return text
    }

    var json: JSONValue { ExpenseView.json(item) }
    var rows: Listing? { ExpenseView.listing([item], inReport: false) }
}

/// `expense delete`.
struct ExpenseDeletion: Document {
    let id: Int64

    var text: String { "Deleted expense \(id)" }
    var json: JSONValue { .object([("deleted", .int(id))]) }
}
