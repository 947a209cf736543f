import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The form of `report new` (and of the newReport quick action) on a terminal: title, purpose,
/// destination, the trip's dates and the report's currency.
enum ReportForm {
    typealias Options = ReportCommands.Options

    static func make(_ invocation: Invocation, _ session: Session) throws -> Form {
        let defaultCurrency = try session.defaultCurrency
        return Form(heading: "New report", fields: [
            Form.Field("title", "Title", required: true)
                .checking { text, _ in text },
            Form.Field(Options.purpose, "Purpose"),
            Form.Field(Options.destination, "Destination"),
            Form.Field(Options.from, "First day")
                .checking { text, _ in try CalendarDate.parse(text).description },
            Form.Field(Options.to, "Last day")
                .suggesting { answers in answers[Options.from] }
                .checking { text, answers in
                    let last = try CalendarDate.parse(text)
                    if let first = answers[Options.from].flatMap({ try? CalendarDate.parse($0) }), last < first {
                        throw ExpenseError(.invalidData, "the trip ends (\(last)) before it starts (\(first))",
                                           hint: "the last day must be on or after the first")
                    }
                    return last.description
                },
            Form.Field(Options.currency, "Currency")
                .suggesting { _ in defaultCurrency }
                .completing { typed in CurrencyChoice.candidates(typed) }
                .checking { text, _ in try CurrencyTable.standard.require(text).code },
        ])
    }
}
