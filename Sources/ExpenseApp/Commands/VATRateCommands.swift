import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `vat-rates list|set`: the dated VAT rates per country that an item's `--vat` is checked
/// against, shared by a team (on a team database only finance changes them), as
/// `allowance mileage list|set` keeps the rates per kilometre.
enum VATRateCommands {
    enum Arguments {
        static let country = Argument<String>.value("country", "The country, ISO 3166-1 alpha-2 (DE, FR).")
        static let rate = Argument<String>.value("rate", "The rate in percent, e.g. 20 or 5.5.")
    }

    enum Options {
        static let country = Option.text("country", "code", "Only this country's rates (ISO 3166-1 alpha-2).")
        static let from = Option.date("from", "The first day it applies, YYYY-MM-DD (default: today).")
        static let to = Option.date("to", "The last day it applies, YYYY-MM-DD (default: none, it holds on).")
    }

    static let all: [CommandSpec] = [list, set]

    static let list = CommandSpec(
        ["vat-rates", "list"], abstract: "List the VAT rates per country and the days they apply.",
        discussion: "An item's --vat names rates that the country it was spent in charges on its day: the trip's stop "
            + "that day, else the report's country, else the country of the item's currency, else Germany. The database "
            + "starts with Germany's: 19, 7 and 0 %, and 16 and 5 % from 2020-07-01 through 2020-12-31.",
        options: [Options.country],
        examples: ["expenses vat-rates list", "expenses vat-rates list --country DE --format json"]
    ) { invocation, session in
        let only = try invocation[Options.country].map { try CountryCode.parse($0) }
        let rows = try session.store().vatRateRows().filter { only == nil || $0.country == only }
        return .listing(
            Listing(
                columns: [
                    .init("country", "country"), .init("rate", "rate %"), .init("validFrom", "from"), .init("validTo", "to"),
                ],
                rows: rows.map { [.text($0.country.code), .text($0.rate.description), .date($0.validFrom), .date($0.validTo)] }))
    }

    static let set = CommandSpec(
        ["vat-rates", "set"], abstract: "Add a country's VAT rate from a day on, or end one.",
        discussion: "A rate is known from --from through --to (or on, without --to); giving the same country, rate and "
            + "--from again changes its end. Items already added keep their VAT. On a team database only finance may.",
        arguments: [Arguments.country, Arguments.rate],
        options: [Options.from, Options.to],
        examples: [
            "expenses vat-rates set FR 20 --from 2014-01-01", "expenses vat-rates set FR 5.5 --from 2014-01-01",
            "expenses vat-rates set DE 19 --from 2021-01-01 --to 2026-12-31",
        ]
    ) { invocation, session in
        let text = try invocation[Arguments.rate]
        guard let rate = VATRate(percent: text) else {
            throw ExpenseError(
                .invalidData, "'\(TerminalText.visible(text, keepingLineBreaks: false))' is no VAT rate",
                hint: "give the rate in percent, 0 to 100, e.g. 19 or 5.5")
        }
        let row = Store.VATRateRow(
            country: try CountryCode.parse(try invocation[Arguments.country]),
            validFrom: try invocation[Options.from] ?? session.environment.today(), validTo: try invocation[Options.to], rate: rate)
        let changed = try session.store().setVATRate(row)
        let days = "from \(row.validFrom)" + (row.validTo.map { " through \($0)" } ?? " on")
        return .message(
            changed
                ? "VAT rate of \(row.country): \(rate) % \(days)" : "The VAT rate of \(row.country), \(rate) % \(days), was there already")
    }
}
