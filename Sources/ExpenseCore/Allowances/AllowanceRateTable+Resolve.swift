import ExpenseSupport

extension AllowanceRateTable {
    /// Which of the table's rows a day took.
    public enum Basis: String, CaseIterable, Hashable, Sendable {
        /// The row of the place the table names (Paris, New York City).
        case place
        /// The country's own row (the BMF's "im Übrigen").
        case country
        /// Luxembourg's row, for a country the table does not list (the BMF's rule).
        case luxembourg
    }

    /// The row a day at `place` in `country` is paid at on `day`: the place's row when the table
    /// names the place, else the country's; for a country the table has no row for at all (and
    /// not Germany, whose rates are the table's own), Luxembourg's. An error naming the country
    /// and the day when none is in force that day.
    public func resolve(_ country: CountryCode, place: String?, on day: CalendarDate) throws(ExpenseError)
        -> (row: AllowanceRate, basis: Basis)
    {
        if let place, let row = rate(for: country, place: place, on: day) { return (row, .place) }
        if let row = rate(for: country, on: day) { return (row, .country) }
        if country != .germany, !countries.contains(country), let row = rate(for: .luxembourg, on: day) {
            return (row, .luxembourg)
        }
        return (try require(country, on: day), .country)
    }
}
