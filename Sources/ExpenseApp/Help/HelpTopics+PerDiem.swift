import ExpenseCore
import ExpenseSupport
import Rendering

/// `expenses help per-diem`: how a trip's per diems are computed, with a worked example the code
/// computes (the same table `report show` prints).
extension HelpTopics {
    public static let perDiem = HelpTopic(
        "per-diem", abstract: "Per diems: what a trip is owed a day without receipts, and how it is computed.",
        blocks: [
            .paragraph(
                """
                A report's per diems (meal allowances) are computed from its trip, not typed: its first and last day \
                (--from, --to, each with the local time it leaves or comes back when it is known), the country it goes \
                to (--country, by default the home-country setting; none for a report that earns none), the stops on \
                the way ('report stop') and the meals provided ('report meals'). They are owed besides the items: the \
                report's due to employee is the items paid personally plus the per diems. The German method (BMF, \
                section 9 (4a) EStG) is the rule; the rates are a table by country and date.
                """),
            .heading("Rules"),
            .terms([
                HelpTerm("full day", "A day between the first and the last of a trip of several days: the full-day rate."),
                HelpTerm("partial day", "The first and the last day of a trip of several days, whatever the hours: the partial rate."),
                HelpTerm(
                    "one day",
                    """
                    A trip within one day: the partial rate when it lasts more than 8 hours, else nothing. Its hours are \
                    its times (a plain date counts as 00:00), so give both: --from 2026-03-02T07:00 --to 2026-03-02T17:30.
                    """),
                HelpTerm(
                    "country",
                    """
                    A day counts in the country reached last that day: the latest stop on or before it, else the trip's \
                    country. The last day keeps the country it began in: the way home is not a stay.
                    """),
                HelpTerm(
                    "meals",
                    """
                    Each meal provided by the employer (or at its instigation: a breakfast in the hotel's rate, a \
                    customer's dinner) takes 20 % (breakfast) or 40 % (lunch, dinner) of that day's country's full-day \
                    rate off the day, also on a partial day, rounded to the cent once. A day never goes below zero.
                    """),
                HelpTerm(
                    "rates",
                    """
                    A day uses its country's row with the latest valid_from on or before it ('expenses allowance rates \
                    list'). A database starts with Germany's domestic rates (28.00 a full day, 14.00 a partial one, EUR, \
                    since 2020); other countries' are rows to import: 'expenses allowance rates import FILE'. A day \
                    without a row is an error naming the country and the day, never a guess.
                    """),
                HelpTerm(
                    "currency",
                    """
                    A rate in another currency than the report's is converted at the ECB's rate of the day, as an item \
                    of that day is ('expenses rates import').
                    """),
                HelpTerm(
                    "frozen",
                    """
                    While a report is a draft its per diems are computed each time they are shown. Submitting freezes \
                    them with it: a rate imported later changes no submitted, approved or reimbursed report; a recall or \
                    reopen thaws them. On a team database the server computes and freezes them itself.
                    """),
                HelpTerm(
                    "typed",
                    """
                    An item typed in category per_diem on a report whose per diems are computed would be paid twice: \
                    'report check' finds it (typed-per-diem).
                    """),
            ]),
            .heading("Example"),
            .paragraph(
                """
                A five-day trip to a customer in Germany, leaving Monday at 08:00 and back Friday at 17:00, with \
                breakfast at the hotel on Tuesday and Wednesday, and the customer's dinner on Wednesday:
                """),
            .example(
                """
                expenses report new "Customer visit" --from 2026-03-02T08:00 --to 2026-03-06T17:00 --country DE
                expenses report meals 1 --date 2026-03-03 --provided breakfast
                expenses report meals 1 --date 2026-03-04 --provided breakfast,dinner
                expenses report show 1
                """),
            .paragraph("Its per diems, as 'report show' prints them:"),
            .example(workedExample),
            .heading("The rest of a trip"),
            .paragraph(
                """
                A trip's other claims are computed too. A drive in one's own car is a mileage item of its distance, \
                paid at the rate per km of its day ('expenses allowance mileage list'): expense add --report 1 \
                --date 2026-03-02 --category mileage --distance 612.4 --vehicle car --from-place Walldorf \
                --to-place Hamburg. A hotel bill for several nights says how many (--nights 4): the lodging limit \
                applies per night. Cash paid out before the trip is an advance (report advance 1 --amount 300 \
                --date 2026-02-27); what is due to the traveller nets it, and says what is due back to the company \
                when the advance was more.
                """),
        ])

    /// The example's per diems, computed by the code that computes a report's.
    static let workedExample: String = {
        do {
            var trip = try TripSchedule(
                departure: try LocalDateTime.parse("2026-03-02T08:00"), return: try LocalDateTime.parse("2026-03-06T17:00"),
                destination: TripPlace(country: .germany))
            try trip.setMeals(.breakfast, on: try CalendarDate.parse("2026-03-03"))
            try trip.setMeals([.breakfast, .dinner], on: try CalendarDate.parse("2026-03-04"))
            let euro = try CurrencyTable.standard.require("EUR")
            let perDiems = try ReportPerDiems.compute(trip, rates: .shipped, into: euro, exchange: nil)
            var text = ""
            // As a terminal of the width help is laid out at shows it, beside the example's indent.
            PerDiemView.listing(perDiems, reportCurrency: euro).table(width: HelpLayout.defaultWidth - 2) { text += $0 }
            return text + "Per diems total: \(perDiems.total)\n"
        } catch {
            return "(the example cannot be computed: \(error))"
        }
    }()
}
