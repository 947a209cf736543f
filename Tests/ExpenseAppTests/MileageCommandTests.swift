import ExpenseTestSupport
import Foundation
import XCTest

/// `expense add --category mileage --distance KM`: the amount is computed, never typed, at the
/// dated rate per km (`allowance mileage`), and needs no receipt.
final class MileageCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Stuttgart", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
    }

    override func tearDown() { app = nil }

    private func item(_ id: String) throws -> [String: Any] {
        try XCTUnwrap(try app.json("expense", "show", id) as? [String: Any])
    }

    private func amount(_ item: [String: Any]) -> String? { (item["amount"] as? [String: Any])?["amount"] as? String }

    func testTheAmountIsTheDistanceTimesTheRateExactly() throws {
        let added = try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--category", "mileage", "--distance", "12.3", "--vehicle", "car",
            "--from-place", "Munich", "--to-place", "Stuttgart")
        XCTAssertEqual(added, "Added expense 1 to report 1: 3.69 EUR mileage\n")
        let car = try item("1")
        XCTAssertEqual(amount(car), "3.69")
        XCTAssertEqual(car["distanceKm"] as? String, "12.3")
        XCTAssertEqual(car["vehicle"] as? String, "car")
        XCTAssertEqual(car["fromPlace"] as? String, "Munich")
        XCTAssertEqual(car["toPlace"] as? String, "Stuttgart")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--category", "mileage", "--distance", "123.4",
            "--vehicle", "motorcycle")
        XCTAssertEqual(amount(try item("2")), "24.68", "0.20 EUR a km by motorcycle")
        // No receipt is asked for, even where the category would want one above nothing.
        _ = try app.query("UPDATE categories SET receipt_required_above = 0 WHERE code = 'mileage'")
        let check = try app.run("report", "check", "1")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertFalse(check.stdout.contains("missing-receipt"), check.stdout)
    }

    func testAnAmountWithAMileageItemIsAUsageError() throws {
        let both = try app.run(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--category", "mileage", "--distance", "10", "--amount", "5")
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("a mileage item's amount is computed"), both.stderr)
        XCTAssertTrue(both.stderr.contains("hint: "), both.stderr)
        let noDistance = try app.run("expense", "add", "--report", "1", "--date", "2026-03-02", "--category", "mileage", "--amount", "5")
        XCTAssertEqual(noDistance.status, 64, noDistance.stderr)
        let neither = try app.run("expense", "add", "--report", "1", "--category", "mileage")
        XCTAssertEqual(neither.status, 64)
        XCTAssertTrue(
            neither.stderr.hasPrefix("expenses: error: missing argument '--amount <amount>' (or '--distance' instead)\n"),
            neither.stderr)
        let wrongCategory = try app.run("expense", "add", "--report", "1", "--category", "taxi", "--distance", "10")
        XCTAssertEqual(wrongCategory.status, 64, wrongCategory.stderr)
        for distance in ["0", "-5", "1.25"] {
            let bad = try app.run("expense", "add", "--report", "1", "--category", "mileage", "--distance=\(distance)")
            XCTAssertEqual(bad.status, 65, "\(distance): \(bad.stderr)")
        }
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0", "a failing command writes nothing")
    }

    func testEditingTheDistanceComputesTheAmountAgain() throws {
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--category", "mileage", "--distance", "100")
        try app.ok("expense", "edit", "1", "--distance", "150", "--vehicle", "motorcycle")
        let edited = try item("1")
        XCTAssertEqual(amount(edited), "30.00")
        XCTAssertEqual(edited["vehicle"] as? String, "motorcycle")
        XCTAssertEqual(try app.run("expense", "edit", "1", "--amount", "99").status, 64)
        XCTAssertEqual(try app.run("expense", "edit", "1", "--currency", "USD").status, 64)
        XCTAssertEqual(amount(try item("1")), "30.00")
    }

    func testADatedRateAppliesFromItsDayOn() throws {
        try app.ok("allowance", "mileage", "set", "car", "0.35", "--from", "2026-03-04", "--taxable")
        let rates = try XCTUnwrap(try app.json("allowance", "mileage", "list") as? [[String: Any]])
        XCTAssertEqual(rates.count, 3)
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--category", "mileage", "--distance", "100")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--category", "mileage", "--distance", "100")
        XCTAssertEqual(amount(try item("1")), "30.00")
        XCTAssertEqual(amount(try item("2")), "35.00")
        // Moving the day back computes it at the rate of the new day.
        try app.ok("expense", "edit", "2", "--date", "2026-03-02")
        XCTAssertEqual(amount(try item("2")), "30.00")
        // A rate set later for days already driven changes no amount by itself, nor when the item
        // is only described anew; its journey or day changed, it is computed at the new rate.
        try app.ok("allowance", "mileage", "set", "car", "0.40", "--from", "2026-03-01", "--taxable")
        try app.ok("expense", "edit", "1", "--description", "Customer visit")
        XCTAssertEqual(amount(try item("1")), "30.00")
        try app.ok("expense", "edit", "1", "--vehicle", "car", "--to-place", "Walldorf")
        XCTAssertEqual(amount(try item("1")), "30.00", "the same journey with a place named")
        try app.ok("expense", "edit", "1", "--distance", "100.0", "--date", "2026-03-02")
        XCTAssertEqual(amount(try item("1")), "40.00")
        let bad = try app.run("allowance", "mileage", "set", "car", "0")
        XCTAssertEqual(bad.status, 65, bad.stderr)
    }

    func testTheRateCurrencyIsConvertedIntoTheReports() throws {
        try app.ok("report", "new", "Boston", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "USD")
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-02", "--category", "mileage", "--distance", "100", "--rate", "1.10")
        let item = try item("1")
        XCTAssertEqual(amount(item), "30.00")
        XCTAssertEqual((item["converted"] as? [String: Any])?["amount"] as? String, "33.00")
        XCTAssertEqual((item["converted"] as? [String: Any])?["currency"] as? String, "USD")
    }

    /// A statement row is no journey: a row mapped to mileage is an invalid row at its line, on
    /// a file as on a team database (whose server would refuse it anyway).
    func testAStatementRowCannotBeAMileageItem() throws {
        try "Date,Merchant,Amount\n2026-03-02,Taxi,12.00\n2026-03-03,Fuel trip,30.00\n".write(
            toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category taxi
        if merchant matches ^Fuel then category mileage

        """.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        let result = try app.run("import", app.path("card.csv"), "--rules", app.path("card.rules"), "--report", "1")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("\(app.path("card.csv")):3: category: a mileage item is computed from its distance, not imported"),
            result.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }

    func testAReceiptDoesNotMakeAMileageItem() throws {
        let result = try app.run(
            "receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png"), "--no-ocr", "--create", "--report", "1", "--yes",
            "--amount", "30", "--currency", "EUR", "--category", "mileage", "--date", "2026-03-02")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("a mileage item is computed from its distance, not read from a receipt"), result.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }

    /// A mileage item typed as an amount before journeys were kept is still edited in what does
    /// not change its amount; its amount, day or currency need its distance.
    func testAMileageItemFromBeforeJourneysKeepsItsAmountUntilItsDistanceIsGiven() throws {
        try fileOnly(because: "rows written with SQL by the administrator, which the server refuses: only the owner changes items")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "12.34", "--category", "taxi")
        _ = try app.query("UPDATE expenses SET category = 'mileage'")  // as an earlier version left it
        try app.ok("expense", "edit", "1", "--description", "Customer visit")
        XCTAssertEqual(amount(try item("1")), "12.34")
        XCTAssertEqual(try app.run("expense", "edit", "1", "--amount", "20").status, 64)
        try app.ok("expense", "edit", "1", "--distance", "50")
        XCTAssertEqual(amount(try item("1")), "15.00")
    }
}
