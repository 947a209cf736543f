import ExpenseTestSupport
import Foundation
import XCTest

/// On a terminal a command asks for what it was not given, one field per line, as `gh` does:
/// defaults in brackets, TAB completion, a bad value asked again, Ctrl-C or Ctrl-D cancelling
/// with nothing written. Typed through a real pseudo-terminal.
final class FormTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.useTerminal()
        // Today is 2026-03-10 (EXPENSES_NOW), after the trip.
        try app.ok("report", "new", "Munich trip", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
        try app.ok("expense", "add", "--report", "1", "--amount", "5", "--category", "taxi", "--merchant", "Isar Taxi")
    }

    override func tearDown() { app = nil }

    func testAddExpenseFromALauncherAsksWithDefaultsCompletionAndAsksABadValueAgain() throws {
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.addExpense"],
            steps: [
                ["expect": "New expense in report 1: Munich trip"],
                ["expect": "  Date [2026-03-02]: "], ["send": "\r"],  // the trip's first day
                ["expect": "  Merchant (optional): "], ["send": "Isa\t"], ["expect": "r Taxi"], ["send": "\r"],
                ["expect": "  Category [taxi]: "], ["send": "\r"],  // last used for the merchant
                ["expect": "  Currency [EUR]: "], ["send": "\r"],  // the report's
                ["expect": "  Amount: "], ["send": "12.345\r"],
                ["expect": "invalid amount '12.345': EUR has 2 decimals"], ["expect": "  Amount: "], ["send": "12.30\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],  // optional: none
                ["expect": "Added expense 2 to report 1: 12.30 EUR taxi"], ["expect": "expenses:report 1> "],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(
            try app.query("SELECT merchant, date, category, amount_minor, currency FROM expenses WHERE id = 2"),
            "Isar Taxi|2026-03-02|taxi|1230|EUR")
    }

    /// A report that cannot take items is refused before the first question, not after every
    /// field was answered (issue 31, point 2).
    func testAFrozenReportIsRefusedBeforeTheFirstQuestion() throws {
        try app.ok("report", "submit", "1")
        let result = try app.terminal(
            arguments: ["expense", "add", "--report", "1", "--category", "taxi"],
            steps: [["expect": "report 1 is submitted; cannot add items"]])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertFalse(result.stdout.contains("Date ["), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
    }

    func testAnotherCurrencyWithoutARateAsksForTheRate() throws {
        let result = try app.terminal(
            arguments: ["expense", "add", "--report", "1", "--category", "meals", "--currency", "CHF"],
            steps: [
                ["expect": "  Date [2026-03-02]: "], ["send": "2026-03-03\r"],
                ["expect": "  Merchant (optional): "], ["send": "\r"],
                ["expect": "  Amount: "], ["send": "38.50\r"],
                ["expect": "  Rate (1 CHF in EUR): "], ["send": "1.0412\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],
                ["expect": "Added expense 2 to report 1: 38.50 CHF meals"],
            ])
        XCTAssertEqual(result.status, 0, "a one-shot command on a terminal asks, then ends:\n\(result.stdout)")
        XCTAssertEqual(try app.query("SELECT converted_minor FROM expenses WHERE id = 2"), "4009")
    }

    /// A table rate more than rates.max-age-days older than the day is asked for like a missing one.
    func testAStaleRateIsAskedForLikeAMissingOne() throws {
        try app.ok("rates", "import", ImportTests.fixtures.appendingPathComponent("eurofxref-hist.csv").path)  // to 2026-03-06
        let result = try app.terminal(
            arguments: ["expense", "add", "--report", "1", "--category", "meals", "--currency", "CHF", "--date", "2026-12-03"],
            steps: [
                ["expect": "  Merchant (optional): "], ["send": "\r"],
                ["expect": "  Amount: "], ["send": "38.50\r"],
                ["expect": "  Rate (1 CHF in EUR): "], ["send": "1.0412\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],
                ["expect": "Added expense 2 to report 1: 38.50 CHF meals"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT rate_source, converted_minor FROM expenses WHERE id = 2"), "manual|4009")
    }

    func testAMileageItemIsAskedItsJourneyInsteadOfAnAmountAndLodgingItsNights() throws {
        let mileage = try app.terminal(
            arguments: ["expense", "add", "--report", "1", "--category", "mileage"],
            steps: [
                ["expect": "  Date [2026-03-02]: "], ["send": "\r"],
                ["expect": "  Merchant (optional): "], ["send": "\r"],
                ["expect": "  Distance (km): "], ["send": "0\r"], ["expect": "it must be more than zero"],
                ["expect": "  Distance (km): "], ["send": "12.3\r"],
                ["expect": "  Vehicle (car, motorcycle) [car]: "], ["send": "\r"],
                ["expect": "  From (optional): "], ["send": "Munich\r"],
                ["expect": "  To (optional): "], ["send": "Stuttgart\r"],
                ["expect": "Added expense 2 to report 1: 3.69 EUR mileage"],
            ])
        XCTAssertEqual(mileage.status, 0, mileage.stdout)
        XCTAssertEqual(
            try app.query("SELECT amount_minor, distance_tenths, vehicle, from_place, to_place FROM expenses WHERE id = 2"),
            "369|123|car|Munich|Stuttgart")
        let lodging = try app.terminal(
            arguments: ["expense", "add", "--report", "1", "--category", "lodging"],
            steps: [
                ["expect": "  Date [2026-03-02]: "], ["send": "\r"],
                ["expect": "  Merchant (optional): "], ["send": "Hotel Astoria\r"],
                ["expect": "  Currency [EUR]: "], ["send": "\r"],
                ["expect": "  Amount: "], ["send": "900\r"],
                ["expect": "  Nights [1]: "], ["send": "3\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],
                ["expect": "Added expense 3 to report 1: 900.00 EUR lodging"],
            ])
        XCTAssertEqual(lodging.status, 0, lodging.stdout)
        XCTAssertEqual(try app.query("SELECT nights FROM expenses WHERE id = 3"), "3")
    }

    func testNewReportAtThePromptAsksEveryFieldAndCompletesTheCountryAndCurrency() throws {
        let departure = "  Departure (YYYY-MM-DD, with THH:MM for the time) (optional): "
        let back = "  Return (YYYY-MM-DD, with THH:MM for the time) [2026-04-01]: "
        let result = try app.terminal(steps: [
            ["expect": "expenses> "], ["send": "report new\r"],
            ["expect": "  Title: "], ["send": "\r"], ["expect": "title is required"],
            ["expect": "  Title: "], ["send": "Basel fair\r"],
            ["expect": "  Purpose (optional): "], ["send": "\r"],
            ["expect": "  Destination (optional): "], ["send": "Basel, CH\r"],
            ["expect": departure], ["send": "2026-04-31\r"], ["expect": "April 2026 has 30 days"],
            ["expect": departure], ["send": "2026-04-01T07:30\r"],
            ["expect": back], ["send": "2026-04-01T06:00\r"], ["expect": "before it leaves"],
            ["expect": back], ["send": "2026-04-03T19:15\r"],
            // A code that is no country is refused with the closest the table knows, then TAB offers DE.
            ["expect": "  Country (none: no per diems) [DE]: "], ["send": "DR\r"], ["expect": "the allowance table has no rates for DR"],
            ["expect": "did you mean 'AR'?"],
            ["expect": "  Country (none: no per diems) [DE]: "], ["send": "de\t"], ["expect": "DE"], ["send": "\r"],
            ["expect": "  Currency [EUR]: "], ["send": "CH\t\t"], ["expect": "CHF"], ["send": "F\r"],
            ["expect": "Created report 2: Basel fair"], ["expect": "expenses> "], ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(
            try app.query(
                "SELECT title, destination, start_date, start_time, end_date, end_time, country, currency FROM reports WHERE id = 2"),
            "Basel fair|Basel, CH|2026-04-01|07:30|2026-04-03|19:15|DE|CHF")
    }

    func testMealsAreAskedForADayOfTheTripAndCompletedAfterTheLastComma() throws {
        let result = try app.terminal(
            arguments: ["report", "meals", "1"],
            steps: [
                ["expect": "Meals provided in report 1: Munich trip (2026-03-02 to 2026-03-06)"],
                ["expect": "  Day (YYYY-MM-DD) [2026-03-02]: "], ["send": "2026-03-09\r"], ["expect": "outside the trip"],
                ["expect": "  Day (YYYY-MM-DD) [2026-03-02]: "], ["send": "2026-03-04\r"],
                ["expect": "  Meals provided (breakfast, lunch, dinner, or none): "], ["send": "breakfast,d\t"], ["expect": "inner"],
                ["send": "\r"],
                ["expect": "Report 1: 2026-03-04, breakfast, dinner provided"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT date, breakfast, lunch, dinner FROM report_meals"), "2026-03-04|1|0|1")
        // Asked again for that day, what it has is the default.
        let again = try app.terminal(
            arguments: ["report", "meals", "1", "--date", "2026-03-04"],
            steps: [
                ["expect": "  Meals provided (breakfast, lunch, dinner, or none) [breakfast,dinner]: "], ["send": "none\r"],
                ["expect": "Report 1: 2026-03-04, no meals provided"],
            ])
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM report_meals"), "0")
    }

    func testAStopAsksForTheCountryAndThePlace() throws {
        let result = try app.terminal(
            arguments: ["report", "stop", "1", "--date", "2026-03-04"],
            steps: [
                ["expect": "Stop in report 1: Munich trip"],
                ["expect": "  Country from that day on (none removes the stop): "], ["send": "FR\r"],
                ["expect": "  Place there (optional): "], ["send": "Paris\r"],
                ["expect": "Report 1: from 2026-03-04 the trip is in FR Paris"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT date, country, place FROM report_stops"), "2026-03-04|FR|Paris")
    }

    func testCtrlCCancelsTheWholeFormAndWritesNothing() throws {
        let before = try app.query("SELECT count(*) FROM expenses") + "/" + (try app.query("SELECT count(*) FROM reports"))
        let result = try app.terminal(
            arguments: ["report", "new"],
            steps: [
                ["expect": "  Title: "], ["send": "Basel fair\r"],
                ["expect": "  Purpose (optional): "], ["send": "\u{3}"],
                ["expect": "cancelled"],
            ])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("nothing was written"), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses") + "/" + (try app.query("SELECT count(*) FROM reports")), before)
    }

    func testEndOfInputMidFormCancels() throws {
        let result = try app.terminal(
            arguments: ["expense", "add", "--report", "1"],
            steps: [
                ["expect": "  Date [2026-03-02]: "], ["send": "\r"],
                ["expect": "  Merchant (optional): "], ["send": "\u{4}"],
                ["expect": "cancelled"],
            ])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
    }

    func testAFailedFormStaysInTheSessionAtTheTarget() throws {
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.newReport"],
            steps: [
                ["expect": "  Title: "], ["send": "\u{3}"], ["expect": "cancelled"],
                ["expect": "expenses> "], ["send": "report list --format csv\r"], ["expect": "1,Munich trip"], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 1, "the launch's status, once the person leaves:\n\(result.stdout)")
    }

    func testWithoutATerminalNothingIsAsked() throws {
        let result = try app.run(["expense", "add", "--report", "1", "--category", "taxi"], stdin: "12.30\n")
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix("expenses: error: missing argument '--amount <amount>' (or '--distance' instead)\n"),
            result.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
    }

    func testTakePhotoAsksForTheFileThenWhatOCRReadForTheCurrentTripAt80Columns() throws {
        try takePhoto(columns: 80)
    }

    func testTakePhotoAsksForTheFileThenWhatOCRReadForTheCurrentTripAt120Columns() throws {
        try takePhoto(columns: 120)
    }

    func testTakePhotoDoesNotOfferATripWhoseDatesDoNotIncludeTheReceipts() throws {
        // The current trip is later than the taxi's receipt of 2026-03-04.
        try app.ok("report", "edit", "1", "--from", "2026-03-09", "--to", "2026-03-13")
        let sample = ReceiptSamples.path("taxi-zurich-ch.png")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.takePhoto"],
            steps: [
                ["expect": "  Receipt file (a photo or a PDF): "], ["send": sample + "\r"],
                ["expect": "Expense from taxi-zurich-ch.png, in no report (unassigned)"],
                ["expect": "  Create an expense from it (yes/no) [yes]: "], ["send": "\r"],
                ["expect": "  Date [2026-03-04]: "], ["send": "\r"],
                ["expect": "  Merchant [TAXI ZENTRALE ZUERICH AG]: "], ["send": "\r"],
                ["expect": "  Category [taxi]: "], ["send": "\r"],
                ["expect": "  Currency [CHF]: "], ["send": "\r"],
                ["expect": "  Amount [49.50]: "], ["send": "\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],
                ["expect": "Created expense 2 (unassigned): 49.50 CHF taxi"], ["expect": "> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT coalesce(CAST(report_id AS TEXT), 'none') FROM expenses WHERE id = 2"), "none")
    }

    private func takePhoto(columns: Int) throws {
        app.useTerminal(columns: columns)
        let sample = ReceiptSamples.path("taxi-zurich-ch.png")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.takePhoto"],
            steps: [
                ["expect": "  Receipt file (a photo or a PDF): "], ["send": "/nonexistent.jpg\r"],
                ["expect": "cannot read /nonexistent.jpg"],
                ["expect": "  Receipt file (a photo or a PDF): "], ["send": String(sample.dropLast(9)) + "\t"], ["expect": "ch.png"],
                ["send": "\r"],
                // Named by its file, as the person knows it: not yet captured, it has no number.
                ["expect": "Expense from taxi-zurich-ch.png, in report 1: Munich trip"],
                ["expect": "  Create an expense from it (yes/no) [yes]: "], ["send": "\r"],
                ["expect": "  Date [2026-03-04]: "], ["send": "\r"],
                ["expect": "  Merchant [TAXI ZENTRALE ZUERICH AG]: "], ["send": "\r"],
                ["expect": "  Category [taxi]: "], ["send": "\r"],
                ["expect": "  Currency [CHF]: "], ["send": "\r"],
                ["expect": "  Amount [49.50]: "], ["send": "\r"],
                ["expect": "  Rate (1 CHF in EUR): "], ["send": "1.0412\r"],
                ["expect": "  VAT (19, or 7:110.00,19:15.00; empty: none)"], ["send": "\r"],
                ["expect": "Created expense 2 in report 1: 49.50 CHF taxi"], ["expect": "expenses:report 1> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        let hash = try app.query("SELECT sha256 FROM receipts ORDER BY id DESC LIMIT 1")
        XCTAssertFalse(result.stdout.contains(String(hash.prefix(12))), "a receipt named by its hash:\n\(result.stdout)")
        XCTAssertEqual(
            try app.query(
                "SELECT e.report_id, e.amount_minor, e.converted_minor, count(l.receipt_id) FROM expenses e JOIN expense_receipts l ON l.expense_id = e.id WHERE e.id = 2 GROUP BY e.report_id, e.amount_minor, e.converted_minor"
            ),
            "1|4950|5154|1")
    }
}
