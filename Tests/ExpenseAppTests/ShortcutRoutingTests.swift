import ExpenseTestSupport
import Foundation
import XCTest

/// `expenses --shortcut TYPE`: every shipped action, run as the binary runs it, the exit status
/// as the completion result, unknown and disabled types, and the app's own trip shortcuts.
final class ShortcutRoutingTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    /// Report 1, a later trip that is paid out already; report 2, an earlier one still open.
    private func twoTrips() throws {
        try app.ok("report", "new", "Paid trip", "--from", "2026-05-01", "--to", "2026-05-02")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-05-01", "--amount", "20", "--category", "taxi")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1")
        try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-1")
        try app.ok(
            "report", "new", "Walldorf customer workshop", "--destination", "Walldorf, DE", "--from", "2026-03-02",
            "--to", "2026-03-06")
    }

    private func dynamicTypes() throws -> String {
        try app.query(
            "SELECT group_concat(type || ':' || origin || ':' || rank, ' ') FROM (SELECT * FROM dynamic_shortcuts WHERE enabled <> 0 ORDER BY rank) AS enabled"
        )
    }

    func testShowReportsListsOpenReportsFirst() throws {
        try twoTrips()
        let result = try app.run("--shortcut", "com.sap.example.showReports")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, try app.ok("report", "list"), "the same command, through the same runner")
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(lines[1].contains("Walldorf customer workshop"), result.stdout)
        XCTAssertTrue(lines[2].contains("Paid trip") && lines[2].contains("reimbursed"), result.stdout)
        XCTAssertEqual(try app.run("--shortcut=com.sap.example.showReports").stdout, result.stdout)
        let json = try app.run("--shortcut", "com.sap.example.showReports", "--format", "json")
        XCTAssertEqual(json.stdout, try app.ok("report", "list", "--format", "json"))
    }

    func testAddExpenseGoesToTheCurrentTripOrWhereInfoSays() throws {
        try twoTrips()
        let added = try app.run(
            "--shortcut", "com.sap.example.addExpense", "--amount", "23.40", "--category", "taxi",
            "--date", "2026-03-03")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "Added expense 2 to report 2: 23.40 EUR taxi\n", "the current trip is the draft last worked on")
        try app.ok("report", "new", "Basel fair")
        let toBasel = try app.run("--shortcut", "com.sap.example.addExpense", "--amount", "5", "--category", "meals")
        XCTAssertEqual(toBasel.stdout, "Added expense 3 to report 3: 5.00 EUR meals\n")
        let overridden = try app.run(
            "--shortcut", "com.sap.example.addExpense", "--info", "report=2", "--amount", "7",
            "--category", "meals")
        XCTAssertEqual(overridden.stdout, "Added expense 4 to report 2: 7.00 EUR meals\n")
    }

    func testAddExpenseWithoutAnyTripIsUnassigned() throws {
        XCTAssertEqual(
            try app.ok("--shortcut", "com.sap.example.addExpense", "--amount", "12", "--category", "taxi"),
            "Added expense 1 (unassigned): 12.00 EUR taxi\n")
    }

    func testNewReportTakesItsArguments() throws {
        XCTAssertEqual(
            try app.ok(
                "--shortcut", "com.sap.example.newReport", "Basel trade fair", "--from", "2026-04-01",
                "--to", "2026-04-03", "--currency", "CHF"),
            "Created report 1: Basel trade fair\n")
        XCTAssertEqual(
            try app.query("SELECT title || ' ' || currency || ' ' || start_date FROM reports"),
            "Basel trade fair CHF 2026-04-01")
    }

    func testTheExitStatusIsTheCommands() throws {
        let noTitle = try app.run("--shortcut", "com.sap.example.newReport")
        XCTAssertEqual(noTitle.status, 64)
        XCTAssertEqual(
            noTitle.stderr,
            """
            expenses: error: missing argument '<title>'
            usage: expenses report new [<options>] <title>
              see 'expenses help report new'

            """)
        let badAmount = try app.run("--shortcut", "com.sap.example.addExpense", "--amount", "12.345", "--category", "taxi")
        XCTAssertEqual(badAmount.status, 65)
        XCTAssertEqual(
            badAmount.stderr,
            "expenses: error: invalid amount '12.345': EUR has 2 decimals\nhint: round it to 2 decimals as on the receipt\n")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }

    func testTakePhotoRunsReceiptCaptureOrSaysWhatItNeeds() throws {
        let launched = try app.run("--shortcut", "com.sap.example.takePhoto", "missing.jpg")
        if try app.run("help", "receipt", "capture").status == 0 {
            // The same command, its output and its exit status.
            let direct = try app.run("receipt", "capture", "missing.jpg")
            XCTAssertNotEqual(direct.status, 0)
            XCTAssertEqual(launched.status, direct.status)
            XCTAssertEqual(launched.stdout, direct.stdout)
            XCTAssertEqual(launched.stderr, direct.stderr)
        } else {
            XCTAssertEqual(launched.status, 69)
            XCTAssertEqual(launched.stdout, "")
            XCTAssertEqual(
                launched.stderr,
                """
                expenses: error: 'Take a Picture' (com.sap.example.takePhoto) needs the command 'expenses receipt capture', which this build of expenses does not have
                hint: taking a picture of a receipt comes with receipt capture ('expenses receipt capture PHOTO'); until then add the expense with 'expenses expense add' and keep the photo

                """)
        }
    }

    func testUnknownTypeExits64WithTheKnownTypesAndADidYouMean() throws {
        let result = try app.run("--shortcut", "com.sap.example.showReprts")
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: unknown quick action type 'com.sap.example.showReprts'
            hint: did you mean 'com.sap.example.showReports'? The known types are com.sap.example.showReports, com.sap.example.addExpense, com.sap.example.takePhoto, com.sap.example.newReport.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath), "an unknown type creates no database")
        XCTAssertEqual(try app.run("--shortcut").status, 64)
    }

    func testDisabledExits69WithItsMessage() throws {
        try app.ok("report", "new", "Boston SAP conference")
        try app.ok("shortcuts", "disable", "com.sap.example.openReport", "--message", "The Boston trip was submitted")
        let result = try app.run("--shortcut", "com.sap.example.openReport")
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: the quick action 'Open Boston SAP conference' (com.sap.example.openReport) is disabled: The Boston trip was submitted
            hint: 'expenses shortcuts enable com.sap.example.openReport' turns it back on

            """)
        try app.ok("shortcuts", "enable", "com.sap.example.openReport")
        XCTAssertEqual(try app.run("--shortcut", "com.sap.example.openReport").status, 0)
    }

    func testTheAppKeepsItsTripShortcutsCurrentWithinTheCaps() throws {
        try app.ok("report", "new", "Walldorf customer workshop", "--destination", "Walldorf, DE")
        XCTAssertEqual(try dynamicTypes(), "com.sap.example.addExpenseToReport:app:0 com.sap.example.openReport:app:1")
        XCTAssertEqual(
            try app.query("SELECT title || ' | ' || coalesce(subtitle, '') FROM dynamic_shortcuts ORDER BY rank"),
            "Add expense to Walldorf customer workshop | Walldorf, DE\nOpen Walldorf customer workshop | Walldorf, DE")
        XCTAssertTrue(
            try app.query("SELECT user_info FROM dynamic_shortcuts WHERE type LIKE '%openReport'")
                .contains("<key>report</key>\n\t<integer>1</integer>"))
        // Another trip becomes current; both items follow, in place, never twice.
        try app.ok("report", "new", "Boston SAP conference")
        try app.ok("expense", "add", "--report", "1", "--amount", "3", "--category", "meals")
        XCTAssertEqual(
            try app.query("SELECT group_concat(title, ' / ') FROM (SELECT title FROM dynamic_shortcuts ORDER BY rank) AS ranked"),
            "Add expense to Walldorf customer workshop / Open Walldorf customer workshop")
        try app.ok("report", "edit", "1", "--title", "Walldorf workshop")
        XCTAssertEqual(
            try app.query(
                "SELECT count(*) || ' ' || group_concat(title, ' / ') FROM (SELECT title FROM dynamic_shortcuts ORDER BY rank) AS ranked"),
            "2 Add expense to Walldorf workshop / Open Walldorf workshop")
        // Their routes open the trip and add to it.
        XCTAssertTrue(try app.ok("--shortcut", "com.sap.example.openReport").hasPrefix("Report 1: Walldorf workshop\n"))
        XCTAssertEqual(
            try app.ok("--shortcut", "com.sap.example.addExpenseToReport", "--amount", "4", "--category", "taxi"),
            "Added expense 2 to report 1: 4.00 EUR taxi\n")
        // A submitted trip takes no more expenses: "Add expense to" moves to the open draft.
        try app.ok("report", "submit", "1")
        XCTAssertEqual(
            try app.query("SELECT title FROM dynamic_shortcuts WHERE type LIKE '%addExpenseToReport'"),
            "Add expense to Boston SAP conference")
        XCTAssertEqual(try app.query("SELECT title FROM dynamic_shortcuts WHERE type LIKE '%openReport'"), "Open Walldorf workshop")
        // Deleting the trip they point to moves them on.
        try app.ok("report", "delete", "2")
        XCTAssertEqual(
            try app.query("SELECT count(*) FROM dynamic_shortcuts WHERE type LIKE '%addExpenseToReport'"), "0",
            "no draft left to add to")
    }

    func testTheAppsShortcutsNeverPassTheCapNorTouchTheUsers() throws {
        try app.ok("config", "set", "shortcuts.max-total", "5")
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts")
        try app.ok("report", "new", "Trip")
        XCTAssertEqual(try dynamicTypes(), "com.sap.example.unassignedExpenses:user:0", "4 static + 1 dynamic: full")
        try app.ok("shortcuts", "remove", "com.sap.example.unassignedExpenses")
        try app.ok("shortcuts", "add", "com.sap.example.openReport", "--title", "My own", "--info", "report=1")
        try app.ok("report", "new", "Another trip")
        XCTAssertEqual(
            try app.query("SELECT title || ' ' || origin FROM dynamic_shortcuts"), "My own user",
            "the user's item of the same type is left alone")
    }

    func testUnassignedExpensesFromAUserShortcut() throws {
        try app.ok("expense", "add", "--date", "2026-03-04", "--amount", "12", "--category", "taxi")
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts", "--icon", "task")
        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.unassignedExpenses"), try app.ok("expense", "list", "--unassigned"))
    }

    func testAShortcutInAScriptGoesThroughTheSameRunner() throws {
        let script = app.path("trip.expenses")
        try """
        shortcut com.sap.example.newReport "Scripted trip"
        shortcut com.sap.example.addExpense --amount 9 --category taxi
        shortcut com.sap.example.nope
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try app.run("run", script)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "Created report 1: Scripted trip\nAdded expense 1 to report 1: 9.00 EUR taxi\n")
        XCTAssertTrue(result.stderr.hasPrefix("\(script):3: error: unknown quick action type 'com.sap.example.nope'\n"), result.stderr)
    }

    func testHelpForTheLauncher() throws {
        let help = try app.run("help", "shortcut")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: expenses shortcut [<options>] <type> [<args> ...]"), help.stdout)
        XCTAssertEqual(try app.run("--shortcut", "--help").stdout, help.stdout)
        XCTAssertTrue(try app.ok("help").contains("  shortcuts"))
    }
}
