import ExpenseCore
import ExpenseSupport

/// The European Central Bank's euro foreign exchange reference rates as CSV: a `Date` column,
/// then one column per currency holding "1 EUR = x CUR", `N/A` where a currency was not quoted
/// that day. Reads the full history (eurofxref-hist.csv, `2026-03-06,1.0823,...` with a
/// trailing comma) and the daily file (eurofxref.csv, `06 March 2026, 1.0823, ...`), from a
/// `CSVReader` on any byte source.
public enum ReferenceRates {
    /// One line of the file: a day's rates.
    public struct Day {
        public let line: Int
        public let date: CalendarDate
        public let rates: [ReferenceRate]
    }

    /// The most currency columns a file may have: the ECB quotes about 30, and has quoted 41.
    public static let maximumCurrencies = 1_000

    /// Calls `body` with each day of the CSV `reader` reads, in file order. Any malformed line is
    /// an error at `file:LINE`: the file is the bank's, and a wrong rate would convert money wrongly.
    public static func read(_ reader: CSVReader, file: String, _ body: (Day) throws -> Void) throws {
        func location(_ line: Int) -> String { "\(file):\(line)" }
        do {
            guard try reader.next() else {
                throw ExpenseError(.invalidData, "\(file) is empty", hint: hint)
            }
            let header = (0..<reader.fieldCount).map { TextEncoding.utf8.decode(reader.field($0))?.trimmingSpaces ?? "" }
            guard header.first?.lowercased() == "date" else {
                throw ExpenseError(
                    .invalidData, "not an ECB reference rate file: the first column is '\(header.first ?? "")', not 'Date'",
                    hint: hint, location: location(reader.recordLine))
            }
            var currencies: [(column: Int, code: String)] = []
            for (column, name) in header.enumerated().dropFirst() where !name.isEmpty {
                guard name.count == 3, name.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                    throw ExpenseError(
                        .invalidData, "column \(column + 1): '\(name)' is not a currency code",
                        hint: hint, location: location(reader.recordLine))
                }
                currencies.append((column, name))
            }
            guard currencies.count <= maximumCurrencies else {
                throw ExpenseError(
                    .invalidData, "\(currencies.count) currency columns; an ECB file has at most \(maximumCurrencies)",
                    hint: hint, location: location(reader.recordLine))
            }
            while try reader.next() {
                if reader.isBlankLine { continue }
                let line = reader.recordLine
                let dateText = TextEncoding.utf8.decode(reader.field(0))?.trimmingSpaces ?? ""
                guard let date = parseDate(dateText) else {
                    throw ExpenseError(
                        .invalidData, "invalid date '\(dateText)'", hint: "the ECB writes 2026-03-06 or 06 March 2026",
                        location: location(line))
                }
                var rates: [ReferenceRate] = []
                for (column, code) in currencies where column < reader.fieldCount {
                    let text = TextEncoding.utf8.decode(reader.field(column))?.trimmingSpaces ?? ""
                    if text.isEmpty || text == "N/A" { continue }
                    guard let perEUR = try? ExchangeRate.parse(text) else {
                        throw ExpenseError(.invalidData, "\(code): invalid rate '\(text)'", location: location(line))
                    }
                    rates.append(ReferenceRate(currency: code, date: date, perEUR: perEUR))
                }
                try body(Day(line: line, date: date, rates: rates))
            }
        } catch let failure as CSVReader.Failure {
            throw ExpenseError(.invalidData, failure.message, location: location(failure.line))
        }
    }

    private static let hint = "download https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip and unzip it"

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december",
    ]

    /// `2026-03-06`, or `06 March 2026` as in the daily file.
    public static func parseDate(_ text: String) -> CalendarDate? {
        if let date = try? CalendarDate.parse(text) { return date }
        let words = text.split(separator: " ")
        guard words.count == 3, let day = Int(words[0]), let year = Int(words[2]),
            let month = months.firstIndex(of: words[1].lowercased())
        else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }
}
