import ExpenseCore
import ExpenseSupport
import Rendering

/// `category list` and `currency list`: the codes other commands accept.
enum CatalogCommands {
    static let all: [CommandSpec] = [categories, currencies]

    static let categories = CommandSpec(
        ["category", "list"], abstract: "List the expense categories and their receipt and daily limits."
    ) { _, session in
        let rows: [[Listing.Cell]] = try session.store().categories().map { category in
            [.text(category.code), .text(category.name), .money(category.receiptRequiredAbove), .money(category.dailyLimit)]
        }
        return .listing(
            Listing(
                columns: [
                    .init("code", "code"), .init("name", "name"),
                    .init("receiptRequiredAbove", "receipt above"), .init("dailyLimit", "daily limit"),
                ],
                rows: rows))
    }

    static let currencies = CommandSpec(
        ["currency", "list"], abstract: "List the ISO 4217 currencies and their decimal digits.",
        arguments: [ArgumentSpec("search", "Only codes or names containing this text.", optional: true)],
        examples: ["expenses currency list", "expenses currency list franc"]
    ) { invocation, _ in
        let search = invocation.arguments.first?.lowercased()
        let rows: [[Listing.Cell]] = CurrencyTable.standard.all
            .filter { currency in search.map { currency.code.lowercased().contains($0) || currency.name.lowercased().contains($0) } ?? true
            }
            .map { [.text($0.code), .int(Int64($0.minorDigits)), .text($0.name)] }
        return .listing(
            Listing(
                columns: [.init("code", "code"), .init("minorDigits", "digits"), .init("name", "name")],
                rows: rows))
    }
}
