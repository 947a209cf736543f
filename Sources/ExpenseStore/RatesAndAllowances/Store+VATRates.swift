import ExpenseCore
import ExpenseSupport

/// The dated table of VAT rates by country (`vat_rates`), which an item's VAT is checked against.
extension Store {
    /// A row of the table: a country's rate, valid from a day through another (or on).
    public struct VATRateRow: Sendable, Equatable {
        public let country: CountryCode
        public let validFrom: CalendarDate
        public let validTo: CalendarDate?
        public let rate: VATRate

        public init(country: CountryCode, validFrom: CalendarDate, validTo: CalendarDate? = nil, rate: VATRate) {
            self.country = country
            self.validFrom = validFrom
            self.validTo = validTo
            self.rate = rate
        }
    }

    static let vatRateColumns: SQL = "country, valid_from, valid_to, rate_hundredths"

    static func vatRateRow(_ row: Row) throws -> VATRateRow {
        let stored = StoredRow(row, table: "vat_rates", key: .columns(0, 3))
        return VATRateRow(
            country: try stored.country(0), validFrom: try stored.date(1), validTo: try stored.optionalDate(2),
            rate: try stored.decoded(3, as: "a VAT rate in hundredths of a percent (0 to 10000)") {
                Int($0).flatMap(VATRate.init(hundredths:))
            })
    }

    /// Every row, by country, then rate, then day.
    public func vatRateRows() throws -> [VATRateRow] {
        try db.query(
            "SELECT \(Self.vatRateColumns) FROM vat_rates ORDER BY country, rate_hundredths, valid_from" as SQL, Self.vatRateRow)
    }

    /// The rates `country` charges on `day`, lowest first.
    public func vatRates(of country: CountryCode, on day: CalendarDate) throws -> [VATRate] {
        try db.query(
            """
            SELECT \(Self.vatRateColumns) FROM vat_rates
            WHERE country = \(country.code) AND valid_from <= \(day) AND (valid_to IS NULL OR valid_to >= \(day))
            ORDER BY rate_hundredths
            """ as SQL, Self.vatRateRow
        ).map(\.rate)
    }

    /// Adds a country's rate from a day on, through `validTo` (nil: on), or changes the end of
    /// the one from that day; on a team database only finance may. Whether anything changed.
    @discardableResult
    public func setVATRate(_ row: VATRateRow) throws -> Bool {
        if let end = row.validTo, end < row.validFrom {
            throw ExpenseError(
                .invalidData, "a VAT rate cannot end (\(end)) before it starts (\(row.validFrom))", hint: "give --to on or after --from")
        }
        return try write { try writes.rates.setVATRate(row) }
    }
}
