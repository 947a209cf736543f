import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// The fingerprints of imported rows are stored: these values must never change, or every
/// statement imported before would be imported again. (They were computed independently, with
/// a few lines of Python following RowFingerprint's description.)
final class RowFingerprintTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!.dayNumber

    func testPinnedValues() {
        XCTAssertEqual(day, 20514)
        let content = RowFingerprint.content(day: day, amountMinor: 41280, currency: "EUR", merchant: "Hotel Astoria")
        XCTAssertEqual(content, 0xDFF7_7F78_9E61_B7D2)
        XCTAssertEqual(RowFingerprint.key(content: content, occurrence: 1), -3_849_321_151_080_935_100)
        XCTAssertEqual(RowFingerprint.key(content: content, occurrence: 2), 4_829_898_275_605_922_289)
        XCTAssertEqual(
            RowFingerprint.content(day: day, amountMinor: -41280, currency: "EUR", merchant: "Hotel Astoria"),
            0x4C97_6333_68DC_B32B)
    }

    func testMerchantsAreNormalized() {
        let plain = RowFingerprint.content(day: day, amountMinor: 41280, currency: "EUR", merchant: "Hotel Astoria")
        XCTAssertEqual(RowFingerprint.content(day: day, amountMinor: 41280, currency: "EUR", merchant: "  HOTEL \t astoria "), plain)
        XCTAssertNotEqual(RowFingerprint.content(day: day, amountMinor: 41280, currency: "EUR", merchant: "Hotel Astoria 2"), plain)
        XCTAssertNotEqual(RowFingerprint.content(day: day, amountMinor: 41280, currency: "CHF", merchant: "Hotel Astoria"), plain)
        XCTAssertNotEqual(RowFingerprint.content(day: day + 1, amountMinor: 41280, currency: "EUR", merchant: "Hotel Astoria"), plain)
        XCTAssertNotEqual(RowFingerprint.content(day: day, amountMinor: 41281, currency: "EUR", merchant: "Hotel Astoria"), plain)
    }
}
