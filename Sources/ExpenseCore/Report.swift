import ExpenseSupport

/// An expense report: one trip, with its purpose, dates and the currency it is reimbursed in.
public struct Report: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var purpose: String
    public var destination: String
    public var startDate: CalendarDate?
    public var endDate: CalendarDate?
    public var currency: Currency
    public var status: ReportStatus
    public var owner: String
    public var createdAt: String
    public var updatedAt: String
    /// How many items the report holds and their sum in the report currency; kept by the store.
    public var itemCount: Int
    public var total: Money
    /// The local times of day the trip leaves on its first day and comes back on its last
    /// (minutes since midnight); nil when only the day was given.
    public var startTime: Int?
    public var endTime: Int?
    /// Where the trip goes (ISO 3166-1), which its per diems are computed for; nil: none are
    /// (a report made before per diems, or one that is no trip).
    public var country: CountryCode?
    /// The place at the destination (the per-diem table's name of it when the table knows it);
    /// nil: none named, the country's rate.
    public var place: String?
    /// Whether the trip has nights away (the default); false: a trip over midnight without a
    /// night, whose two days count their hours away (`--no-overnight`).
    public var overnight: Bool

    public init(
        id: Int64, title: String, purpose: String = "", destination: String = "",
        startDate: CalendarDate? = nil, endDate: CalendarDate? = nil, currency: Currency,
        status: ReportStatus = .draft, owner: String, createdAt: String = "", updatedAt: String = "",
        itemCount: Int = 0, total: Money? = nil, startTime: Int? = nil, endTime: Int? = nil, country: CountryCode? = nil,
        place: String? = nil, overnight: Bool = true
    ) {
        self.id = id
        self.title = title
        self.purpose = purpose
        self.destination = destination
        self.startDate = startDate
        self.endDate = endDate
        self.currency = currency
        self.status = status
        self.owner = owner
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.itemCount = itemCount
        self.total = total ?? Money(minorUnits: 0, currency: currency)
        self.startTime = startTime
        self.endTime = endTime
        self.country = country
        self.place = place
        self.overnight = overnight
    }

    /// The first day of the trip with the time it leaves, when there is one.
    public var departure: TripTime? {
        get { startDate.map { TripTime(date: $0, minuteOfDay: startTime) } }
        set {
            startDate = newValue?.date
            startTime = newValue?.minuteOfDay
        }
    }

    /// The last day of the trip with the time it comes back, when there is one.
    public var `return`: TripTime? {
        get { endDate.map { TripTime(date: $0, minuteOfDay: endTime) } }
        set {
            endDate = newValue?.date
            endTime = newValue?.minuteOfDay
        }
    }

    /// Whether `date` is before the trip's first day or after its last, where it has them; a trip
    /// without dates has no outside.
    public func isOutsideTrip(_ date: CalendarDate) -> Bool {
        if let startDate, date < startDate { return true }
        if let endDate, date > endDate { return true }
        return false
    }

    /// Checks what must hold whatever the command: a title, and a trip that does not end before it starts.
    public func validate() throws(ExpenseError) {
        if title.trimmingSpaces.isEmpty {
            throw ExpenseError(.invalidData, "a report needs a title")
        }
        if let startDate, let endDate, endDate < startDate {
            throw ExpenseError(.invalidData, .reportDatesReversed, "the trip ends (\(endDate)) before it starts (\(startDate))")
        }
        if (startTime != nil && startDate == nil) || (endTime != nil && endDate == nil) {
            throw ExpenseError(.invalidData, "a time of day needs its date")
        }
        if let departure, let back = `return`, let leaves = departure.minuteOfDay, let comes = back.minuteOfDay,
            departure.date == back.date, comes < leaves
        {
            throw ExpenseError(.invalidData, .reportDatesReversed, "the trip comes back (\(back)) before it leaves (\(departure))")
        }
        if let place { try Self.requirePlaceName(place) }
        if !overnight {
            guard let first = startDate, let last = endDate, startTime != nil, endTime != nil, last == first.adding(days: 1)
            else {
                throw ExpenseError(
                    .invalidData, "a trip without a night away goes over one midnight: it needs two days in a row and both times",
                    hint: "give --from and --to with times on consecutive days, or keep the night (--overnight)")
            }
        }
    }

    /// The longest name of a place (a city the per-diem table names, or any other).
    public static let maximumPlaceLength = 100

    /// Refuses a place's name that is empty, longer than `maximumPlaceLength` or holds a control
    /// character: it is shown in reports and the audit log as it is.
    public static func requirePlaceName(_ name: String) throws(ExpenseError) {
        if name.trimmingSpaces.isEmpty {
            throw ExpenseError(.invalidData, "a place needs a name", hint: "give none to name no place")
        }
        if name.unicodeScalars.count > maximumPlaceLength {
            throw ExpenseError(
                .invalidData, "the place is \(name.unicodeScalars.count) characters long; at most \(maximumPlaceLength) are allowed",
                hint: "shorten it")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ExpenseError(.invalidData, "the place \(name.debugDescription) holds a control character")
        }
    }

    /// The rule for a report's total: within `Money.maximumTotalMinorUnits` either way, so that
    /// it is exact wherever it is added up. The store asks it in every write that changes the
    /// total (items added, changed, moved, deleted, imported), inside that write's transaction
    /// and with the total as stored.
    /// - Parameter change: what the write adds to the total (negative when it takes away).
    public func requireTotalFits(adding change: Int64) throws(ExpenseError) {
        guard Money.adding(change, to: total.minorUnits) == nil else { return }
        throw totalTooLarge
    }

    /// The refusal of `requireTotalFits`: bad data naming the report and the limit.
    public var totalTooLarge: ExpenseError { Self.totalTooLarge(id: id, currency: currency) }

    /// Report `id`'s total is beyond the largest one (read where its stored total is no number).
    public static func totalTooLarge(id: Int64, currency: Currency) -> ExpenseError {
        Money.totalTooLarge("the total of report \(id)", currency: currency, hint: "split its items over more than one report")
    }

    /// The rule for every change to a report and its items: refused unless its status allows
    /// item changes (a draft). The store checks it in every write that changes a report or its
    /// items, inside that write's transaction; a command may ask it earlier, for its error order.
    /// The advice (recall a submitted report first) is the app's to word (`ErrorPresenter`).
    public func requireEditable(_ change: ReportChange) throws(ExpenseError) {
        guard !status.allowsItemChanges else { return }
        let code = ExpenseError.Code.reportNotEditable(id: id, status: status.rawValue)
        switch change {
        case .delete:
            throw ExpenseError(.refused, "report \(id) is \(status.rawValue); only a draft can be deleted")
        case .attachReceipts(let expense), .detachReceipts(let expense):
            throw ExpenseError(
                .refused, code, "expense \(expense) is in report \(id), which is \(status.rawValue); cannot \(change.action)")
        default:
            throw ExpenseError(.refused, code, "report \(id) is \(status.rawValue); cannot \(change.action)")
        }
    }
}
