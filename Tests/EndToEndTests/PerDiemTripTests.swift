import ExpenseTestSupport
import Foundation
import XCTest

/// A traveller's five-day trip settled with the built binary, as `help per-diem` and the
/// commands' help tell it: leaving Monday morning, Germany then France, breakfasts at the hotel
/// and a customer's dinner, a taxi; shown, submitted, and frozen: the rates corrected after the
/// submission change nothing of it.
final class PerDiemTripTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    /// The per-diem section of `report show 1`, from its heading to its total.
    private func perDiems() throws -> String {
        let text = try app.ok("report", "show", "1")
        guard let start = text.range(of: "Per diems ("),
            let end = text.range(of: "Per diems total: ", range: start.upperBound..<text.endIndex),
            let line = text[end.upperBound...].firstIndex(of: "\n")
        else { return text }
        return String(text[start.lowerBound...line])
    }

    /// The binary never shows a due without per diems it cannot compute as a plain figure (issue 42).
    func testADueWithoutPerDiemsItCannotComputeSaysItIsIncomplete() throws {
        // Antarctica: the BMF lists no rates for it; the file's start in 2027.
        let rates = app.path("aq-2027.csv")
        try "country,valid_from,full_day,partial_day,currency\nAQ,2027-01-01,53.00,36.00,EUR\n".write(
            toFile: rates, atomically: true, encoding: .utf8)
        try app.ok("allowance", "rates", "import", rates)
        try app.ok("report", "new", "McMurdo", "--from", "2026-03-02T07:30", "--to", "2026-03-04T18:00", "--country", "DE")
        try app.ok("report", "stop", "1", "--date", "2026-03-03", "--country", "AQ")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "18.00", "--category", "taxi")
        let show = try app.ok("report", "show", "1")
        XCTAssertTrue(show.contains("Due to employee:      at least 18.00 EUR\n"), show)
        XCTAssertTrue(show.contains("  incomplete: its per diems cannot be computed: no allowance rate for AQ on 2026-03-03"), show)
    }

    func testAFiveDayTripSettlesAndStaysAsSubmitted() throws {
        let rates = app.path("bmf-2026.csv")
        try "country,valid_from,full_day,partial_day,currency\nFR,2026-01-01,53.00,36.00,EUR\n".write(
            toFile: rates, atomically: true, encoding: .utf8)
        // The BMF's row ships with the app: importing the letter's figure changes nothing.
        XCTAssertEqual(
            try app.ok("allowance", "rates", "import", rates),
            "Imported 1 rate for 1 country from \(rates): 0 new, 0 changed, 1 as they were\n")
        try app.ok(
            "report", "new", "Customer visit", "--destination", "Walldorf, then Strasbourg", "--from", "2026-03-02T07:30", "--to",
            "2026-03-06T18:00")
        try app.ok("report", "meals", "1", "--date", "2026-03-03", "--provided", "breakfast")
        try app.ok("report", "meals", "1", "--date", "2026-03-04", "--provided", "breakfast,dinner")
        try app.ok("report", "stop", "1", "--date", "2026-03-05", "--country", "FR")
        try app.ok("report", "meals", "1", "--date", "2026-03-05", "--provided", "breakfast")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "18.00", "--category", "taxi")
        let computed = try perDiems()
        XCTAssertEqual(
            computed,
            """
            Per diems (computed from the trip; frozen when it is submitted):
            DATE        COUNTRY  MEALS                  RATE  DEDUCTIONS     AMOUNT  WHY
            2026-03-02  DE                         14.00 EUR    0.00 EUR  14.00 EUR  departure day
            2026-03-03  DE       breakfast         28.00 EUR   -5.60 EUR  22.40 EUR  full day
            2026-03-04  DE       breakfast,dinner  28.00 EUR  -16.80 EUR  11.20 EUR  full day
            2026-03-05  FR       breakfast         53.00 EUR  -10.60 EUR  42.40 EUR  full day
            2026-03-06  FR                         36.00 EUR    0.00 EUR  36.00 EUR  return day
            Per diems total: 126.00 EUR

            """)
        XCTAssertTrue(try app.ok("report", "show", "1").hasSuffix("Per diems:            126.00 EUR\nDue to employee:      144.00 EUR\n"))
        // On a team database the server adds what it found: alice loaded the rates she is paid by.
        let submitted = try app.ok("report", "submit", "1")
        XCTAssertTrue(submitted.hasPrefix("Submitted report 1: Customer visit (per diems 126.00 EUR, frozen with it)\n"), submitted)

        // The rates are corrected after the submission: Germany's and France's go up (Germany's
        // above the BMF table's, marked taxable, as a team database asks).
        try "country,valid_from,full_day,partial_day,currency\nDE,2026-01-01,30.00,15.00,EUR\nFR,2026-01-01,60.00,40.00,EUR\n"
            .write(toFile: rates, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try app.ok("allowance", "rates", "import", rates, "--taxable"),
            "Imported 2 rates for 2 countries from \(rates): 1 new, 1 changed, 0 as they were\n")
        XCTAssertEqual(
            try perDiems(),
            computed.replacingOccurrences(of: "computed from the trip; frozen when it is submitted", with: "frozen when it was submitted"))
        try app.ok("--user", "bob", "report", "approve", "1")
        try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-7")
        let json = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])
        XCTAssertEqual((json["totals"] as? [String: Any])?["dueToEmployee"] as? [String: String], ["amount": "144.00", "currency": "EUR"])
        let html = app.path("visit.html")
        try app.ok("report", "export", "1", "-o", html)
        XCTAssertTrue(
            try String(contentsOfFile: html, encoding: .utf8).contains("Per diems total 126.00 EUR, frozen when the report was submitted."))
        XCTAssertEqual(
            try XCTUnwrap(app.json("report", "history", "1") as? [[String: Any]]).compactMap { $0["action"] as? String },
            [
                "meals 2026-03-03 breakfast", "meals 2026-03-04 breakfast,dinner", "stop 2026-03-05 FR", "meals 2026-03-05 breakfast",
                "submit",
                "approve", "reimburse",
            ])
    }
}
