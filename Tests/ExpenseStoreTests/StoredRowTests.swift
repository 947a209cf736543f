import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// The row decoders: each stored type read back as its value, and each value that is none of its
/// type refused with one error naming the table, the column, the row and the type, never a default.
final class StoredRowTests: TemporaryDatabaseTestCase {
    private var db: SQLiteDatabase!

    override func setUpWithError() throws {
        try super.setUpWithError()
        db = try openDatabase()
        // No types and no CHECKs: any value, as a file written by another program may hold.
        try db.execute("CREATE TABLE things (id, value, other)")
    }

    override func tearDownWithError() throws {
        db = nil
        try super.tearDownWithError()
    }

    /// `decode` applied to a row of `things` whose value is `value` (SQL), and id 7.
    private func decode<Value>(_ value: String, _ decode: (StoredRow) throws -> Value) throws -> Value {
        try db.execute("DELETE FROM things")
        try db.execute("INSERT INTO things (id, value, other) VALUES (7, \(value), 'x')")
        let found = try db.queryFirst("SELECT id, value, other FROM things") { row in
            try decode(StoredRow(row, table: "things", key: .column(0)))
        }
        return try XCTUnwrap(found)
    }

    /// Asserts that `value` (SQL) is refused as not `expected`, shown as `shown`.
    private func assertRefused<Value>(
        _ value: String, shown: String, expected: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: (StoredRow) throws -> Value
    ) {
        let error = assertExpenseError(
            try decode(value, body), kind: .invalidData,
            code: .badStoredValue(table: "things", column: "value", row: "7"), file: file, line: line)
        XCTAssertEqual(
            error?.message, "things.value of row 7 holds \(shown), which is not \(expected)", file: file, line: line)
    }

    func testEachStoredTypeReadsBack() throws {
        XCTAssertEqual(try decode("'2026-03-02'") { try $0.date(1) }, try CalendarDate.parse("2026-03-02"))
        XCTAssertNil(try decode("NULL") { try $0.optionalDate(1) })
        XCTAssertEqual(try decode("'1.0842'") { try $0.exchangeRate(1) }, try ExchangeRate.parse("1.0842"))
        XCTAssertEqual(try decode("'company'") { try $0.value(1, as: PaidBy.self) }, .company)
        XCTAssertEqual(try decode("'JPY'") { try $0.money(0, in: try $0.currency(1)) }, Money(minorUnits: 7, currency: try currency("JPY")))
        XCTAssertEqual(try decode("-9223372036854775808") { try $0.integer(1) }, .min)
        XCTAssertEqual(try decode("366") { try $0.integer(1, as: Int.self, in: 1...366) }, 366)
        XCTAssertEqual(try decode("'DE'") { try $0.country(1) }, CountryCode.germany)
        XCTAssertEqual(try decode("'23:59'") { try $0.optionalMinuteOfDay(1) }, 23 * 60 + 59)
    }

    /// A code the compiled-in table no longer lists is a withdrawn currency, not bad data: it
    /// reads, with 2 minor digits, as `Store.currency` has always read it.
    func testAWithdrawnCurrencyCodeStillReads() throws {
        let withdrawn = try decode("'DEM'") { try $0.currency(1) }
        XCTAssertEqual(withdrawn.code, "DEM")
        XCTAssertEqual(withdrawn.minorDigits, 2)
    }

    func testEachBadValueIsRefusedNamingTableColumnRowAndType() {
        assertRefused("'2026-02-30'", shown: "'2026-02-30'", expected: "a date (YYYY-MM-DD)") { try $0.date(1) }
        assertRefused("'abc'", shown: "'abc'", expected: "an exchange rate (a decimal number above 0)") { try $0.exchangeRate(1) }
        assertRefused("'0'", shown: "'0'", expected: "an exchange rate (a decimal number above 0)") { try $0.exchangeRate(1) }
        assertRefused("'x'", shown: "'x'", expected: "one of personal, company") { try $0.value(1, as: PaidBy.self) }
        assertRefused("'eur'", shown: "'eur'", expected: "a currency code (three capital letters)") { try $0.currency(1) }
        // Text in an integer column is not 0, nor is a real its integer part.
        assertRefused("'12x'", shown: "'12x'", expected: "an integer") { try $0.integer(1) }
        assertRefused("1.5", shown: "'1.5'", expected: "an integer") { try $0.integer(1) }
        assertRefused("367", shown: "'367'", expected: "an integer from 1 to 366") { try $0.integer(1, as: Int.self, in: 1...366) }
        assertRefused("4294967296", shown: "'4294967296'", expected: "an integer from -2147483648 to 2147483647") {
            try $0.integer(1, as: Int32.self)
        }
        // What a person types is read (" de "), but no stored row holds it.
        assertRefused("'de'", shown: "'de'", expected: "a country code (two capital letters)") { try $0.country(1) }
        assertRefused("'24:00'", shown: "'24:00'", expected: "a time of day (HH:MM)") { try $0.optionalMinuteOfDay(1) }
        // NULL where a value must be is refused too, shown as NULL.
        assertRefused("NULL", shown: "NULL", expected: "a date (YYYY-MM-DD)") { try $0.date(1) }
    }

    /// The value is shown as a terminal may print it: controls visible, and cut short.
    func testTheValueIsShownSafelyAndShort() {
        assertRefused("char(27) || '[2J'", shown: "'\\x1b[2J'", expected: "a date (YYYY-MM-DD)") { try $0.date(1) }
        let long = String(repeating: "9", count: 60)
        assertRefused("'\(long)x'", shown: "'\(String(repeating: "9", count: 39))…'", expected: "an integer") { try $0.integer(1) }
    }

    /// A row without an id is named by its key, or not at all.
    func testTheRowIsNamedByItsKey() throws {
        try db.execute("INSERT INTO things (id, value, other) VALUES (1, 'bad', 'USD')")
        let byKey = assertExpenseError(
            try db.queryFirst("SELECT other, id, value FROM things") { try StoredRow($0, table: "things", key: .columns(0, 1)).date(2) },
            kind: .invalidData, code: .badStoredValue(table: "things", column: "value", row: "(USD, 1)"))
        XCTAssertEqual(byKey?.message, "things.value of row (USD, 1) holds 'bad', which is not a date (YYYY-MM-DD)")
        let unnamed = assertExpenseError(
            try db.queryFirst("SELECT value FROM things") { try StoredRow($0, table: "things", key: .none).date(0) },
            kind: .invalidData, code: .badStoredValue(table: "things", column: "value", row: nil))
        XCTAssertEqual(unnamed?.message, "things.value holds 'bad', which is not a date (YYYY-MM-DD)")
    }
}
