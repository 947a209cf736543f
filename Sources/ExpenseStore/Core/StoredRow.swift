import ExpenseCore
import ExpenseSupport

/// A query's row read as a row of one table: each stored value decoded to the domain's type, or
/// refused with one error that names the table, the column, the row and the type expected, in
/// the manner of GRDB's `RowDecodingError` and postgres-nio's `PostgresDecodingError`.
///
/// A stored value that is no value of its type was written outside the app (another program, a
/// hand edit, a file damaged and recovered). Read as a default, an exchange rate that does not
/// parse became 1, a date day 0, a status draft: a wrong total printed as if it were right. It
/// is bad data (exit 65) instead, and `db check` lists every such row through these decoders.
struct StoredRow {
    /// Which columns name the row in an error: read only when a value is refused.
    enum Key {
        /// The row's id.
        case column(Int)
        /// A key of two columns (a currency and a day).
        case columns(Int, Int)
        /// The query has no key of the row.
        case none
    }

    let row: Row
    let table: String
    let key: Key

    init(_ row: Row, table: String, key: Key) {
        self.row = row
        self.table = table
        self.key = key
    }

    /// A row whose id is the column called `id`.
    init(_ row: Row, table: String, id: String) {
        self.init(row, table: table, key: .column(row.index(id)))
    }

    /// The row as the error names it: its id, or its key's values joined.
    var rowName: String? {
        switch key {
        case .column(let index): row.storedText(index)
        case .columns(let first, let second): "(\(row.storedText(first)), \(row.storedText(second)))"
        case .none: nil
        }
    }

    /// The error for column `index`, whose stored value is not `expected` (a noun phrase: "a date").
    func error(_ index: Int, expected: String) -> ExpenseError {
        let column = row.columnName(index)
        let shown = row.isNull(index) ? "NULL" : Self.shown(row.string(index))
        let place = rowName.map { " of row \(TerminalText.visible($0, keepingLineBreaks: false))" } ?? ""
        return ExpenseError(
            .invalidData, .badStoredValue(table: table, column: column, row: rowName),
            "\(table).\(column)\(place) holds \(shown), which is not \(expected)")
    }

    /// A stored value as it may be printed: quoted, its control characters visible, cut short.
    static func shown(_ text: String) -> String {
        let visible = TerminalText.visible(text, keepingLineBreaks: false)
        return "'" + (visible.count > 40 ? visible.prefix(39) + "…" : visible) + "'"
    }

    // MARK: - The domain's stored types

    /// A value read by `decode`, which returns nil (or throws) for text that is not one.
    /// - Parameter expected: made only for the error: a value read a million times makes no text.
    func decoded<Value>(_ index: Int, as expected: @autoclosure () -> String, _ decode: (String) throws -> Value?) throws -> Value {
        guard !row.isNull(index), let value = try? decode(row.string(index)) else { throw error(index, expected: expected()) }
        return value
    }

    /// Like `decoded`, nil for NULL.
    func optionalDecoded<Value>(
        _ index: Int, as expected: @autoclosure () -> String, _ decode: (String) throws -> Value?
    ) throws -> Value? {
        guard !row.isNull(index) else { return nil }
        return try decoded(index, as: expected(), decode)
    }

    /// An integer, stored as one (text that is no number is not 0).
    func integer(_ index: Int) throws -> Int64 {
        guard let value = row.exactInt64(index) else { throw error(index, expected: "an integer") }
        return value
    }

    func optionalInteger(_ index: Int) throws -> Int64? {
        row.isNull(index) ? nil : try integer(index)
    }

