import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// The ECB's reference rates read from bytes: both of the bank's layouts, and every malformed
/// file an error at FILE:LINE.
final class ReferenceRatesTests: XCTestCase {
    private func days(_ text: String) throws -> [ReferenceRates.Day] {
        var days: [ReferenceRates.Day] = []
        try ReferenceRates.read(CSVReader(bytes: Array(text.utf8), separator: UInt8(ascii: ",")), file: "rates.csv") { days.append($0) }
        return days
    }

    private func assertError(
        _ text: String, _ message: String, at location: String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try days(text), file: file, line: line) { error in
            guard let error = error as? ExpenseError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, .invalidData, file: file, line: line)
            XCTAssertEqual(error.message, message, file: file, line: line)
            XCTAssertEqual(error.location, location, file: file, line: line)
        }
    }

    func testTheHistoryAndTheDailyLayout() throws {
        let history = try days("Date,USD,JPY,ISK,\n2026-03-06,1.0823,160.86,N/A,\n\n2026-03-05,1.0790,161.10,N/A,\n")
        XCTAssertEqual(history.map(\.line), [2, 4])
        XCTAssertEqual(history[0].date, CalendarDate(year: 2026, month: 3, day: 6))
        XCTAssertEqual(history[0].rates.map(\.currency), ["USD", "JPY"])
        XCTAssertEqual(history[0].rates[0].perEUR, try ExchangeRate.parse("1.0823"))
        let daily = try days("Date, USD, JPY, \n06 March 2026, 1.0823, 160.86, \n")
        XCTAssertEqual(daily.map(\.date), [CalendarDate(year: 2026, month: 3, day: 6)])
        XCTAssertEqual(daily[0].rates.map(\.currency), ["USD", "JPY"])
    }

    func testMalformedFilesAreErrorsAtTheirLine() {
        assertError("", "rates.csv is empty", at: nil)
        assertError("Day,USD\n", "not an ECB reference rate file: the first column is 'Day', not 'Date'", at: "rates.csv:1")
        assertError("Date,US Dollar\n", "column 2: 'US Dollar' is not a currency code", at: "rates.csv:1")
        assertError("Date,USD\n2026-03-06,1.08\n2026-02-30,1.07\n", "invalid date '2026-02-30'", at: "rates.csv:3")
        assertError("Date,USD\n2026-03-06,-1.08\n", "USD: invalid rate '-1.08'", at: "rates.csv:2")
        assertError("Date,USD\n99999999999999999999 March 2026,1\n", "invalid date '99999999999999999999 March 2026'", at: "rates.csv:2")
        assertError("Date,USD\n2026-03-06,\"1.08\n", "the file ends inside a quoted field that starts here", at: "rates.csv:2")
        let wide = "Date" + String(repeating: ",USD", count: 1_001) + "\n"
        assertError(wide, "1001 currency columns; an ECB file has at most 1000", at: "rates.csv:1")
    }
}
