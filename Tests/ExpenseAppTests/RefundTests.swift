import ExpenseTestSupport
import Foundation
import XCTest

/// A negative amount is a refund (issue 31, point 11): said in help and when added, taken from
/// the total; a per diem or mileage, owed and never paid, is never negative. On both engines.
final class RefundTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Berlin", "--from", "2026-03-02", "--to", "2026-03-04", "--currency", "EUR")
    }

    override func tearDown() { app = nil }

    func testANegativeAmountIsARefundAndSaidSo() throws {
        XCTAssertTrue(try app.ok("help", "expense", "add").contains("a negative amount is a refund"))
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "30", "--category", "taxi")
        let refund = try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "-5", "--category", "taxi")
        XCTAssertEqual(refund, "Added expense 2 to report 1: -5.00 EUR taxi (a refund: it takes from the total)\n")
        let totals = try XCTUnwrap((app.json("report", "show", "1") as? [String: Any])?["totals"] as? [String: Any])
        XCTAssertEqual((totals["total"] as? [String: String])?["amount"], "25.00")
    }

    func testAPerDiemIsNeverNegative() throws {
        let result = try app.run("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "-14", "--category", "per_diem")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("expenses: error: a per diem cannot be negative (-14.00 EUR)\n"), result.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }
}
