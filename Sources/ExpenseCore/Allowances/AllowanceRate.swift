import ExpenseSupport

/// One row of the per-diem table: from `validFrom` on, a day in `country` (or in the city `place`
/// of it, when the table names one) is allowed `fullDay` (a day between the first and the last of
/// a trip) or `partialDay` (the first and the last day, and a one-day trip of more than 8 hours),
/// and a night there without a hotel bill `lodging` (nil: the table gives none), all exact
/// amounts of one currency.
public struct AllowanceRate: Hashable, Sendable {
    public let country: CountryCode
    /// The BMF's own name of a city it gives its own figures (`Paris`, `New York City`); "" for
    /// the country's row (the BMF's "im Übrigen").
    public let place: String
    public let validFrom: CalendarDate
    public let fullDay: Money
    public let partialDay: Money
    public let lodging: Money?

    /// All amounts in the same currency and not negative; else an error naming the row.
    public init(
        country: CountryCode, place: String = "", validFrom: CalendarDate, fullDay: Money, partialDay: Money, lodging: Money? = nil
    ) throws(ExpenseError) {
        let name = place.isEmpty ? "\(country)" : "\(place) (\(country))"
        guard fullDay.currency == partialDay.currency, lodging.map({ $0.currency == fullDay.currency }) ?? true else {
            let night = lodging.map { ", \($0) a night" } ?? ""
            throw ExpenseError(
                .invalidData,
                "the allowance for \(name) from \(validFrom) mixes currencies: \(fullDay) a full day, \(partialDay) a partial day\(night)")
        }
        guard fullDay.minorUnits >= 0, partialDay.minorUnits >= 0, (lodging?.minorUnits ?? 0) >= 0 else {
            throw ExpenseError(.invalidData, "the allowance for \(name) from \(validFrom) is negative")
        }
        guard fullDay.minorUnits <= Money.maximumMinorUnits, partialDay.minorUnits <= Money.maximumMinorUnits,
            (lodging?.minorUnits ?? 0) <= Money.maximumMinorUnits
        else {
            throw ExpenseError(.invalidData, "the allowance for \(name) from \(validFrom) is too large")
        }
        guard place == place.trimmingSpaces, place.count <= 100,
            !place.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), !place.contains(",")
        else {
            throw ExpenseError(
                .invalidData, "the place \"\(place)\" of \(country) is not a name",
                hint: "a place is the table's name of a city, up to 100 characters, without commas")
        }
        self.country = country
        self.place = place
        self.validFrom = validFrom
        self.fullDay = fullDay
        self.partialDay = partialDay
        self.lodging = lodging
    }

    /// The currency of all amounts.
    public var currency: Currency { fullDay.currency }
}
