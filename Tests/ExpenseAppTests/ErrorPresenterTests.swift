import ExpenseShortcuts
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// The presenter words every coded error: these are the hints the end-to-end tests see on stderr.
final class ErrorPresenterTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    func testEachCodeHasItsHint() {
        let cases: [(ExpenseError.Code, String?)] = [
            (.reportDatesReversed, "--to must be on or after --from"),
            (.reportNotEditable(id: 7, status: "submitted"), "recall it first: expenses report recall 7"),
            (.reportNotEditable(id: 7, status: "approved"), nil),
            (.notReportOwner(user: "ann"), "you are ann (--user or EXPENSES_USER)"),
            (.ownerCannotAct, "run it as the approver: --user NAME or EXPENSES_USER"),
            (
                .invalidUserName,
                "give a name of visible characters with --user NAME or EXPENSES_USER (case and spaces around it do not count)"
            ),
            (.rateForSameCurrency(rate: "1.1", currency: "EUR"), "leave --rate out for an expense in the report's currency"),
            (
                .noExchangeRate(from: "USD", to: "EUR", on: "2026-03-04"),
                "give --rate R, where 1 USD = R EUR, or load the ECB's reference rates: expenses rates import eurofxref-hist.csv"
            ),
            (.unknownCurrency("EUX", suggestion: "EUR"), "did you mean 'EUR'? See 'expenses currency list'."),
            (.unknownCurrency("BITCOIN", suggestion: nil), "see 'expenses currency list' for the ISO 4217 codes"),
            (.unknownCategory("taxy", suggestion: "taxi"), "did you mean 'taxi'? See 'expenses category list'."),
            (.unknownCategory("xylophone", suggestion: nil), "see 'expenses category list'"),
            (.unknownReport(9), "see 'expenses report list'"),
            (.unknownExpense(9), "see 'expenses expense list'"),
            (.unknownReceipt(9), "see 'expenses receipt list'"),
            (.unknownImportBatch(9), "see 'expenses import list'"),
            (.notAnSQLiteDatabase, "check --db or EXPENSES_DB"),
            (.notAnExpensesDatabase, "check --db or EXPENSES_DB"),
            (.noDatabaseDirectory, "create it first, or choose another --db"),
            (.noReceiptVault, "use --db with a file path"),
            (.receiptFileMissing, "'expenses receipt verify' checks every receipt"),
            (.auditLogAltered(event: 4), "restore the database from a backup; 'expenses db check' checks the whole file"),
            (
                .badStoredValue(table: "expenses", column: "rate", row: "2"),
                "it was written outside expenses: 'expenses db check' lists every such row; "
                    + "restore the database from a backup or correct those rows"
            ),
            (.outputExists, "give --force to replace it"),
            (
                .invalidImportRows(count: 1),
                "fix it and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there"
            ),
            (
                .invalidImportRows(count: 2),
                "fix them and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there"
            ),
            (
                .noRoomToAddShortcut,
                "remove one (expenses shortcuts remove TYPE), use 'shortcuts push' to evict the lowest-ranked, or raise shortcuts.max-total"
            ),
            (.noRoomToPushShortcut, "raise the cap: expenses config set shortcuts.max-total N"),
            (.tooManyDynamicShortcuts, "give fewer, or raise the cap: expenses config set shortcuts.max-total N"),
            (.noRoomToEnableShortcut, "remove one first (expenses shortcuts remove TYPE)"),
            (.staticShortcut, "edit the catalog (or load another with --catalog FILE); a dynamic quick action needs a type of its own"),
            (.shortcutDisabled(type: "app.x"), "enable it first: expenses shortcuts enable app.x"),
            (.unknownDynamicShortcut(type: "app.y", suggestion: "app.x"), "did you mean app.x?"),
            (.unknownDynamicShortcut(type: "app.y", suggestion: nil), "see 'expenses shortcuts list --all'"),
            (.launchDisabled(type: "app.x", isStatic: false), "'expenses shortcuts enable app.x' turns it back on"),
            (.launchDisabled(type: "app.x", isStatic: true), nil),
            (.foreignAppID, "set the app id its catalog was written for: expenses config set app-id ID"),
            (.launchRunning, "wait for it to finish; 'expenses shortcuts inbox' shows when it is done"),
            (.launchQueued, "run it now with: expenses shortcuts inbox --deliver"),
            (.launchDone(type: "app.x"), "launch the quick action again: expenses --shortcut app.x"),
            (.catalogTooManyItems, "remove some, or raise the cap: expenses config set shortcuts.max-total N"),
            (
                .unknownIconType(suggestion: "UIApplicationShortcutIconTypeAdd"),
                "did you mean 'UIApplicationShortcutIconTypeAdd'? 'expenses shortcuts icons' lists the 29 names"
            ),
            (.unknownIconType(suggestion: nil), "'expenses shortcuts icons' lists the 29 UIApplicationShortcutIconType names"),
            (.undefinedVariable("team"), "define it: expenses config set var.team VALUE"),
        ]
        for (code, hint) in cases {
            XCTAssertEqual(ErrorPresenter.hint(for: code), hint, "\(code)")
            XCTAssertEqual(ErrorPresenter.hint(ExpenseError(.invalidData, code, "m")), hint, "\(code)")
        }
    }

    func testAMessageIsTheErrorsOwnExceptWhereTheCLINamesIt() {
        XCTAssertEqual(ErrorPresenter.message(ExpenseError(.notFound, .unknownReport(9), "unknown report 9")), "unknown report 9")
        XCTAssertEqual(
            ErrorPresenter.message(
                ExpenseError(
                    .invalidData, .rateForSameCurrency(rate: "1.1", currency: "EUR"),
                    "a rate of 1.1 given, but the expense is already in EUR")),
            "--rate 1.1 given, but the expense is already in EUR")
    }

    func testAnErrorWithoutACodeKeepsItsOwnHint() {
        let plain = ExpenseError(.invalidData, "bad", hint: "do better")
        XCTAssertNil(plain.code)
        XCTAssertEqual(ErrorPresenter.message(plain), "bad")
        XCTAssertEqual(ErrorPresenter.hint(plain), "do better")
        XCTAssertEqual(ErrorPresenter.lines(plain, prefix: "expenses: error: "), "expenses: error: bad\nhint: do better\n")
    }

    func testLinesCarryTheLocationAndTheCodesHint() {
        let located = ExpenseError(.invalidData, .unknownCategory("taxy", suggestion: "taxi"), "unknown category 'taxy'")
            .located("card.rules:5")
        XCTAssertEqual(located.code, .unknownCategory("taxy", suggestion: "taxi"))
        XCTAssertEqual(
            ErrorPresenter.lines(located, prefix: "expenses: error: "),
            "expenses: error: card.rules:5: unknown category 'taxy'\nhint: did you mean 'taxi'? See 'expenses category list'.\n")
        XCTAssertEqual(
            ErrorPresenter.lines(
                ExpenseError(.refused, .reportNotEditable(id: 3, status: "approved"), "report 3 is approved"),
                prefix: "x: "),
            "x: report 3 is approved\n")
    }

    func testACatalogDiagnosticsHintComesFromItsCode() {
        let diagnostic = CatalogDiagnostic(.error, file: "S.plist", "undefined variable $(team) in title", code: .undefinedVariable("team"))
        XCTAssertEqual(ErrorPresenter.hint(diagnostic), "define it: expenses config set var.team VALUE")
        XCTAssertEqual(ErrorPresenter.hint(CatalogDiagnostic(.warning, file: "S.plist", "x", hint: "plain")), "plain")
    }
}
