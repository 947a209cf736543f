import ExpenseTestSupport
import Foundation
import XCTest

/// `expenses rates import|list|show` and conversions at the ECB's rates: the expense's date or
/// the last earlier one with a rate (weekends, holidays, a currency's gaps), exact inverse and
/// cross rates, stored with the expense; a manual --rate still wins.
final class RatesTests: EngineTestCase {
    var app: InProcessApp!
    var ratesFile = ""

    override func setUpWithError() throws {
        app = try InProcessApp()
        ratesFile = app.path("eurofxref-hist.csv")
        try FileManager.default.copyItem(atPath: Fixtures.imports.appendingPathComponent("eurofxref-hist.csv").path, toPath: ratesFile)
    }

    override func tearDown() { app = nil }

    private func conversion(_ id: Int) throws -> String {
        try app.query(
            "SELECT coalesce(rate, '') || '|' || coalesce(rate_date, '') || '|' || coalesce(rate_source, '') || '|' || coalesce(CAST(converted_minor AS TEXT), '') FROM expenses WHERE id = \(id)"
        )
    }

    func testImportListAndShow() throws {
        XCTAssertEqual(
            try app.ok("rates", "import", ratesFile),
            "Imported 28 rates for 5 currencies on 6 days (2026-02-27 to 2026-03-06): 28 new, 0 changed\n")
        XCTAssertEqual(
            try app.ok("rates", "list"),
            """
            CURRENCY  DAYS  FROM        TO          LATEST (1 EUR =)
            CHF          6  2026-02-27  2026-03-06  0.9612
            GBP          6  2026-02-27  2026-03-06  0.8412
            ISK          4  2026-02-27  2026-03-04  150.1
            JPY          6  2026-02-27  2026-03-06  160.86
            USD          6  2026-02-27  2026-03-06  1.0823

            """)
        XCTAssertEqual(
            try app.ok("rates", "list", "--currency", "usd", "--from", "2026-03-05"),
            """
            DATE        1 EUR = USD  1 USD = EUR
            2026-03-05  1.079        0.926784
            2026-03-06  1.0823       0.923958

            """)
        XCTAssertEqual(
            try app.ok("rates", "show", "USD", "2026-03-08"),
            "1 USD = 0.923958 EUR (exactly 1/1.0823): the ECB rate of 2026-03-06, the last one on or before 2026-03-08\n")
        XCTAssertEqual(
            try app.ok("rates", "show", "USD", "2026-03-06", "--into", "CHF"),
            "1 USD = 0.888109 CHF (exactly 0.9612/1.0823): the ECB rate of 2026-03-06\n")
        let json = try app.json("rates", "show", "ISK", "2026-03-06") as? [String: String]
        XCTAssertEqual(
            json,
            [
                "from": "ISK", "to": "EUR", "date": "2026-03-06", "rateDate": "2026-03-04", "rate": "1/150.1",
                "approximately": "0.006662",
            ])
        let none = try app.run("rates", "show", "USD", "2026-02-01")
        XCTAssertEqual(none.status, 65)
        XCTAssertEqual(
            none.stderr,
            """
            expenses: error: no exchange rate from USD to EUR on or before 2026-02-01
            hint: load the ECB's reference rates: expenses rates import eurofxref-hist.csv

            """)
    }

    func testImportingAgainAddsNewDaysAndReplacesChangedRates() throws {
        try app.ok("rates", "import", ratesFile)
        let newer = try String(contentsOfFile: ratesFile, encoding: .utf8)
            .replacingOccurrences(
                of: "2026-03-06,1.0823,160.86,0.9612", with: "2026-03-09,1.0850,161.00,0.9630,0.8430,N/A,\n2026-03-06,1.0823,160.86,0.9620")
        try newer.write(toFile: ratesFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try app.ok("rates", "import", ratesFile),
            "Imported 32 rates for 5 currencies on 7 days (2026-02-27 to 2026-03-09): 4 new, 1 changed\n")
        XCTAssertEqual(try app.query("SELECT per_eur FROM exchange_rates WHERE currency = 'CHF' AND date = '2026-03-06'"), "0.962")
    }

