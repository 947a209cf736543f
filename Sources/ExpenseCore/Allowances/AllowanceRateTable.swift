import ExpenseSupport

/// The dated per-diem rates by country, and by the cities the table names in a country. A day
/// uses the row of its country and place with the latest `validFrom` on or before that day; a row
/// with the same country, place and `validFrom` as an earlier one replaces it (a correction), so
/// that importing a table twice changes nothing.
public struct AllowanceRateTable: Sendable, Equatable {
    /// Each country's rows by place ("" the country's own), oldest first.
    private var byCountry: [CountryCode: [String: [AllowanceRate]]] = [:]

    public init(_ rows: some Sequence<AllowanceRate> = []) {
        for row in rows { insert(row) }
    }

    /// Adds `row`, replacing the row of the same country, place and `validFrom` if there is one.
    public mutating func insert(_ row: AllowanceRate) {
        var rows = byCountry[row.country, default: [:]][row.place, default: []]
        let index = rows.partitioningIndex { $0.validFrom >= row.validFrom }
        if index < rows.count, rows[index].validFrom == row.validFrom {
            rows[index] = row
        } else {
            rows.insert(row, at: index)
        }
        byCountry[row.country, default: [:]][row.place] = rows
    }

    /// Every row, by country, then place (the country's own first), then oldest first.
    public var rows: [AllowanceRate] {
        byCountry.keys.sorted().flatMap { country in
            let places = byCountry[country]!
            return places.keys.sorted().flatMap { places[$0]! }
        }
    }

    /// The countries the table has rows for, in code order.
    public var countries: [CountryCode] { byCountry.keys.sorted() }

    /// The places the table names in `country` (the BMF's names), in order; not the country's own.
    public func places(of country: CountryCode) -> [String] {
        guard let places = byCountry[country] else { return [] }
        return places.keys.filter { !$0.isEmpty }.sorted()
    }

    /// The country's own row (place "") in force for `country` on `day`, or nil when the table has
    /// none that early.
    public func rate(for country: CountryCode, on day: CalendarDate) -> AllowanceRate? {
        rate(for: country, place: "", on: day)
    }

    /// The row of exactly `place` in `country` in force on `day` ("" the country's own), or nil
    /// when the table has none that early; another place's or the country's row is not looked at.
    public func rate(for country: CountryCode, place: String, on day: CalendarDate) -> AllowanceRate? {
        guard let rows = byCountry[country]?[place] else { return nil }
        let index = rows.partitioningIndex { $0.validFrom > day }
        return index == 0 ? nil : rows[index - 1]
    }

    /// The country's own row in force for `country` on `day`, or an error naming both.
    public func require(_ country: CountryCode, on day: CalendarDate) throws(ExpenseError) -> AllowanceRate {
        if let rate = rate(for: country, on: day) { return rate }
        let since = byCountry[country]?[""]?.first.map { " (its first row is from \($0.validFrom))" } ?? ""
        throw ExpenseError(
            .invalidData, .noAllowanceRate(country: country.code, on: "\(day)"),
            "no allowance rate for \(country) on \(day)\(since)")
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array where every element that
    /// does comes after every one that does not (a binary search).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
