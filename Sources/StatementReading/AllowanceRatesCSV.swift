import ExpenseCore
import ExpenseSupport

/// A per-diem rate table as CSV (`allowance rates import FILE`): a header naming at least
/// `country,valid_from,full_day,partial_day,currency`, and optionally `place` (the table's name of
/// a city with its own figures; empty: the country's row) and `lodging` (the night's flat; empty:
/// none), in any order and case, other columns allowed and ignored; then a row a rate, its
/// amounts exact in its currency ("28.00"). RFC 4180
/// as the statements' reader reads it (quoted fields, CRLF or LF, a UTF-8 byte order mark).
///
/// Bounded: at most `maximumBytes`, lines of at most `maximumLineBytes`, `maximumColumns`
/// columns and `maximumRows` rows. Any malformed row is an error at `FILE:LINE`, and so is a
/// second row for a country, place and day already given: the file is read whole before anything is
/// written, and a table's rates decide money.
public enum AllowanceRatesCSV {
    /// A row of the file: the line it starts on, and its rate.
    public struct Row: Equatable, Sendable {
        public let line: Int
        public let rate: AllowanceRate
        /// The file has a lodging column: an empty cell is no flat. Without the column the file
        /// says nothing of lodging, and the flat a row has already is kept.
        public let lodgingGiven: Bool
    }

    /// A table of every country for decades is some thousands of rows of some 40 bytes.
    public static let maximumBytes = 4 << 20
    public static let maximumLineBytes = 4 << 10
    public static let maximumColumns = 100
    public static let maximumRows = 100_000

    /// The rows of `bytes`, in file order.
    /// - Parameter file: the file's name, for errors (`FILE:LINE`).
    public static func read(_ bytes: [UInt8], file: String) throws(ExpenseError) -> [Row] {
        func location(_ line: Int) -> String { "\(file):\(line)" }
        guard bytes.count <= maximumBytes else {
            throw ExpenseError(.invalidData, "\(file) is larger than \(maximumBytes >> 20) MiB, more than an allowance table holds")
        }
        var offset = 0
        let reader = CSVReader(
            separator: UInt8(ascii: ","), bufferSize: maximumLineBytes, maximumRecordBytes: maximumLineBytes,
            maximumFields: maximumColumns
        ) { target in
            let count = min(target.count, bytes.count - offset)
            if count > 0 {
                bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            }
            offset += count
            return count
        }
        do {
            guard try reader.next() else {
                throw ExpenseError(.invalidData, "\(file) is empty", hint: hint, location: location(1))
            }
            let header = (0..<reader.fieldCount).map { (text(reader.field($0)) ?? "").trimmingSpaces.lowercased() }
            var index: [String: Int] = [:]
            for column in AllowanceRateTable.columns {
                guard let position = header.firstIndex(of: column) else {
                    throw ExpenseError(
                        .invalidData, "the header has no column \(column)", hint: hint, location: location(reader.recordLine))
                }
                index[column] = position
            }
            for column in AllowanceRateTable.optionalColumns { index[column] = header.firstIndex(of: column) }
            let needed = (index.values.max() ?? 0) + 1
            var rows: [Row] = []
            var seen: [String: Int] = [:]
            while try reader.next() {
                if reader.isBlankLine { continue }
                let line = reader.recordLine
                guard rows.count < maximumRows else {
                    throw ExpenseError(.invalidData, "more than \(maximumRows) rows", location: location(line))
                }
                guard reader.fieldCount >= needed else {
                    throw ExpenseError(
                        .invalidData, "\(reader.fieldCount) field\(reader.fieldCount == 1 ? "" : "s"), the header has \(header.count)",
                        location: location(line))
                }
                func field(_ name: String) throws(ExpenseError) -> String {
                    guard let position = index[name] else { return "" }
                    guard let value = text(reader.field(position)) else {
                        throw ExpenseError(.invalidData, "\(name) is not UTF-8 text", location: location(line))
                    }
                    return value.trimmingSpaces
                }
                let rate: AllowanceRate
                do {
                    let currency = try CurrencyTable.standard.require(try field("currency"))
                    let lodging = try field("lodging")
                    rate = try AllowanceRate(
                        country: try CountryCode.parse(try field("country")), place: try field("place"),
                        validFrom: try CalendarDate.parse(try field("valid_from")),
                        fullDay: try Money.parse(try field("full_day"), currency: currency),
                        partialDay: try Money.parse(try field("partial_day"), currency: currency),
                        lodging: lodging.isEmpty ? nil : try Money.parse(lodging, currency: currency))
                } catch {
                    throw error.located(error.location ?? location(line))
                }
                let key = "\(rate.country) \(rate.validFrom) \(rate.place)"
                if let first = seen[key] {
                    let name = rate.place.isEmpty ? "\(rate.country)" : "\(rate.place) (\(rate.country))"
                    throw ExpenseError(
                        .invalidData, "a second row for \(name) from \(rate.validFrom); line \(first) has one",
                        hint: "keep one row a country, place and day", location: location(line))
                }
                seen[key] = line
                rows.append(Row(line: line, rate: rate, lodgingGiven: index["lodging"] != nil))
            }
            return rows
        } catch let failure as CSVReader.Failure {
            throw ExpenseError(.invalidData, failure.message, location: location(failure.line))
        } catch let error as ExpenseError {
            throw error
        } catch {
            throw ExpenseError(.invalidData, "\(error)", location: location(reader.nextLine))
        }
    }

    private static let hint =
        "the header is country,place,valid_from,full_day,partial_day,lodging,currency (e.g. FR,Paris,2026-01-01,58.00,39.00,159.00,EUR;"
        + " place and lodging may be left out)"

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        TextEncoding.utf8.decode(bytes)
    }
}
