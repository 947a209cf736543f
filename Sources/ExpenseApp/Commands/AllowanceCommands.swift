import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import StatementImport
import StatementReading

/// `allowance ...`: what a trip is owed by rule rather than by receipt. `allowance rates
/// import|list`: the per-diem rates by country, place and date that a report's per diems are
/// computed with (a database starts with the shipped table, Germany's domestic rates and the
/// BMF's foreign ones from 2024; an import adds a country's or city's rows or corrects one); `allowance mileage list|set` (`AllowanceCommands+Mileage.swift`):
/// the rates per km.
enum AllowanceCommands {
    static let all: [CommandSpec] = [importFile, list] + mileage

    enum Options {
        static let dryRun = Option.flag("dry-run", "Check the file and say what it would change; write nothing.")
        static let country: Option<CountryCode?> = .value("country", "Only this country's rows (ISO 3166-1 alpha-2).")
        static let taxable = Option.flag(
            "taxable", "On a team database: the rates are meant above the legal tax-free maximum, the excess taxable.")
    }

    static let ratesFile = Argument<String>.value("file", "The CSV file (- for standard input).", completion: .file)

    static let importFile = CommandSpec(
        ["allowance", "rates", "import"], abstract: "Add or correct per-diem rates from a CSV file.",
        discussion: """
            The file's header names the columns country,valid_from,full_day,partial_day,currency, and may name place \
            and lodging (in any order; other columns are ignored); each row is a country's rates from a day on, e.g. \
            FR,2026-01-01,53.00,36.00,EUR: the full-day rate (a day between the first and the last of a trip), the \
            partial one (the first and last days, a trip within one day of more than 8 hours), in the currency's units. \
            A place is a city with figures of its own, by the table's name (FR,Paris,2026-01-01,58.00,39.00,159.00,EUR \
            under the header country,place,valid_from,full_day,partial_day,lodging,currency); empty, the row is the \
            country's own. Lodging is the flat a night without a hotel bill; empty, none. A day of a trip uses its \
            place's row, else its country's, with the latest valid_from on or before it. A row replaces the one of the \
            same country, place and valid_from; without a lodging column it keeps the flat the row has. The BMF's \
            figures for 2024 to 2026 ship with the app. \
            The file is checked whole first: a bad row is an error at FILE:LINE (exit 65) and nothing is written. \
            Submitted reports keep the per diems they were submitted with. On a team database, only finance imports, \
            a rate or lodging flat above the BMF table's tax-free figure (the place's, else the country's) is refused unless \
            --taxable marks the file's rates as meant, and every change is logged in the server's rate log; a report \
            computed from a rate its owner changed, changed shortly before its submission, or marked taxable has a \
            finding for its approver (report check).
            """,
        arguments: [ratesFile], options: [Options.dryRun, Options.taxable],
        examples: ["expenses allowance rates import bmf-2026.csv", "expenses allowance rates import bmf-2026.csv --dry-run"]
    ) { invocation, session in
        let file = try invocation[ratesFile]
        let input = try InputFile(file, role: "allowance table", at: session.environment.path(file))
        let rows = try AllowanceRatesFile.read(input)
        let store = try session.store()
        var result = AllowanceRatesImport(file: input.path, dryRun: invocation[Options.dryRun])
        result.rows = rows.count
        result.countries = Set(rows.map(\.rate.country)).count
        let stored = try store.allowanceRateRows()
        var rates: [AllowanceRate] = []
        for row in rows {
            var rate = row.rate
            if let there = stored.first(where: { $0.country == rate.country && $0.place == rate.place && $0.validFrom == rate.validFrom }) {
                // A file without a lodging column keeps the row's flat (the BMF's, or one imported before).
                if !row.lodgingGiven, there.currency == rate.currency, let lodging = there.lodging {
                    rate = try AllowanceRate(
                        country: rate.country, place: rate.place, validFrom: rate.validFrom, fullDay: rate.fullDay,
                        partialDay: rate.partialDay, lodging: lodging)
                }
                if there != rate { result.changed += 1 }
            } else {
                result.added += 1
            }
            rates.append(rate)
        }
        if !result.dryRun { try store.write { _ = try store.saveAllowanceRates(rates, taxable: invocation[Options.taxable]) } }
        return result.output
    }

    static let list = CommandSpec(
        ["allowance", "rates", "list"], abstract: "List the per-diem rates by country, place and date.",
        options: [Options.country, CommonOptions.limit, CommonOptions.all],
        examples: ["expenses allowance rates list", "expenses allowance rates list --country DE --format json"]
    ) { invocation, session in
        let store = try session.store()
        let window = try ListWindow(invocation)
        let rows = try store.allowanceRateRows(country: try invocation[Options.country, in: store])
        let shown = window.limit.map { Array(rows.prefix($0)) } ?? rows
        let note = window.note(shown: shown.count, total: { rows.count }, things: "rates")
        return .listing(
            Listing(
                columns: [
                    .init("country", "country"), .init("place", "place"), .init("validFrom", "valid from"),
                    .init("fullDay", "full day"), .init("partialDay", "partial day"), .init("lodging", "lodging"),
                ],
                rows: shown.map {
                    [
                        .text($0.country.code), .text($0.place), .date($0.validFrom), .money($0.fullDay), .money($0.partialDay),
                        .money($0.lodging),
                    ]
                },
                note: note))
    }
}

/// `allowance rates import`: what the file held and what it changed (or would).
struct AllowanceRatesImport: Document {
    let file: String
    let dryRun: Bool
    var rows = 0, countries = 0
    /// Rows the table did not have, and rows whose rates changed.
    var added = 0, changed = 0

    var text: String {
        let counted = "\(rows) rate\(rows == 1 ? "" : "s") for \(countries) countr\(countries == 1 ? "y" : "ies")"
        let outcome = "\(added) new, \(changed) changed, \(rows - added - changed) as they were"
        return dryRun
            ? "Would import \(counted) from \(file): \(outcome) (dry run: nothing was written)"
            : "Imported \(counted) from \(file): \(outcome)"
    }

    var json: JSONValue {
        .object([
            ("file", .string(file)), ("dryRun", .bool(dryRun)), ("rows", .int(Int64(rows))), ("countries", .int(Int64(countries))),
            ("new", .int(Int64(added))), ("changed", .int(Int64(changed))), ("unchanged", .int(Int64(rows - added - changed))),
        ])
    }
}
