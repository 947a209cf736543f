import ExpenseCore
import ExpenseSupport
import XCTest

/// How far a rate given by hand may be from the ECB's: read as a percentage, compared exactly.
final class RateToleranceTests: XCTestCase {
    func testReadsAPercentageAndSaysItBack() throws {
        for (text, points, said) in [
            ("5%", 500, "5%"), ("12 %", 1200, "12%"), ("2.5%", 250, "2.5%"), ("0.25%", 25, "0.25%"), ("0.05", 5, "0.05%"),
            ("100%", 10_000, "100%"), ("0%", 0, "0%"),
        ] {
            let tolerance = try RateTolerance.parse(text)
            XCTAssertEqual(tolerance.basisPoints, points, text)
            XCTAssertEqual(tolerance.description, said, text)
        }
        for text in ["", "%", "-5%", "5.%", "1.234%", "101%", "five", "5%%", "1e2"] {
            XCTAssertThrowsError(try RateTolerance.parse(text), text) { error in
                XCTAssertEqual((error as? ExpenseError)?.message, "invalid rate tolerance '\(text)'")
            }
        }
        XCTAssertEqual(RateTolerance.standard.description, "5%")
    }

    /// Bounds included, exactly, also for rates whose fractions need more than 128 bits to compare.
    func testAdmitsARateWithinItsBoundsExactly() throws {
        let five = try RateTolerance.parse("5%")
        let two = ExchangeRate(significand: 2, scale: 0)
        for (rate, admitted) in [("2.1", true), ("2.1000001", false), ("1.9", true), ("1.8999999", false), ("2", true)] {
            XCTAssertEqual(five.admits(try ExchangeRate.parse(rate), around: two), admitted, rate)
        }
        let ecb = try ExchangeRate.parse("1/1.0823")  // 0.923958...
        XCTAssertFalse(five.admits(try ExchangeRate.parse("0.8316"), around: ecb))
        XCTAssertTrue(five.admits(try ExchangeRate.parse("0.95"), around: ecb))
        XCTAssertTrue(try RateTolerance.parse("12%").admits(try ExchangeRate.parse("0.8316"), around: ecb))
        let huge = try ExchangeRate.parse("999999.999999999999/0.000000000001")
        XCTAssertTrue(five.admits(huge, around: huge))
        XCTAssertFalse(five.admits(huge, around: ecb))
        XCTAssertEqual(RateTolerance.deviation(of: try ExchangeRate.parse("0.8316"), from: ecb), "10.0%")
    }
}
