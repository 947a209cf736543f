import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The form of `report new` (and of the newReport quick action) on a terminal: title, purpose,
/// destination, the trip's dates and the report's currency.
enum ReportForm {
    typealias Options = ReportCommands.Options

    static func make(_ invocation: Invocation, _ session: Session) throws -> Form {
        let defaultCurrency = try session.defaultCurrency
        return Form(
            heading: "New report",
            fields: [
                Form.Field(ReportCommands.Arguments.title, "Title", required: true),
                Form.Field(Options.purpose, "Purpose"),
                Form.Field(Options.destination, "Destination"),
                Form.Field(Options.from, "First day"),
                Form.Field(Options.to, "Last day")
                    .suggesting { answers in answers[Options.from]?.description }
                    .checking { text, answers in
                        let last = try CalendarDate(argument: text)
                        if let first = answers[Options.from], last < first {
                            throw ExpenseError(
                                .invalidData, "the trip ends (\(last)) before it starts (\(first))",
                                hint: "the last day must be on or after the first")
                        }
                        return last
                    },
                Form.Field(Options.currency, "Currency")
                    .suggesting { _ in defaultCurrency }
                    .completing { typed in CurrencyChoice.candidates(typed) },
            ])
    }
}
