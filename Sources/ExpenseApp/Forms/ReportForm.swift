import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The form of `report new` (and of the newReport quick action) on a terminal: title, purpose,
/// destination, when the trip leaves and comes back (a day, with the time when it is known), the
/// country it goes to (TAB offers the per-diem table's) and the report's currency.
enum ReportForm {
    typealias Options = ReportCommands.Options

    static func make(_ invocation: Invocation, _ session: Session) throws -> Form {
        let defaultCurrency = try session.defaultCurrency
        let store = try session.store()
        // Offered when the per-diem table knows it; otherwise left empty, and the command takes it as it is.
        let homeCountry = try session.settings().homeCountry
        let known = (try? store.allowanceCountries().map(\.code)) ?? []
        return Form(
            heading: "New report",
            fields: [
                Form.Field(ReportCommands.Arguments.title, "Title", required: true),
                Form.Field(Options.purpose, "Purpose"),
                Form.Field(Options.destination, "Destination"),
                Form.Field(Options.from, "Departure (YYYY-MM-DD, with THH:MM for the time)"),
                Form.Field(Options.to, "Return (YYYY-MM-DD, with THH:MM for the time)")
                    .suggesting { answers in answers[Options.from]?.date.description }
                    .checking { text, answers in
                        let back = try TripTime(argument: text)
                        if let leaves = answers[Options.from], back.localDateTime < leaves.localDateTime {
                            throw ExpenseError(
                                .invalidData, "the trip comes back (\(back)) before it leaves (\(leaves))",
                                hint: "the return must be on or after the departure")
                        }
                        return back
                    },
                Form.Field(Options.country, "Country (none: no per diems)") { _ in store }
                    .suggesting { _ in known.contains(homeCountry) ? homeCountry : nil }
                    .completing { typed in known.filter { $0.hasPrefix(typed.uppercased()) } },
                Form.Field(Options.currency, "Currency")
                    .suggesting { _ in defaultCurrency }
                    .completing { typed in CurrencyChoice.candidates(typed) },
            ])
    }
}
