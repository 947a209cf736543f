import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

final class DateFormatTests: XCTestCase {
    private func parse(_ text: String, _ pattern: String) throws -> Result<CalendarDate, DateFormat.Failure> {
        let format = try DateFormat(pattern)
        return Array(text.utf8).withUnsafeBytes { format.parse($0) }
    }

    private func date(_ text: String, _ pattern: String) throws -> String? {
        try? parse(text, pattern).get().description
    }

    func testCommonStatementFormats() throws {
        XCTAssertEqual(try date("2026-03-02", "%Y-%m-%d"), "2026-03-02")
        XCTAssertEqual(try date("02.03.2026", "%d.%m.%Y"), "2026-03-02")
        XCTAssertEqual(try date("3/2/2026", "%m/%d/%Y"), "2026-03-02")
        XCTAssertEqual(try date("03/02/26", "%m/%d/%y"), "2026-03-02")
        XCTAssertEqual(try date("20260302", "%Y%m%d"), "2026-03-02")
        XCTAssertEqual(try date("2 Mar 2026", "%d %b %Y"), "2026-03-02")
        XCTAssertEqual(try date("02 SEPT 2026", "%d %b %Y"), "2026-09-02")
        XCTAssertEqual(try date("2 March 2026", "%e %B %Y"), "2026-03-02")
        XCTAssertEqual(try date("2026-03-02T14:22:01", "%Y-%m-%dT%H:%M:%S"), "2026-03-02")
        XCTAssertEqual(try date("  02.03.2026 ", "%d.%m.%Y"), "2026-03-02", "surrounding blanks are ignored")
        XCTAssertEqual(DateFormat.iso, try DateFormat("%Y-%m-%d"))
    }

    func testPartialAndWrongMatchesAreErrors() throws {
        XCTAssertEqual(
            try parse("02.03.2026 12:00", "%d.%m.%Y").failure?.message,
            "'02.03.2026 12:00' does not match the date format %d.%m.%Y")
        XCTAssertNil(try date("2026-03-02", "%d.%m.%Y"))
        XCTAssertNil(try date("02.03.26", "%d.%m.%Y"), "%Y needs four digits")
        XCTAssertNil(try date("2 Mrz 2026", "%d %b %Y"))
        XCTAssertNil(try date("2026-03-02T25:00:00", "%Y-%m-%dT%H:%M:%S"))
        XCTAssertEqual(try parse("", "%Y-%m-%d").failure?.message, "empty")
        XCTAssertEqual(try parse("  ", "%Y-%m-%d").failure?.message, "empty")
    }

    func testADayThatDoesNotExistIsNotMovedToTheNextMonth() throws {
        XCTAssertEqual(try parse("30.02.2026", "%d.%m.%Y").failure?.message, "'30.02.2026' is not a day of the calendar")
        XCTAssertNil(try date("2026-13-01", "%Y-%m-%d"))
        XCTAssertEqual(try date("29.02.2028", "%d.%m.%Y"), "2028-02-29")
    }

    func testPatternsMustNameYearMonthAndDayOnce() {
        XCTAssertThrowsError(try DateFormat("%d.%m")) { XCTAssertTrue("\($0)".contains("exactly one year")) }
        XCTAssertThrowsError(try DateFormat("%Y-%m-%d %d"))
        XCTAssertThrowsError(try DateFormat("%Y-%q-%d")) { error in
            XCTAssertTrue((error as? DateFormat.Failure)?.message.contains("unknown '%q'") == true, "\(error)")
        }
        XCTAssertThrowsError(try DateFormat("%Y-%m-%d%"))
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
