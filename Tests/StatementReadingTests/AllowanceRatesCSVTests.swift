import ExpenseCore
import ExpenseSupport
import XCTest

@testable import StatementReading

/// The per-diem table's CSV (`allowance rates import`): columns by name, quoted fields, bounds,
/// and every bad row an error at FILE:LINE.
final class AllowanceRatesCSVTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/allowances")

    private func read(_ text: String) throws -> [String] {
        try AllowanceRatesCSV.read(Array(text.utf8), file: "rates.csv").map { row in
            "\(row.line) \(row.rate.country) \(row.rate.validFrom) \(row.rate.fullDay) \(row.rate.partialDay)"
        }
    }

    /// The error `text` is refused with, as `LOCATION: MESSAGE`.
    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let rows = try AllowanceRatesCSV.read(Array(text.utf8), file: "rates.csv")
            XCTFail("read \(rows.count) rows", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(error.kind, .invalidData, file: file, line: line)
            return "\(error.location ?? "-"): \(error.message)"
        }
    }

    func testColumnsAreFoundByNameQuotedFieldsReadAndOthersIgnored() throws {
        let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent("foreign.csv")))
        let rows = try AllowanceRatesCSV.read(bytes, file: "foreign.csv")
        XCTAssertEqual(
            rows.map { "\($0.line) \($0.rate.country) \($0.rate.validFrom) \($0.rate.fullDay) \($0.rate.partialDay)" },
            [
                "2 FR 2026-01-01 53.00 EUR 36.00 EUR", "3 CH 2025-01-01 64.00 CHF 43.00 CHF", "4 AT 2026-01-01 50.00 EUR 33.00 EUR",
                "5 DE 2026-01-01 30.00 EUR 15.00 EUR",
            ])
        XCTAssertEqual(
            try read("\u{FEFF}Currency ,x,PARTIAL_DAY, country ,valid_from,full_day\r\nJPY,y,4000,jp,2026-01-01,6000\r\n\r\n"),
            ["2 JP 2026-01-01 6,000 JPY 4,000 JPY"], "any order and case, a byte order mark, CRLF, blank lines")
        XCTAssertEqual(try read("country,valid_from,full_day,partial_day,currency\n"), [], "a header alone is an empty table")
        XCTAssertEqual(
            try read("country,valid_from,full_day,partial_day,currency\n\"FR\",\"2026-01-01\",\"53\",\"36\",\"EUR\""),
            ["2 FR 2026-01-01 53.00 EUR 36.00 EUR"], "quoted, and no line break at the end")
    }

    func testABadRowIsAnErrorAtItsLine() {
        let header = "country,valid_from,full_day,partial_day,currency\n"
        XCTAssertEqual(refusal(""), "rates.csv:1: rates.csv is empty")
        XCTAssertEqual(
            refusal("country,valid_from,full_day,currency\nDE,2026-01-01,1,EUR\n"), "rates.csv:1: the header has no column partial_day")
        XCTAssertEqual(refusal(header + "FR,2026-01-01,53.00,36.00,EUR\nFRA,2026-01-01,1,1,EUR\n"), "rates.csv:3: invalid country 'FRA'")
        XCTAssertEqual(
            refusal(header + "FR,2026-02-30,1,1,EUR\n"), "rates.csv:2: invalid date '2026-02-30': that day does not exist")
        XCTAssertEqual(refusal(header + "FR,2026-01-01,53.001,36,EUR\n").hasPrefix("rates.csv:2: "), true)
        XCTAssertEqual(refusal(header + "FR,2026-01-01,-1,36,EUR\n"), "rates.csv:2: the allowance for FR from 2026-01-01 is negative")
        XCTAssertEqual(refusal(header + "FR,2026-01-01,1,1,EURO\n").hasPrefix("rates.csv:2: "), true)
        XCTAssertEqual(refusal(header + "FR,2026-01-01,1\n"), "rates.csv:2: 3 fields, the header has 5")
        XCTAssertEqual(
            refusal(header + "FR,2026-01-01,1,1,EUR\n\"FR\n"), "rates.csv:3: the file ends inside a quoted field that starts here")
        XCTAssertEqual(
            refusal(header + "FR,2026-01-01,53,36,EUR\nCH,2026-01-01,1,1,CHF\nfr,2026-01-01,54,36,EUR\n"),
            "rates.csv:4: a second row for FR from 2026-01-01; line 2 has one")
        XCTAssertEqual(refusal(header + "FR,2026-01-01,1,1,EU\u{FF}\n"), "rates.csv:2: unknown currency 'EUÿ'")
        XCTAssertThrowsError(try AllowanceRatesCSV.read(Array((header + "FR,2026-01-01,1,1,").utf8) + [0xFF, 10], file: "rates.csv")) {
            XCTAssertEqual(($0 as? ExpenseError).map { "\($0.location ?? ""): \($0.message)" }, "rates.csv:2: currency is not UTF-8 text")
        }
    }

    func testTheReaderIsBounded() {
        let header = "country,valid_from,full_day,partial_day,currency\n"
        XCTAssertTrue(
            refusal(header + "FR,2026-01-01,1,1,EUR," + String(repeating: "x", count: AllowanceRatesCSV.maximumLineBytes) + "\n")
                .hasPrefix("rates.csv:2: "), "a line longer than a table's")
        XCTAssertTrue(
            refusal(header + String(repeating: ",", count: AllowanceRatesCSV.maximumColumns + 1) + "\n").hasPrefix("rates.csv:2: "))
        XCTAssertEqual(
            refusal(String(repeating: " ", count: AllowanceRatesCSV.maximumBytes + 1)),
            "-: rates.csv is larger than 4 MiB, more than an allowance table holds")
        let start = CalendarDate(year: 1800, month: 1, day: 1)!.dayNumber
        let many = (0...AllowanceRatesCSV.maximumRows).map { "DE,\(CalendarDate(dayNumber: start + $0)),1,1,EUR" }
        XCTAssertEqual(refusal(header + many.joined(separator: "\n")), "rates.csv:100002: more than 100000 rows")
    }

    func testAPlaceAndALodgingFlatAreReadWhenTheHeaderHasThem() throws {
        let text = """
            country,place,valid_from,full_day,partial_day,lodging,currency
            FR,,2026-01-01,53.00,36.00,105.00,EUR
            FR,Paris,2026-01-01,58.00,39.00,159.00,EUR
            "US","New York City",2026-01-01,66,44,,EUR
            """
        let rows = try AllowanceRatesCSV.read(Array(text.utf8), file: "rates.csv")
        XCTAssertEqual(
            rows.map { "\($0.rate.country) '\($0.rate.place)' \($0.rate.fullDay) \($0.rate.lodging?.description ?? "none")" },
            ["FR '' 53.00 EUR 105.00 EUR", "FR 'Paris' 58.00 EUR 159.00 EUR", "US 'New York City' 66.00 EUR none"])
        let header = "country,place,valid_from,full_day,partial_day,lodging,currency\n"
        XCTAssertEqual(
            refusal(header + "FR,Paris,2026-01-01,58,39,159,EUR\nFR,,2026-01-01,53,36,105,EUR\nFR,Paris,2026-01-01,58,39,160,EUR\n"),
            "rates.csv:4: a second row for Paris (FR) from 2026-01-01; line 2 has one")
        XCTAssertEqual(
            refusal(header + "FR,Paris,2026-01-01,58,39,-1,EUR\n"), "rates.csv:2: the allowance for Paris (FR) from 2026-01-01 is negative")
        XCTAssertEqual(
            refusal(header + "FR,\"Pa\nris\",2026-01-01,58,39,159,EUR\n"), "rates.csv:2: the place \"Pa\nris\" of FR is not a name")
    }
}
