import ExpenseSupport

extension AllowanceRateTable {
    /// The table shipped in Data/allowance-rates.csv: Germany's domestic 28.00 / 14.00 EUR since
    /// 2020 (the BMF's foreign rates are not shipped; they are rows to add).
    public static let shipped: AllowanceRateTable = {
        do {
            return AllowanceRateTable(
                try parse(csv: String(decoding: PackageResources.allowance_rates_csv, as: UTF8.self), source: "allowance-rates.csv"))
        } catch {
            fatalError("the shipped allowance-rates.csv is broken: \(error)")  // a test reads it
        }
    }()

    /// The header's columns a table needs; others may stand beside them and are ignored.
    public static let columns = ["country", "valid_from", "full_day", "partial_day", "currency"]

    /// The rows of a CSV table with the header `country,valid_from,full_day,partial_day,currency`
    /// (in any order, more columns allowed and ignored; no quoted fields), each amount exact in
    /// its currency ("28.00"). A later row with the same country and `valid_from` replaces an
    /// earlier one. An error names its line as `source:LINE`.
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
        var rows: [AllowanceRate] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            let location = "\(source):\(offset + 1)"
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            guard fields.count >= header.count else {
                throw ExpenseError(.invalidData, "\(fields.count) fields, the header has \(header.count)", location: location)
            }
            func field(_ name: String) -> String { fields[index[name]!] }
            do {
                let currency = try CurrencyTable.standard.require(field("currency").trimmingSpaces)
                rows.append(
                    try AllowanceRate(
                        country: try CountryCode.parse(field("country")), validFrom: try CalendarDate.parse(field("valid_from")),
                        fullDay: try Money.parse(field("full_day"), currency: currency),
                        partialDay: try Money.parse(field("partial_day"), currency: currency)))
            } catch {
                throw error.located(location)
            }
        }
        return rows
    }
}
