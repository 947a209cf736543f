import ExpenseCore
import ExpenseSupport

extension Schema {
    /// Issue 44: the BMF's foreign per diems from 2024 on (the letters of 21 November 2023, 2
    /// December 2024 and 5 December 2025): every country and city with its full day, partial day
    /// and lodging flat, EUR. A row the table has already (a company imported the year's letter
    /// itself, or corrected a row) is kept as it is. The same statement on a team database
    /// (`2026-12-26-pg-v22-bmf-rates-2024-2026`), where the rate log records each row as it
    /// records any change.
    ///
    /// Frozen as it shipped: the rows are `AllowanceRateTable.bmf2024To2026`
    /// (Resources/bmf-2024-2026.csv), never edited (a later letter is a migration and a file of its
    /// own), not `AllowanceRateTable.shipped` as it is today.
    static func addBMFRates2024To2026(_ db: Database) throws {
        try db.execute(SQL(verbatim: bmfRates2024To2026))
    }

    static var bmfRates2024To2026: String {
        let rows = AllowanceRateTable.bmf2024To2026
        // Quoted as both engines read it: '' for a quote, nothing else escaped.
        func text(_ value: String) -> String { PostgresSchema.literal(value) }
        let values = rows.map { row in
            "(\(text(row.country.code)), \(text(row.place)), \(text(row.validFrom.description)), \(row.fullDay.minorUnits), "
                + "\(row.partialDay.minorUnits), \(row.lodging.map { "\($0.minorUnits)" } ?? "NULL"), \(text(row.currency.code)))"
        }
        return """
            INSERT INTO allowance_rates (country, place, valid_from, full_day, partial_day, lodging, currency) VALUES
            \(values.joined(separator: ",\n"))
            ON CONFLICT (country, place, valid_from) DO NOTHING;
            """
    }
}
