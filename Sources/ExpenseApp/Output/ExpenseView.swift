import ExpenseCore
import ExpenseSupport
import Rendering

/// How expense items look in each output format.
enum ExpenseView {
    static func listing(_ items: [Expense], inReport: Bool, note: String? = nil) -> Listing {
        var columns: [Listing.Column] = [.init("id", "id")]
        if !inReport { columns.append(.init("reportId", "report")) }
        // The exact rate (`1/1.1702`, as given or derived) is for programs; people read it as a
        // decimal. On a narrow terminal the rate gives way first, then who paid, then the
        // converted amount (what is paid back, in the report's currency).
        columns += [
            .init("date", "date"), .init("category", "category"), .init("merchant", "merchant"),
            .init("description", "description", inTable: false), .init("reference", "reference", inTable: false),
            .init("paidBy", "paid by", drop: 2), .init("amount", "amount"), .init("rate", "rate", inTable: false),
            .init("rateDecimal", "rate", drop: 3), .init("converted", "converted", drop: 1),
            .init("distanceKm", "km", inTable: false), .init("vehicle", "vehicle", inTable: false),
            .init("fromPlace", "from", inTable: false), .init("toPlace", "to", inTable: false), .init("nights", "nights", inTable: false),
            // The VAT as `--vat` takes it, then the tax in the amount (in a table only when an item
            // has VAT, and left out first on a narrow terminal) and the net, for programs.
            .init("vat", "vat", inTable: false), .init("vatTax", "VAT", inTable: items.contains { $0.vat != nil }, drop: 5),
            .init("vatNet", "net", inTable: false),
        ]
        // Each row is made when it is rendered (a report can have 100,000 items).
        return Listing(columns: columns, count: items.count, note: note) { index in
            let item = items[index]
            var row: [Listing.Cell] = [.int(item.id)]
            if !inReport { row.append(item.reportID.map { .int($0) } ?? .null) }
            let rate = item.conversion.flatMap { $0.source == .same ? nil : $0.rate }
            row += [
                .date(item.date), .text(item.category), .text(item.merchant), .text(item.description),
                item.reference.map { .text($0) } ?? .null, .text(item.paidBy.rawValue), .money(item.amount),
                rate.map { .text($0.description) } ?? .null, rate.map { .text(decimal($0)) } ?? .null,
                .money(item.conversion?.converted),
                item.journey.map { .text($0.distance.description) } ?? .null,
                item.journey.map { .text($0.vehicle.rawValue) } ?? .null,
                item.journey?.from.map { .text($0) } ?? .null, item.journey?.to.map { .text($0) } ?? .null,
                item.nights.map { .int(Int64($0)) } ?? .null,
                item.vat.map { .text($0.text) } ?? .null, .money(item.vat?.tax), .money(item.vat?.net),
            ]
            return row
        }
    }

    /// A rate for people: a decimal one as it is, a quotient to six places (`1/1.1702` is 0.854555).
    static func decimal(_ rate: ExchangeRate) -> String {
        guard rate.isQuotient else { return rate.description }
        var text = rate.decimalString(decimals: 6)
        while text.hasSuffix("0"), !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    static func json(_ item: Expense) -> JSONValue {
        .object([
            ("id", .int(item.id)), ("reportId", item.reportID.map { .int($0) } ?? .null), ("date", .date(item.date)),
            ("category", .string(item.category)), ("merchant", .string(item.merchant)),
            ("description", .string(item.description)), ("amount", .money(item.amount)),
            ("reference", .string(item.reference)),
            ("rate", .string(item.conversion?.rate.description)),
            ("rateDecimal", .string(item.conversion.map { decimal($0.rate) })), ("rateDate", .date(item.conversion?.rateDate)),
            ("rateSource", .string(item.conversion?.source.rawValue)), ("converted", .money(item.conversion?.converted)),
            ("paidBy", .string(item.paidBy.rawValue)),
            // A mileage item's journey (the distance exact, as text, like amounts) and a lodging bill's nights.
            ("distanceKm", .string(item.journey?.distance.description)), ("vehicle", .string(item.journey?.vehicle.rawValue)),
            ("fromPlace", .string(item.journey?.from)), ("toPlace", .string(item.journey?.to)),
            ("nights", item.nights.map { .int(Int64($0)) } ?? .null),
            ("vat", vatJSON(item.vat)),
        ])
    }

    /// An item's VAT for programs: its parts by rate, each with its gross, net and tax, and
    /// their sums; null when none was given.
    static func vatJSON(_ vat: VATSplit?) -> JSONValue {
        guard let vat else { return .null }
        return .object([
            ("text", .string(vat.text)),
            (
                "parts",
                .array(
                    vat.parts.map { part in
                        .object([
                            ("rate", .string(part.rate.description)), ("gross", .money(part.gross)), ("net", .money(part.net)),
                            ("tax", .money(part.tax)),
                        ])
                    })
            ),
            ("net", .money(vat.net)), ("tax", .money(vat.tax)),
        ])
    }

    /// `7 %: 7.20 of 110.00, 19 %: 2.39 of 15.00`: each rate's tax and the gross it is in.
    static func vatWords(_ vat: VATSplit) -> String {
        vat.parts.map { "\($0.rate) %: \($0.tax.displayString) of \($0.gross.displayString)" }.joined(separator: ", ")
            + " \(vat.gross.currency.code) (net \(vat.net.displayString), tax \(vat.tax.displayString))"
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
            ("Reference", item.reference ?? ""), ("Amount", item.amount.description), ("Journey", item.journey?.summary ?? ""),
            ("Nights", item.nights.map(String.init) ?? ""), ("VAT", item.vat.map(ExpenseView.vatWords) ?? ""),
            ("Paid by", item.paidBy.rawValue),
            ("Rate", item.conversion.map(Self.rate) ?? ""), ("Converted", item.conversion.map { $0.converted.description } ?? ""),
        ]
        for (label, value) in rows where !value.isEmpty { text += "  " + (label + ":").padding(13) + value + "\n" }
        return text
    }

    var json: JSONValue { ExpenseView.json(item) }
    var rows: Listing? { ExpenseView.listing([item], inReport: false) }

    /// `0.854555 (1/1.1702, table, 2026-03-03)`: the decimal, then the exact rate when it differs.
    private static func rate(_ conversion: Expense.Conversion) -> String {
        guard conversion.source != .same else { return "" }
        let decimal = ExpenseView.decimal(conversion.rate)
        let exact = conversion.rate.description == decimal ? [] : [conversion.rate.description]
        let details = exact + [conversion.source.rawValue] + (conversion.rateDate.map { [$0.description] } ?? [])
        return "\(decimal) (\(details.joined(separator: ", ")))"
    }
}

/// `expense delete`.
struct ExpenseDeletion: Document {
    let id: Int64

    var text: String { "Deleted expense \(id)" }
    var json: JSONValue { .object([("deleted", .int(id))]) }
}
