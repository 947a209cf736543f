import ExpenseSupport

extension AllowanceRateTable {
    /// The table that ships: Germany's domestic 28.00 / 14.00 EUR (a night 20.00) since 2020
    /// (Resources/allowance-rates.csv), and the BMF's foreign figures from 2024 on, every country
    /// and city its yearly letters list (`bmf2024To2026`; docs/PER-DIEMS.md, "Where the figures
    /// come from").
    public static let shipped = AllowanceRateTable(
        resource(PackageResources.allowance_rates_csv, "allowance-rates.csv") + bmf2024To2026)

    /// The BMF's foreign rows of 2024, 2025 and 2026 (Resources/bmf-2024-2026.csv), which the
    /// migration of that name inserts: frozen as it shipped, never edited (a later letter, or a
    /// correction, is a file and a migration of its own).
    public static let bmf2024To2026 = resource(PackageResources.bmf_2024_2026_csv, "bmf-2024-2026.csv")

    private static func resource(_ bytes: [UInt8], _ name: String) -> [AllowanceRate] {
        do {
            return try parse(csv: String(decoding: bytes, as: UTF8.self), source: name)
        } catch {
            fatalError("the shipped \(name) is broken: \(error)")  // a test reads it
        }
    }

    /// The header's columns a table needs; others may stand beside them and are ignored.
    public static let columns = ["country", "valid_from", "full_day", "partial_day", "currency"]

    /// The columns a table may have besides `columns`: the city a row is for (none or empty: the
    /// country's own row) and the night's lodging flat (none or empty: the table gives none).
    public static let optionalColumns = ["place", "lodging"]

    /// The rows of a CSV table with the header `country,valid_from,full_day,partial_day,currency`
    /// and optionally `place` and `lodging` (in any order, more columns allowed and ignored; no
    /// quoted fields), each amount exact in its currency ("28.00"). A later row with the same
    /// country, place and `valid_from` replaces an earlier one. An error names its line as
    /// `source:LINE`.
    public static func parse(csv: String, source: String) throws(ExpenseError) -> [AllowanceRate] {
        // "\r\n" is one Character in Swift: a line ends at either.
        let lines = csv.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        let header = (lines.first ?? "").split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces.lowercased()
        }
        var index: [String: Int] = [:]
        for column in columns {
            guard let position = header.firstIndex(of: column) else {
                throw ExpenseError(
                    .invalidData, "the allowance table has no column \(column)", hint: "its header is \(columns.joined(separator: ","))",
                    location: "\(source):1")
            }
            index[column] = position
        }
        for column in optionalColumns { index[column] = header.firstIndex(of: column) }
        var rows: [AllowanceRate] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            let location = "\(source):\(offset + 1)"
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            guard fields.count >= header.count else {
                throw ExpenseError(.invalidData, "\(fields.count) fields, the header has \(header.count)", location: location)
            }
            func field(_ name: String) -> String { index[name].map { fields[$0] } ?? "" }
            do {
                let currency = try CurrencyTable.standard.require(field("currency").trimmingSpaces)
                let lodging = field("lodging").trimmingSpaces
                rows.append(
                    try AllowanceRate(
                        country: try CountryCode.parse(field("country")), place: field("place").trimmingSpaces,
                        validFrom: try CalendarDate.parse(field("valid_from")),
                        fullDay: try Money.parse(field("full_day"), currency: currency),
                        partialDay: try Money.parse(field("partial_day"), currency: currency),
                        lodging: lodging.isEmpty ? nil : try Money.parse(lodging, currency: currency)))
            } catch {
                throw error.located(location)
            }
        }
        return rows
    }
}
