import ExpenseTestSupport
import Foundation
import XCTest

/// Bad input run in process: each refusal checked fast, as the binary would give it.
extension BadInputTests {
    func testUnknownCurrency() throws {
        try assertRefused(
            ["expense", "add", "--amount", "5", "--currency", "EUX", "--category", "meals"], status: 65,
            stderr: "expenses: error: unknown currency 'EUX'\nhint: did you mean 'EUR'? See 'expenses currency list'.\n")
    }

    /// Suggestions only where they are one letter off, the common currency first; a hint that
    /// fits the error.
    func testSuggestionsThatDoNotMislead() throws {
        try assertRefused(
            ["expense", "add", "--amount", "5", "--currency", "XYZ", "--category", "meals"], status: 65,
            stderr: "expenses: error: unknown currency 'XYZ'\nhint: see 'expenses currency list' for the ISO 4217 codes\n")
        try assertRefused(
            ["expense", "add", "--amount", "5", "--currency", "CHX", "--category", "meals"], status: 65,
            stderr: "expenses: error: unknown currency 'CHX'\nhint: did you mean 'CHF'? See 'expenses currency list'.\n")
        try assertRefused(
            ["expense", "add", "--amount", "99999999999999999", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid amount '99999999999999999': too large, the largest amount handled is "
                + "9,999,999,999,999.99 EUR\n")
        try assertRefused(
            ["report", "list", "--x"], status: 64,
            stderr: "expenses: error: unknown option '--x'\nusage: expenses report list [<options>]\n  see 'expenses help report list'\n")
    }

    /// Under a German locale an amount may have a decimal comma, where it is unambiguous.
    func testGermanAmounts() throws {
        app.environment["LANG"] = "de_DE.UTF-8"
        try app.ok("expense", "add", "--report", "1", "--amount", "1,50", "--category", "meals")
        try app.ok("expense", "add", "--report", "1", "--amount", "1.234,56", "--category", "meals")
        XCTAssertEqual(try app.query("SELECT group_concat(amount_minor) FROM expenses WHERE id > 3"), "150,123456")
        try assertRefused(
            ["expense", "add", "--report", "1", "--amount", "1,500", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid amount '1,500': is the comma a decimal mark or a thousands separator (1500)? "
                + "EUR has 2 decimals\nhint: write 1500 for the whole amount, or the decimals with at most 2 digits (234,56)\n")
        app.environment["LANG"] = "en_US.UTF-8"
        try assertRefused(
            ["expense", "edit", "4", "--amount", "2,50"], status: 65,
            stderr: "expenses: error: invalid amount '2,50': the decimal mark is a point here\n"
                + "hint: write 2.50; a decimal comma is read under a locale that uses one (LANG=de_DE.UTF-8, fr_FR.UTF-8, ...)\n")
    }

    /// Outside an opened report the id is required, and the usage says so.
    func testAMissingReportIdIsRequiredOutsideTheREPL() throws {
        try assertRefused(
            ["report", "show"], status: 64,
            stderr:
                "expenses: error: missing argument '<id>'\nusage: expenses report show <id>\n  see 'expenses help report show'\n")
    }

    func testTooManyDecimals() throws {
        try assertRefused(
            ["expense", "add", "--report", "1", "--amount", "12.345", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid amount '12.345': EUR has 2 decimals\nhint: round it to 2 decimals as on the receipt\n")
        try assertRefused(
            ["expense", "add", "--amount", "1200.5", "--currency", "JPY", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid amount '1200.5': JPY has 0 decimals\nhint: round it to 0 decimals as on the receipt\n")
    }

    func testMalformedAmount() throws {
        try assertRefused(
            ["expense", "add", "--amount", "12.5x", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid amount '12.5x'\nhint: write it like 234.56 or 1,234.56 (a point for decimals)\n")
    }

    func testDateThatDoesNotExist() throws {
        try assertRefused(
            ["expense", "add", "--date", "2026-02-30", "--amount", "5", "--category", "meals"], status: 65,
            stderr: "expenses: error: invalid date '2026-02-30': that day does not exist\nhint: February 2026 has 28 days\n")
        try assertRefused(
            ["report", "new", "Trip", "--from", "2026-13-01"], status: 65,
            stderr: "expenses: error: invalid date '2026-13-01': that day does not exist\n")
    }

    func testTripEndingBeforeItStarts() throws {
        try assertRefused(
            ["report", "new", "Trip", "--from", "2026-03-05", "--to", "2026-03-01"], status: 65,
            stderr: "expenses: error: the trip ends (2026-03-01) before it starts (2026-03-05)\nhint: --to must be on or after --from\n")
        try assertRefused(
            ["report", "edit", "1", "--to", "2026-03-01"], status: 65,
            stderr: "expenses: error: the trip ends (2026-03-01) before it starts (2026-03-02)\nhint: --to must be on or after --from\n")
    }

    func testOtherCurrencyWithoutRate() throws {
        try assertRefused(
            ["expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--currency", "USD", "--category", "meals"],
            status: 65,
            stderr: "expenses: error: no exchange rate from USD to EUR for 2026-03-03\nhint: give --rate R, where 1 USD = R EUR, "
                + "or load the ECB's reference rates: expenses rates import eurofxref-hist.csv\n")
        try app.ok("expense", "add", "--date", "2026-03-03", "--amount", "20", "--currency", "USD", "--category", "meals")
        try assertRefused(
            ["expense", "move", "4", "--report", "1"], status: 65,
            stderr: "expenses: error: no exchange rate from USD to EUR for 2026-03-03\nhint: give --rate R, where 1 USD = R EUR, "
                + "or load the ECB's reference rates: expenses rates import eurofxref-hist.csv\n")
        try app.ok("expense", "move", "4", "--report", "1", "--rate", "0.92")
        XCTAssertTrue(try app.ok("report", "list").contains("483.29 EUR"))
    }

    func testUnknownIds() throws {
        try assertRefused(
            ["report", "show", "42"], status: 66, stderr: "expenses: error: unknown report 42\nhint: see 'expenses report list'\n")
        try assertRefused(
            ["expense", "add", "--report", "42", "--amount", "5", "--category", "meals"], status: 66,
            stderr: "expenses: error: unknown report 42\nhint: see 'expenses report list'\n")
        try assertRefused(
            ["expense", "edit", "42", "--amount", "5"], status: 66,
            stderr: "expenses: error: unknown expense 42\nhint: see 'expenses expense list'\n")
        try assertRefused(
            ["expense", "move", "1", "--report", "42"], status: 66,
            stderr: "expenses: error: unknown report 42\nhint: see 'expenses report list'\n")
    }

    func testUnknownCategory() throws {
        try assertRefused(
            ["expense", "add", "--amount", "5", "--category", "meal"], status: 65,
            stderr: "expenses: error: unknown category 'meal'\nhint: did you mean 'meals'? See 'expenses category list'.\n")
    }

    func testZeroAmount() throws {
        try assertRefused(
            ["expense", "add", "--amount", "0.00", "--category", "meals"], status: 65,
            stderr: "expenses: error: an expense cannot be 0 EUR\n")
    }
}
