import ExpenseTestSupport
import Foundation
import XCTest

/// `receipt list --format json|csv` is data for scripts, like `report list`: a size in bytes as a
/// number, a total as `{amount, currency}` (two CSV columns, the currency empty when none was
/// printed), the expenses as an array of ids.
final class ReceiptListDataTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    var app: InProcessApp!

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try InProcessApp()
        try app.ok("report", "new", "Munich", "--from", "2026-03-07", "--to", "2026-03-09", "--currency", "EUR")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-07", "--amount", "36", "--category", "taxi", "--merchant", "Funk Taxi")
        _ = try app.ok("receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png"))
        _ = try app.ok("receipt", "capture", ReceiptSamples.path("kiosk-munich-de.jpg"))
    }

    override func tearDown() { app = nil }

    func testJSONHasNumbersAmountsAndArrays() throws {
        let rows = try XCTUnwrap(app.json("receipt", "list") as? [[String: Any]])
        XCTAssertEqual(rows.count, 2)
        let size = try Data(contentsOf: URL(fileURLWithPath: ReceiptSamples.path("taxi-berlin-de.png"))).count
        XCTAssertEqual(rows[0]["size"] as? Int, size)
        XCTAssertEqual(rows[0]["expenseIds"] as? [Int], [1])
        XCTAssertEqual(rows[1]["expenseIds"] as? [Int], [])
        XCTAssertEqual(rows[0]["total"] as? [String: String], ["amount": "36.00", "currency": "EUR"])
        let kiosk = try XCTUnwrap(rows[1]["total"] as? [String: Any])
        XCTAssertEqual(kiosk["amount"] as? String, "7.40")
        XCTAssertTrue(kiosk["currency"] is NSNull, "no currency was printed: \(kiosk)")
    }

    func testCSVHasTwoColumnsForTheTotal() throws {
        let lines = try app.ok("receipt", "list", "--format", "csv").split(separator: "\r\n").map(String.init)
        let size = try Data(contentsOf: URL(fileURLWithPath: ReceiptSamples.path("taxi-berlin-de.png"))).count
        XCTAssertEqual(lines[0], "id,capturedAt,mediaType,size,name,expenseIds,merchant,date,total,totalCurrency")
        XCTAssertTrue(lines[1].hasSuffix(",\(size),taxi-berlin-de.png,1,Funk Taxi Berlin GmbH,2026-03-07,36.00,EUR"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(",kiosk-munich-de.jpg,,Kiosk am Stachus,2026-03-08,7.40,"), lines[2])
    }
}