    /// An integer that must fit `Integer` (a process id, an exit status) and lie in `range`.
    func integer<Integer: FixedWidthInteger>(
        _ index: Int, as type: Integer.Type, in range: ClosedRange<Integer> = .min ... .max
    ) throws -> Integer {
        guard let value = row.exactInt64(index).flatMap(Integer.init(exactly:)), range.contains(value) else {
            throw error(index, expected: "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func optionalInteger<Integer: FixedWidthInteger>(
        _ index: Int, as type: Integer.Type, in range: ClosedRange<Integer> = .min ... .max
    ) throws -> Integer? {
        row.isNull(index) ? nil : try integer(index, as: type, in: range)
    }

    /// A calendar day as stored, `YYYY-MM-DD`.
    func date(_ index: Int) throws -> CalendarDate {
        try decoded(index, as: "a date (YYYY-MM-DD)") { try CalendarDate.parse($0) }
    }

    func optionalDate(_ index: Int) throws -> CalendarDate? {
        try optionalDecoded(index, as: "a date (YYYY-MM-DD)") { try CalendarDate.parse($0) }
    }

    static let anExchangeRate = "an exchange rate (a decimal number above 0)"

    /// An exact decimal rate above zero, as stored (`1.0842`).
    func exchangeRate(_ index: Int) throws -> ExchangeRate {
        try decoded(index, as: Self.anExchangeRate) { try ExchangeRate.parse($0) }
    }

    func optionalExchangeRate(_ index: Int) throws -> ExchangeRate? {
        try optionalDecoded(index, as: Self.anExchangeRate) { try ExchangeRate.parse($0) }
    }

    /// A case of `Value` by its raw value, naming the values it may be.
    func value<Value: RawRepresentable & CaseIterable>(_ index: Int, as type: Value.Type) throws -> Value
    where Value.RawValue == String {
        try decoded(index, as: Self.oneOf(Value.self), Value.init(rawValue:))
    }

    func optionalValue<Value: RawRepresentable & CaseIterable>(_ index: Int, as type: Value.Type) throws -> Value?
    where Value.RawValue == String {
        try optionalDecoded(index, as: Self.oneOf(Value.self), Value.init(rawValue:))
    }

    private static func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) -> String
    where Value.RawValue == String {
        "one of " + Value.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// A currency by its ISO 4217 code: three capital letters. A code the compiled-in table no
    /// longer lists still reads, as 2 digits (`Store.currency`): withdrawn since, not bad data.
    func currency(_ index: Int) throws -> Currency {
        try decoded(index, as: "a currency code (three capital letters)") { code in
            code.utf8.count == 3 && code.utf8.allSatisfy({ (65...90).contains($0) }) ? Store.currency(code) : nil
        }
    }

    /// An amount in minor units of `currency`, stored as an integer.
    func money(_ index: Int, in currency: Currency) throws -> Money {
        Money(minorUnits: try integer(index), currency: currency)
    }

    /// An ISO 3166-1 alpha-2 code as stored, two capital letters.
    func country(_ index: Int) throws -> CountryCode {
        try decoded(index, as: "a country code (two capital letters)", Self.storedCountry)
    }

    func optionalCountry(_ index: Int) throws -> CountryCode? {
        try optionalDecoded(index, as: "a country code (two capital letters)", Self.storedCountry)
    }

    /// A country only as the app stores it: `CountryCode.parse` also takes what a person types
    /// (lower case, spaces around), which no stored row holds.
    private static func storedCountry(_ text: String) throws -> CountryCode? {
        let country = try CountryCode.parse(text)
        return country.code == text ? country : nil
    }

    /// A time of day stored as `HH:MM`, as minutes since midnight.
    func optionalMinuteOfDay(_ index: Int) throws -> Int? {
        try optionalDecoded(index, as: "a time of day (HH:MM)", TripTime.minuteOfDay(clock:))
    }

    // MARK: - By column name

    func integer(_ name: String) throws -> Int64 { try integer(row.index(name)) }
    func optionalInteger(_ name: String) throws -> Int64? { try optionalInteger(row.index(name)) }
    func integer<Integer: FixedWidthInteger>(
        _ name: String, as type: Integer.Type, in range: ClosedRange<Integer> = .min ... .max
    ) throws -> Integer { try integer(row.index(name), as: type, in: range) }
    func optionalInteger<Integer: FixedWidthInteger>(
        _ name: String, as type: Integer.Type, in range: ClosedRange<Integer> = .min ... .max
    ) throws -> Integer? { try optionalInteger(row.index(name), as: type, in: range) }
    func optionalDate(_ name: String) throws -> CalendarDate? { try optionalDate(row.index(name)) }
    func value<Value: RawRepresentable & CaseIterable>(_ name: String, as type: Value.Type) throws -> Value
    where Value.RawValue == String { try value(row.index(name), as: type) }
}
