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
                (--from, --to, each with the local time it leaves or comes back when it is known), the country and \
                place it goes to (--country, by default the home-country setting, none for a report that earns none; \
                --place), the stops on the way ('report stop'), the meals provided and what was paid for them ('report \
                meals'), the nights paid at the lodging flat ('report nights') and the time at one's own office \
                ('report office'). They are owed besides the items: the report's due to employee is the items paid \
                personally plus the per diems. The German method (BMF, section 9 (4a) EStG) is the rule; the rates are \
                the BMF's tables by country, city and date.
                """),
            .heading("Rules"),
            .terms([
                HelpTerm("full day", "A day between the first and the last of a trip with nights away: the full-day rate."),
                HelpTerm(
                    "partial day", "The first and the last day of a trip with nights away, whatever the hours: the partial rate."),
                HelpTerm(
                    "one day",
                    """
                    A trip within one day: the partial rate when it lasts more than 8 hours, else nothing. Its hours are \
                    its times (a plain date counts as 00:00), so give both: --from 2026-03-02T07:00 --to 2026-03-02T17:30. \
                    Time at one's own office ('report office ID --from T --to T') is not away: it is taken out.
                    """),
                HelpTerm(
                    "over midnight",
                    """
                    A trip from one day to the next without a night away (a night shift 17:00 to 03:00: report new ... \
                    --no-overnight): when its hours away are more than 8 in all, the day with more of them earns the \
                    partial rate and the other nothing; else neither earns anything.
                    """),
                HelpTerm(
                    "place",
                    """
                    A day counts in the place reached last that day: the latest stop on or before it, else the trip's \
                    country and place. A stop on the last day is the last place of work abroad, which the day of return \
                    takes (Brussels, then Luxembourg on the way home: Luxembourg's rate).
                    """),
                HelpTerm(
                    "rates",
                    """
                    A day takes the row of its place when the table names it (Paris, London, New York City, Tokio, Genf: \
                    the BMF's own names; the usual spellings are accepted: Tokyo, Geneva, New York), else its country's \
                    ("im Übrigen"), else, for a country the table does not list, Luxembourg's (the BMF's rule: report \
                    show says so); each the row with the latest valid_from on or before the day ('expenses allowance \
                    rates list'). A place the table does not name is kept, with a warning and a did-you-mean, and takes \
                    the country's rate. A database starts with the BMF's tables of 2024, 2025 and 2026 and Germany's \
                    28.00 / 14.00 since 2020; 'expenses allowance rates import FILE' adds or corrects rows.
                    """),
                HelpTerm(
                    "meals",
                    """
                    Each meal provided by the employer (or at its instigation: a breakfast in the hotel's rate, a \
                    customer's dinner) takes 20 % (breakfast) or 40 % (lunch, dinner) of that day's full-day rate off the \
                    day, also on a partial day, less what the traveller paid for it (report meals 1 --date D --provided \
                    lunch --paid lunch=5.00: a cut of 11.20 less 5.00), never below zero; rounded to the cent once. A day \
                    never goes below zero.
                    """),
                HelpTerm(
                    "lodging flat",
                    """
                    A night without a hotel bill (a friend's flat, a night train) may be paid at the lodging flat of the \
                    day's place, tax-free: 'report nights 1 --date D --flat' for the night that begins on D. Abroad it is \
                    the BMF's figure (New York City 308.00); in Germany 20.00 EUR (R 9.7 Abs. 3 LStR).
                    """),
                HelpTerm(
                    "two trips",
                    """
                    A day two of one's trips touch (back from Strasbourg in the morning, off to Copenhagen in the \
                    afternoon) is paid once: the higher of the day's allowances, cut by all that day's provided meals, \
                    whichever report holds them (50.00 less a breakfast's 15.00: 35.00). The draft with the higher rate \
                    carries the day; what a submitted report already paid for it is taken off.
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
            .paragraph(
                """
                Abroad: three days at a trade fair in Paris in 2026, breakfast at the hotel on the second and third \
                day; Paris has its own row (58.00 / 39.00), and each breakfast takes 20 % of 58.00:
                """),
            .example(
                """
                expenses report new "Trade fair" --from 2026-03-02T07:00 --to 2026-03-04T20:00 --country FR --place Paris
                expenses report meals 2 --date 2026-03-03 --provided breakfast
                expenses report meals 2 --date 2026-03-04 --provided breakfast
                """),
            .example(abroadExample),
            .heading("Where the figures come from"),
            .paragraph(
                """
                The BMF's letters on the per diems and lodging flats abroad, each valid from 1 January of the next \
                year: of 21 November 2023 (2024), of 2 December 2024 (2025) and of 5 December 2025 (2026). Germany's \
                rates are section 9 (4a) sentence 3 EStG; the domestic lodging flat R 9.7 (3) LStR.
                """),
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
            return try table(trip)
        } catch {
            return "(the example cannot be computed: \(error))"
        }
    }()

    /// The example abroad, computed likewise.
    static let abroadExample: String = {
        do {
            var trip = try TripSchedule(
                departure: try LocalDateTime.parse("2026-03-02T07:00"), return: try LocalDateTime.parse("2026-03-04T20:00"),
                destination: TripPlace(country: try CountryCode.parse("FR"), place: "Paris"))
            try trip.setMeals(.breakfast, on: try CalendarDate.parse("2026-03-03"))
            try trip.setMeals(.breakfast, on: try CalendarDate.parse("2026-03-04"))
            return try table(trip)
        } catch {
            return "(the example cannot be computed: \(error))"
        }
    }()

    /// A trip's per diems with the shipped table, as `report show` prints them.
    private static func table(_ trip: TripSchedule) throws -> String {
        let euro = try CurrencyTable.standard.require("EUR")
        let perDiems = try ReportPerDiems.compute(trip, rates: .shipped, into: euro, exchange: nil)
        var text = ""
        // As a terminal of the width help is laid out at shows it, beside the example's indent.
        PerDiemView.listing(perDiems, reportCurrency: euro).table(width: HelpLayout.defaultWidth - 2) { text += $0 }
        return text + "Per diems total: \(perDiems.total)\n"
    }
}
