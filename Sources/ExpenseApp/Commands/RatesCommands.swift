import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import StatementImport

/// `rates import|list|show`: the ECB's euro reference rates, which convert an expense in another
/// currency than its report's at the rate of its date (or the last earlier one); `rates
/// tolerance`: how far a rate given by hand may be from them before the approver is told.
enum RatesCommands {
    static let all: [CommandSpec] = [importFile, list, show, tolerance]
    static let ratesFile = Argument<String>.value("file", "The ECB's CSV file.", completion: .file)

    static let importFile = CommandSpec(
        ["rates", "import"], abstract: "Load the ECB's euro reference rates (eurofxref-hist.csv or eurofxref.csv).",
        discussion: """
            The European Central Bank publishes "1 EUR = x CUR" for about 30 currencies on each TARGET working day: \
            https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip (unzip it). Importing again adds new days \
            and replaces rates that changed. Expenses then convert at the rate of their date, or of the last earlier \
            day with one (weekends, holidays); other pairs than EUR are cross rates, kept exact.
            """,
        arguments: [ratesFile],
        examples: ["expenses rates import eurofxref-hist.csv"]
    ) { invocation, session in
        let file = try invocation[ratesFile]
        let input = try InputFile(file, role: "rates file", at: session.environment.path(file))
        let store = try session.store()
        var result = RatesImport()
        var currencies: Set<String> = []
        var saved = 0
        let before = try store.referenceRateCount()
        try store.write {
            try ReferenceRatesFile.read(input) { day in
                saved += try store.saveReferenceRates(day.rates)
                result.days += 1
                result.rates += day.rates.count
                for rate in day.rates { currencies.insert(rate.currency) }
                result.first = min(result.first ?? day.date, day.date)
                result.last = max(result.last ?? day.date, day.date)
            }
        }
        result.currencies = currencies.count
        result.added = try store.referenceRateCount() - before
        result.changed = saved - result.added
        return result.output
    }

    enum Options {
        static let currency: Option<Currency?> = .value("currency", "Only this currency, day by day.")
        static let from = Option.date("from", "With --currency: from this day, YYYY-MM-DD.")
        static let to = Option.date("to", "With --currency: up to this day, YYYY-MM-DD.")
        static let into: Option<Currency?> = .value("into", "The report's currency (default: EUR).")
    }

    static let list = CommandSpec(
        ["rates", "list"], abstract: "List the loaded rates: per currency, or one currency's by date.",
        options: [Options.currency, Options.from, Options.to],
        examples: ["expenses rates list", "expenses rates list --currency USD --from 2026-03-01"]
    ) { invocation, session in
        let store = try session.store()
        guard let currency = try invocation[Options.currency] else {
            let rows: [[Listing.Cell]] = try store.referenceRateSummaries().map { summary in
                [
                    .text(summary.currency), .int(Int64(summary.days)), .date(summary.first), .date(summary.last),
                    summary.latest.map { .text($0.description) } ?? .null,
                ]
            }
            return .listing(
                Listing(
                    columns: [
                        .init("currency", "currency"), .init("days", "days"), .init("from", "from"),
                        .init("to", "to"), .init("latestPerEur", "latest (1 EUR =)"),
                    ],
                    rows: rows))
        }
        let rows: [[Listing.Cell]] = try store.referenceRates(
            currency.code, from: try invocation[Options.from],
            to: try invocation[Options.to]
        ).map { rate in
            [.date(rate.date), .text(rate.perEUR.description), .text(rate.perEUR.inverse.decimalString(decimals: 6))]
        }
        return .listing(
            Listing(
                columns: [
                    .init("date", "date"), .init("perEur", "1 EUR = \(currency.code)"),
                    .init("inEur", "1 \(currency.code) = EUR"),
                ],
                rows: rows))
    }

    static let showCurrency = Argument<Currency>.value("currency", "The expense's currency.")
    static let showDate = Argument<CalendarDate?>.optional("date", "The expense's date, YYYY-MM-DD (default: today).")

    static let show = CommandSpec(
        ["rates", "show"], abstract: "Show the rate an expense of a day converts at, and the day it is from.",
        arguments: [
            showCurrency, showDate,
        ],
        options: [Options.into],
        examples: ["expenses rates show USD 2026-03-08", "expenses rates show USD 2026-03-08 --into CHF"]
    ) { invocation, session in
        let from = try invocation[showCurrency]
        let into = try invocation[Options.into] ?? CurrencyTable.standard.require("EUR")
        let date = try invocation[showDate] ?? session.environment.today()
        guard let found = try session.store().rateSource(maximumAgeDays: .some(nil)).rate(from: from, to: into, on: date) else {
            throw ExpenseError(
                .invalidData, "no exchange rate from \(from.code) to \(into.code) on or before \(date)",
                hint: "load the ECB's reference rates: expenses rates import eurofxref-hist.csv")
        }
        return RateLookup(from: from, into: into, date: date, rate: found.rate, rateDate: found.date).output
    }

    static let toleranceValue = Argument<RateTolerance?>.optional(
        "percent", "How far from the ECB's rate, e.g. 5% or 2.5% (default: say the current one).")

    static let tolerance = CommandSpec(
        ["rates", "tolerance"], abstract: "Show or set how far a rate given by hand may be from the ECB's before it is a finding.",
        discussion: """
            A traveller gives her own rate with --rate (her card statement's: the network's rate of the day and \
            the bank's fee). It is stored as given; one further from the ECB's rate of the item's day than the \
            tolerance, or with no ECB rate to compare, is a manual-rate finding of 'report check', a warning \
            unless 'policy set' makes it blocking or off. The tolerance is kept in the database, 5% unless set; on \
            a team database only finance sets it.
            """,
        arguments: [toleranceValue],
        examples: ["expenses rates tolerance", "expenses rates tolerance 5%", "expenses rates tolerance 2.5%"]
    ) { invocation, session in
        let store = try session.store()
        guard let tolerance = try invocation[toleranceValue] else {
            return .message("A rate given by hand may be \(try store.manualRateTolerance()) from the ECB's rate of its day.")
        }
        try store.write { try store.setManualRateTolerance(tolerance) }
        return .message("A rate given by hand may now be \(tolerance) from the ECB's rate of its day.")
    }
}
