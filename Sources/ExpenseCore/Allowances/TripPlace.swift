import ExpenseSupport

/// Where a trip is: a country, and the place in it when one is named (`--place Paris`). A place
/// the per-diem table names takes its own rate; any other, or none, the country's
/// (`AllowanceRateTable.resolve`).
public struct TripPlace: Hashable, Sendable, CustomStringConvertible {
    public let country: CountryCode
    /// The place's name (the table's own spelling when it knows it); nil: none named.
    public let place: String?

    /// An empty or blank name is none.
    public init(country: CountryCode, place: String? = nil) {
        self.country = country
        let name = place?.trimmingSpaces ?? ""
        self.place = name.isEmpty ? nil : name
    }

    /// "FR", or "FR Paris".
    public var description: String { place.map { "\(country) \($0)" } ?? "\(country)" }
}
