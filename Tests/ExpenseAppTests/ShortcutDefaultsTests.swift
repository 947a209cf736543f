import ExpenseTestSupport
import Foundation
import XCTest

/// The app's own default quick actions (Data/AppShortcuts.plist): Add Expense, Take a Picture and
/// New Report are dynamic, standing in until the app publishes them, so that with a trip the
/// launcher's four places show showReports, the trip's two items and Take a Picture.
final class ShortcutDefaultsTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private func types(_ arguments: String...) throws -> [String] {
        let result = try app.run(["shortcuts", "list"] + arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return list.compactMap { ($0["type"] as? String)?.replacingOccurrences(of: "com.sap.example.", with: "") }
    }

    private func published() throws -> String {
        try app.query(
            "SELECT group_concat(plist_type || ' ' || state || coalesce(' ' || rank, ''), ', ') FROM (SELECT * FROM app_shortcuts ORDER BY plist_type) AS sorted"
        )
    }

    func testAFreshDatabaseListsShowReportsStaticAndTheDefaultsDynamicAndRoutesAllFour() throws {
        XCTAssertEqual(
            try app.ok("shortcuts", "list"),
            """
            #  TYPE                         TITLE           SUBTITLE                    ICON          KIND    RANK  SHOWN
            1  com.sap.example.showReports  Show Reports    Show all available Reports  search        static        yes
            2  com.sap.example.addExpense   Add Expense     To the current trip         add           app        0  yes
            3  com.sap.example.takePhoto    Take a Picture                              capturePhoto  app        1  yes
            4  com.sap.example.newReport    New Report      Start a report for a trip   compose       app        2  yes
            (4 shown of at most 4; 1 static + 3 dynamic of at most 15; catalog Data/Shortcuts.plist (built in))

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath), "reading the quick actions writes nothing")

        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.showReports"), "(none)\n")
        XCTAssertEqual(
            try app.ok("--shortcut", "com.sap.example.addExpense", "--amount", "12", "--category", "taxi"),
            "Added expense 1 (unassigned): 12.00 EUR taxi\n")
        let photo = try app.run("--shortcut", "com.sap.example.takePhoto", ReceiptSamples.path("taxi-berlin-de.png"), "--no-ocr")
        XCTAssertEqual(photo.status, 0, photo.stderr)
        XCTAssertTrue(photo.stdout.hasPrefix("Captured receipt 1: PNG, "), photo.stdout)
        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.newReport", "Basel"), "Created report 1: Basel\n")
    }

    func testWithATripTheVisibleFourAreShowReportsTheTripsItemsAndTakeAPicture() throws {
        try app.ok("report", "new", "Munich")
        XCTAssertEqual(
            try app.ok("shortcuts", "list", "--visible"),
            """
            #  TYPE                                TITLE                  SUBTITLE                    ICON          KIND    RANK  SHOWN
            1  com.sap.example.showReports         Show Reports           Show all available Reports  search        static        yes
            2  com.sap.example.addExpenseToReport  Add expense to Munich                              add           app        0  yes
            3  com.sap.example.openReport          Open Munich                                        bookmark      app        1  yes
            4  com.sap.example.takePhoto           Take a Picture                                     capturePhoto  app        2  yes

            """)
        XCTAssertEqual(
            try types(), ["showReports", "addExpenseToReport", "openReport", "takePhoto", "addExpense", "newReport"],
            "the generic Add Expense and New Report follow, past the visible ones")
        let desktop = try app.ok("shortcuts", "export", "--desktop")
        XCTAssertTrue(desktop.contains("\nActions=showReports;addExpenseToReport;openReport;takePhoto;\n"), desktop)
        XCTAssertEqual(
            try published(),
            "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense enabled 3, $(PRODUCT_BUNDLE_IDENTIFIER).newReport enabled 4, $(PRODUCT_BUNDLE_IDENTIFIER).takePhoto enabled 2",
            "the trip command published the defaults")
        // Past the visible ones they still route: Add Expense to the current trip.
        XCTAssertEqual(
            try app.ok("--shortcut", "com.sap.example.addExpense", "--amount", "3", "--category", "taxi"),
            "Added expense 1 to report 1: 3.00 EUR taxi\n")
        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.newReport", "Basel"), "Created report 2: Basel\n")
        XCTAssertEqual(try types("--visible"), ["showReports", "addExpenseToReport", "openReport", "takePhoto"])

        // Without a trip to add to, the generic Add Expense takes its place back.
        try app.ok("report", "delete", "2")
        try app.ok("report", "delete", "1", "--with-items")
        XCTAssertEqual(try types(), ["showReports", "addExpense", "takePhoto", "newReport"])
    }

    func testTheTwoDefaultsSwapPlacesAndTheUsersItemBetweenThemStays() throws {
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts", "--rank", "1")
        XCTAssertEqual(try types(), ["showReports", "addExpense", "unassignedExpenses", "takePhoto", "newReport"])
        try app.ok("report", "new", "Munich")
        XCTAssertEqual(
            try types(), ["showReports", "addExpenseToReport", "openReport", "takePhoto", "unassignedExpenses", "addExpense", "newReport"])
        try app.ok("report", "delete", "1")
        XCTAssertEqual(try types(), ["showReports", "addExpense", "unassignedExpenses", "takePhoto", "newReport"])
    }

    func testOnADatabaseWithTripItemsFromBeforeTheDefaultsStandWhereTheAppWillPublishThem() throws {
        try app.ok("report", "new", "Munich")
        // As a database of the version before: the trip's items, nothing published.
        _ = try app.query("DELETE FROM app_shortcuts")
        XCTAssertEqual(try types(), ["showReports", "addExpenseToReport", "openReport", "takePhoto", "addExpense", "newReport"])
        XCTAssertEqual(try app.query("SELECT count(*) FROM app_shortcuts"), "0", "reading writes nothing")
        try app.ok("expense", "add", "--report", "1", "--amount", "3", "--category", "taxi")
        XCTAssertEqual(
            try published(),
            "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense enabled 3, $(PRODUCT_BUNDLE_IDENTIFIER).newReport enabled 4, $(PRODUCT_BUNDLE_IDENTIFIER).takePhoto enabled 2",
            "the next trip command publishes them where they stood, although its trip items did not change")
    }

    func testACatalogWithADefaultAsAStaticItemHidesTheDynamicOne() throws {
        let catalog = app.path("Info.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
        <dict><key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).showReports</string>
        <key>UIApplicationShortcutItemTitle</key><string>Show Reports</string></dict>
        <dict><key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).addExpense</string>
        <key>UIApplicationShortcutItemTitle</key><string>Add Expense</string></dict>
        </array></dict></plist>
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        try app.ok("config", "set", "shortcuts.catalog", catalog)
        let trip = try app.run("report", "new", "Munich")
        XCTAssertEqual(trip.stderr, "", "the app's refresh leaves the static item alone")
        XCTAssertEqual(try types(), ["showReports", "addExpense", "addExpenseToReport", "openReport", "takePhoto", "newReport"])
        let hidden = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try app.ok("shortcuts", "list", "--all", "--format", "json").utf8))
                as? [[String: Any]]
        ).last
        XCTAssertEqual(hidden?["type"] as? String, "com.sap.example.addExpense")
        XCTAssertEqual(hidden?["disabledMessage"] as? String, "hidden by the static quick action of the same type in \(catalog)")
    }

    func testARemovedDefaultDoesNotComeBackAndADisabledOneStaysDisabled() throws {
        XCTAssertEqual(try app.ok("shortcuts", "remove", "com.sap.example.takePhoto"), "Removed com.sap.example.takePhoto\n")
        XCTAssertEqual(
            try app.ok("shortcuts", "disable", "com.sap.example.newReport", "--message", "Ask your travel office"),
            "Disabled com.sap.example.newReport\n")
        XCTAssertEqual(try types(), ["showReports", "addExpense"])
        try app.ok("report", "new", "X")
        XCTAssertEqual(try types(), ["showReports", "addExpenseToReport", "openReport", "addExpense"])
        XCTAssertEqual(
            try published(),
            "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense enabled 2, $(PRODUCT_BUNDLE_IDENTIFIER).newReport disabled, $(PRODUCT_BUNDLE_IDENTIFIER).takePhoto removed"
        )
        let photo = try app.run("--shortcut", "com.sap.example.takePhoto", "x.jpg")
        XCTAssertEqual(photo.status, 64)
        XCTAssertTrue(photo.stderr.hasPrefix("expenses: error: unknown quick action type 'com.sap.example.takePhoto'\n"), photo.stderr)
        let new = try app.run("--shortcut", "com.sap.example.newReport", "Y")
        XCTAssertEqual(new.status, 69)
        XCTAssertEqual(
            new.stderr,
            """
            expenses: error: the quick action 'New Report' (com.sap.example.newReport) is disabled: Ask your travel office
            hint: 'expenses shortcuts enable com.sap.example.newReport' turns it back on

            """)
        try app.ok("shortcuts", "enable", "com.sap.example.newReport")
        XCTAssertEqual(try types(), ["showReports", "addExpenseToReport", "openReport", "addExpense", "newReport"])
        // The user's own item of a default's type replaces it, for good.
        try app.ok("shortcuts", "add", "com.sap.example.addExpense", "--title", "Receipt in hand", "--icon", "add")
        try app.ok("shortcuts", "remove", "com.sap.example.addExpense")
        try app.ok("report", "new", "Z")
        XCTAssertEqual(try types(), ["showReports", "addExpenseToReport", "openReport", "newReport"])
    }

    func testTheDefaultsHaveTheirGermanNamesInTheDesktopEntryAndTheList() throws {
        try fileOnly(
            because:
                "the default database (no --db in Exec) and a file's path as written in Exec; a server's connection string is quoted, with no password (PostgresConnectionTests, ServerEngine)"
        )
        app.environment["LANG"] = "de_DE.UTF-8"
        try app.ok("report", "new", "Munich")
        let path = app.path("expenses.desktop")
        try app.ok("shortcuts", "export", "--all", "-o", path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("\nActions=showReports;addExpenseToReport;openReport;takePhoto;addExpense;newReport;\n"), text)
        XCTAssertTrue(
            text.contains(
                """

                [Desktop Action takePhoto]
                Name=Take a Picture
                Name[de]=Foto aufnehmen
                Exec=expenses --db \(app.databasePath) --shortcut com.sap.example.takePhoto
                Icon=camera-photo

                [Desktop Action addExpense]
                Name=Add Expense
                Name[de]=Ausgabe erfassen
                Exec=expenses --db \(app.databasePath) --shortcut com.sap.example.addExpense
                Icon=list-add

                [Desktop Action newReport]
                Name=New Report
                Name[de]=Neuer Bericht
                Exec=expenses --db \(app.databasePath) --shortcut com.sap.example.newReport
                Icon=document-new

                """), text)
        XCTAssertTrue(
            text.contains("[Desktop Action addExpenseToReport]\nName=Add expense to Munich\nName[de]=Ausgabe zu Munich hinzufügen\n"), text)
        XCTAssertEqual(try DesktopEntryValidation.findings(path), "")
        XCTAssertEqual(
            try app.ok("shortcuts", "list", "--visible"),
            """
            #  TYPE                                TITLE                         SUBTITLE                            ICON          KIND    RANK  SHOWN
            1  com.sap.example.showReports         Berichte anzeigen             Alle verfügbaren Berichte anzeigen  search        static        yes
            2  com.sap.example.addExpenseToReport  Ausgabe zu Munich hinzufügen                                      add           app        0  yes
            3  com.sap.example.openReport          Munich öffnen                                                     bookmark      app        1  yes
            4  com.sap.example.takePhoto           Foto aufnehmen                                                    capturePhoto  app        2  yes

            """)
    }

    /// Under a German locale the app's own trip items are German in `shortcuts list` too, as the
    /// static ones and the desktop entry's Name[de] are (issue 31, point 8).
    func testTheAppsOwnItemsAreInTheUsersLanguage() throws {
        try app.ok("report", "new", "Berlin")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "5", "--category", "taxi")
        app.environment["LANG"] = "de_DE.UTF-8"
        let rows = try XCTUnwrap(app.json("shortcuts", "list") as? [[String: Any]])
        let titles = rows.compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Ausgabe zu Berlin hinzufügen"), "\(titles)")
        XCTAssertTrue(titles.contains("Berlin öffnen"), "\(titles)")
        XCTAssertFalse(titles.contains("Add expense to Berlin"), "\(titles)")
        app.environment["LANG"] = "C.UTF-8"
        XCTAssertTrue(try app.ok("shortcuts", "list").contains("Add expense to Berlin"))
    }
}