    func testTheDailyFileFormatToo() throws {
        let daily = "Date, USD, JPY, \n06 March 2026, 1.0823, 160.86, \n"
        let path = app.path("eurofxref.csv")
        try daily.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try app.ok("rates", "import", path), "Imported 2 rates for 2 currencies on 1 day (2026-03-06 to 2026-03-06): 2 new, 0 changed\n"
        )
    }

    func testABadRatesFileIsAnErrorAtItsLineAndWritesNothing() throws {
        let bad = app.path("bad.csv")
        try "Date,USD,CHF\n2026-03-06,1.0823,0.9612\n2026-03-05,1.08x,0.9598\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try app.run("rates", "import", bad)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(bad):3: USD: invalid rate '1.08x'\n")
        XCTAssertEqual(try app.query("SELECT count(*) FROM exchange_rates"), "0")
        try "Datum,USD\n".write(toFile: bad, atomically: true, encoding: .utf8)
        XCTAssertTrue(try app.run("rates", "import", bad).stderr.hasPrefix("expenses: error: \(bad):1: not an ECB reference rate file"))
        XCTAssertEqual(try app.run("rates", "import", app.path("missing.csv")).status, 66)
    }

    func testExpensesConvertAtTheRateOfTheirDateOrTheLastEarlierOne() throws {
        try app.ok("report", "new", "Boston", "--currency", "EUR")
        let missing = try app.run(
            "expense", "add", "--report", "1", "--date", "2026-03-08", "--amount", "100", "--currency", "USD",
            "--category", "meals")
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(
            missing.stderr,
            """
            expenses: error: no exchange rate from USD to EUR for 2026-03-08
            hint: give --rate R, where 1 USD = R EUR, or load the ECB's reference rates: expenses rates import eurofxref-hist.csv

            """)
        try app.ok("rates", "import", ratesFile)
        // A Sunday: Friday's rate, exactly 1/1.0823.
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-08", "--amount", "100", "--currency", "USD", "--category", "meals")
        XCTAssertEqual(try conversion(1), "1/1.0823|2026-03-06|table|9240")
        // A weekday has its own rate.
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "100", "--currency", "USD", "--category", "meals")
        XCTAssertEqual(try conversion(2), "1/1.0801|2026-03-04|table|9258")
        // A rate given by hand wins.
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "100", "--currency", "USD", "--rate", "0.9",
            "--category", "meals")
        XCTAssertEqual(try conversion(3), "0.9||manual|9000")
        // Before the first rate there is none: an error, never a conversion at 1.
        XCTAssertEqual(
            try app.run(
                "expense", "add", "--report", "1", "--date", "2026-02-20", "--amount", "1", "--currency", "USD",
                "--category", "meals"
            ).status, 65)
        // Editing the date looks the rate up again; the expense shows the rate and its day.
        try app.ok("expense", "edit", "1", "--date", "2026-03-03")
        XCTAssertEqual(try conversion(1), "1/1.0756|2026-03-03|table|9297")
        XCTAssertTrue(try app.ok("expense", "show", "1").contains("Rate:        0.929714 (1/1.0756, table, 2026-03-03)"))
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "3/27555")
        // Moved into a CHF report: a cross rate of the last day both were quoted.
        try app.ok("report", "new", "Zurich", "--currency", "CHF")
        try app.ok("expense", "move", "1", "--report", "2")
        XCTAssertEqual(try conversion(1), "0.9577/1.0756|2026-03-03|table|8904")
    }

    func testACurrencysGapsUseTheLastDayItWasQuoted() throws {
        try app.ok("rates", "import", ratesFile)
        try app.ok("report", "new", "Reykjavik", "--currency", "EUR")
        try app.ok("report", "new", "Basel", "--currency", "CHF")
        // ISK is N/A on 5 and 6 March: its rate of the 4th.
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-06", "--amount", "15010", "--currency", "ISK", "--category", "meals")
        XCTAssertEqual(try conversion(1), "1/150.1|2026-03-04|table|10000")
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-06", "--amount", "15010", "--currency", "ISK", "--category", "meals")
        XCTAssertEqual(try conversion(2), "0.9605/150.1|2026-03-04|table|9605")
    }

    func testAnImportIntoAReportInAnotherCurrencyConvertsEveryRow() throws {
        try app.ok("rates", "import", ratesFile)
        try app.ok("report", "new", "Basel", "--currency", "CHF")
        let csv = app.path("amex.csv")
        let rules = app.path("amex.rules")
        try FileManager.default.copyItem(atPath: Fixtures.imports.appendingPathComponent("amex.csv").path, toPath: csv)
        try FileManager.default.copyItem(atPath: Fixtures.imports.appendingPathComponent("amex.rules").path, toPath: rules)
        try app.ok("import", csv, "--rules", rules, "--report", "1")
        XCTAssertEqual(
            try app.query(
                "SELECT currency || ' ' || amount_minor || ' ' || rate || ' ' || coalesce(rate_date, '-') || ' ' || converted_minor FROM expenses ORDER BY id"
            ),
            """
            EUR 41280 0.958 2026-03-02 39546
            EUR 2340 0.9577 2026-03-03 2241
            CHF 3850 1 - 3850
            EUR 420 0.9605 2026-03-04 403
            EUR 108990 0.9612 2026-03-06 104761
            """)
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "5/150801")
        // Without rates for a row's date the row is invalid, with a clear reason, and nothing is written.
        try app.ok("report", "new", "Tokyo", "--currency", "JPY")
        let early = app.path("early.csv")
        try "Date,Description,Amount,Currency,Reference\n02/20/2026,SUSHI,12.00,EUR,X1\n".write(
            toFile: early, atomically: true, encoding: .utf8)
        let result = try app.run("import", early, "--rules", rules, "--report", "2")
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "\(early):2: currency: no exchange rate from EUR to JPY for 2026-02-20 "
                    + "(load rates with 'expenses rates import eurofxref-hist.csv')\n"), result.stderr)
        // Found invalid only at its conversion, the row still reaches the rejects file as the statement had it.
        let rejects = app.path("early-rejects.csv")
        try app.ok("import", early, "--rules", rules, "--report", "2", "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(
            try String(contentsOfFile: rejects, encoding: .utf8),
            """
            Date,Description,Amount,Currency,Reference,reason
            02/20/2026,SUSHI,12.00,EUR,X1,\(early):2: currency: no exchange rate from EUR to JPY for 2026-02-20 \
            (load rates with 'expenses rates import eurofxref-hist.csv')

            """)
    }
}
