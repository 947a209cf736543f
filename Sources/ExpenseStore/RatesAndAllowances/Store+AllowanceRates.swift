import ExpenseCore
import ExpenseSupport

/// The per-diem rates by country, place and date: the shipped table to start with
/// (`Schema.addTripAllowances`, and the BMF's foreign rows, `Schema.addBMFRates2024To2026`),
/// extended and corrected by imports. On a team database only
/// finance changes them (`allowance_rate_save`), as the exchange rates.
extension Store {
    /// The whole table.
    public func allowanceRates() throws -> AllowanceRateTable {
        AllowanceRateTable(try allowanceRateRows())
    }

    /// The rows, by country, place (the country's own first) and then oldest first; only
    /// `country`'s when given.
    public func allowanceRateRows(country: CountryCode? = nil) throws -> [AllowanceRate] {
        let filter: SQL = country.map { "WHERE country = \($0.code)" } ?? ""
        return try db.query(
            """
            SELECT \(Self.allowanceRateColumns) FROM allowance_rates
            \(filter) ORDER BY country, place, valid_from
            """, Self.allowanceRate)
    }

    static let allowanceRateColumns: SQL = "country, valid_from, full_day, partial_day, currency, place, lodging"

    /// A per-diem rate of its row (`allowanceRateColumns`).
    static func allowanceRate(_ row: Row) throws -> AllowanceRate {
        let stored = StoredRow(row, table: "allowance_rates", key: .columns(0, 1))
        let currency = try stored.currency(4)
        return try AllowanceRate(
            country: try stored.country(0), place: row.string(5), validFrom: try stored.date(1),
            fullDay: try stored.money(2, in: currency), partialDay: try stored.money(3, in: currency),
            lodging: try stored.optionalInteger(6).map { Money(minorUnits: $0, currency: currency) })
    }

    /// The countries the table has rows for, in code order.
    public func allowanceCountries() throws -> [CountryCode] {
        try db.query("SELECT DISTINCT country FROM allowance_rates ORDER BY country") {
            try StoredRow($0, table: "allowance_rates", key: .none).country(0)
        }
    }

    /// The country of `code` when the table has rates for it; else an error: for a country, that
    /// its rates are missing (DK is no typing error for DE); for a code that is no country, with
    /// the closest one the table has.
    public func allowanceCountry(_ code: String) throws -> CountryCode {
        let country = try CountryCode.parse(code)
        let known = try allowanceCountries()
        guard known.contains(country) else {
            let suggestion =
                country.isCountry ? nil : Suggestion.closest(to: country.code, among: known.map(\.code), maximumDistance: 1)
            throw ExpenseError(
                .invalidData, .unknownAllowanceCountry(country.code, suggestion: suggestion),
                "the allowance table has no rates for \(country)")
        }
        return country
    }

    /// Saves rows, each replacing the row of the same country, place and `valid_from`; call inside `write`.
    /// `taxable`: finance's mark that rows above the BMF table's tax-free figure are meant (a team
    /// database refuses them unmarked; a file's rates are its person's own and are not held to it).
    /// - Returns: how many rows were added or changed (a row as it was already is neither).
    @discardableResult
    public func saveAllowanceRates(_ rates: [AllowanceRate], taxable: Bool = false) throws -> Int {
        var changed = 0
        for rate in rates { changed += try writes.rates.saveAllowanceRate(rate, taxable: taxable) }
        return changed
    }
}
