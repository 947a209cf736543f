import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// `shortcuts export`: a desktop entry that desktop-file-validate accepts, and JSON.
final class ShortcutExportTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    /// desktop-file-validate's findings for a file: empty when it passes.
    private func validate(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try Self.validate(path, file: file, line: line)
    }

    static func validate(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try DesktopEntryValidation.findings(path, file: file, line: line)
    }

    func testTheDesktopEntryListsTheVisibleQuickActionsAndValidates() throws {
        try fileOnly(
            because:
                "the default database (no --db in Exec) and a file's path as written in Exec; a server's connection string is quoted, with no password (PostgresConnectionTests, ServerEngine)"
        )
        app.environment.removeValue(forKey: "EXPENSES_DB")  // the default database: no --db in Exec
        let path = app.path("expenses.desktop")
        XCTAssertEqual(
            try app.ok("shortcuts", "export", "--desktop", "-o", path),
            "Wrote \(path): 4 quick actions; 'expenses shortcuts install' installs them for the launcher, kept current\n")
        XCTAssertEqual(try validate(path), "")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("\nActions=showReports;addExpense;takePhoto;newReport;\n"), text)
        XCTAssertTrue(
            text.contains(
                """
                [Desktop Action showReports]
                Name=Show Reports
                Name[de]=Berichte anzeigen
                Exec=expenses --shortcut com.sap.example.showReports
                Icon=system-search
                """), text)
        XCTAssertTrue(
            text.contains(
                "[Desktop Action takePhoto]\nName=Take a Picture\nName[de]=Foto aufnehmen\nExec=expenses --shortcut com.sap.example.takePhoto\nIcon=camera-photo\n"
            ), text)
        XCTAssertEqual(try app.ok("shortcuts", "export"), text, "--desktop to stdout is the default")
    }

    func testDynamicItemsDatabaseCatalogAndAwkwardNamesStillValidate() throws {
        try fileOnly(
            because:
                "the default database (no --db in Exec) and a file's path as written in Exec; a server's connection string is quoted, with no password (PostgresConnectionTests, ServerEngine)"
        )
        try app.ok("report", "new", "Zürich \"Q1\" trip; 100% fun")
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        let catalog = app.path("My Catalog.plist")
        try FileManager.default.copyItem(
            atPath: ShortcutCatalogTests.fixtures.appendingPathComponent("Shortcuts.binary.plist").path,
            toPath: catalog)
        try app.ok("shortcuts", "export", "-o", app.path("a.desktop"), "--exec", "/opt/expense tools/expenses")
        let text = try String(contentsOfFile: app.path("a.desktop"), encoding: .utf8)
        XCTAssertEqual(try validate(app.path("a.desktop")), "")
        XCTAssertTrue(text.contains("Actions=showReports;addExpenseToReport;openReport;takePhoto;addExpense;newReport;"), text)
        XCTAssertTrue(text.contains("Name=Add expense to Zürich \"Q1\" trip; 100% fun\n"), text)
        XCTAssertTrue(
            text.contains("Exec=\"/opt/expense tools/expenses\" --db \(app.databasePath) --shortcut com.sap.example.openReport\n"), text)
        try app.ok("shortcuts", "export", "-o", app.path("b.desktop"), "--catalog", catalog)
        XCTAssertEqual(try validate(app.path("b.desktop")), "")
        let withCatalog = try String(contentsOfFile: app.path("b.desktop"), encoding: .utf8)
        XCTAssertTrue(withCatalog.contains("--shortcut com.sap.example.showReports --catalog \"\(catalog)\"\n"), withCatalog)
    }

    /// The entry Scripts/install puts into share/applications names the icon it installs.
    func testTheEntryCanNameItsIcon() throws {
        try app.ok("shortcuts", "export", "--desktop", "--icon", "expenses", "-o", app.path("icon.desktop"))
        let text = try String(contentsOfFile: app.path("icon.desktop"), encoding: .utf8)
        XCTAssertTrue(text.contains("\nIcon=expenses\nExec=expenses "), text)
        XCTAssertEqual(try validate(app.path("icon.desktop")), "")
        XCTAssertFalse(try app.ok("shortcuts", "export").contains("\nIcon=expenses\n"), "no icon unless asked")
        XCTAssertEqual(try app.run("shortcuts", "export", "--json", "--icon", "expenses").status, 64)
    }

    func testNameIsEnglishAndEachTranslationANameOfItsLanguageWhateverLANG() throws {
        app.environment["LANG"] = "de_DE.UTF-8"
        try app.ok("report", "new", "Munich")
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Open Receipts", "--rank", "0")
        let path = app.path("expenses.desktop")
        try app.ok("shortcuts", "export", "--all", "-o", path)
        XCTAssertEqual(try validate(path), "")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("\nGenericName=Travel Expenses\nGenericName[de]=Reisekosten\n"), text)
        XCTAssertTrue(text.contains("[Desktop Action showReports]\nName=Show Reports\nName[de]=Berichte anzeigen\nExec="), text)
        XCTAssertTrue(text.contains("[Desktop Action newReport]\nName=New Report\nName[de]=Neuer Bericht\nExec="), text)
        // The app's own items translate through its strings; a user's title is theirs, in one language.
        XCTAssertTrue(
            text.contains("[Desktop Action addExpenseToReport]\nName=Add expense to Munich\nName[de]=Ausgabe zu Munich hinzufügen\nExec="),
            text)
        XCTAssertTrue(text.contains("[Desktop Action openReport]\nName=Open Munich\nName[de]=Munich öffnen\nExec="), text)
        XCTAssertTrue(text.contains("[Desktop Action unassignedExpenses]\nName=Open Receipts\nExec="), text)
        XCTAssertFalse(text.contains("Name=Berichte anzeigen"), text)
        // JSON is for the user reading it: their language.
        XCTAssertTrue(try app.ok("shortcuts", "export", "--json").contains("\"Berichte anzeigen\""))
    }

    func testACatalogsLprojFoldersBecomeNamesOfTheirLanguages() throws {
        let catalog = app.path("Info.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
        <dict><key>UIApplicationShortcutItemType</key><string>com.sap.example.showReports</string>
        <key>UIApplicationShortcutItemTitle</key><string>Show Reports</string></dict>
        </array></dict></plist>
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        for (folder, title) in [
            ("fr", "Afficher les notes"), ("pt-BR", "Mostrar relatórios"), ("Base", "Show Reports"), ("en", "Show Reports"),
        ] {
            try FileManager.default.createDirectory(atPath: app.path("\(folder).lproj"), withIntermediateDirectories: true)
            try "\"Show Reports\" = \"\(title)\";".write(
                toFile: app.path("\(folder).lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
        }
        app.environment["LANG"] = "fr_FR.UTF-8"
        let text = try app.ok("shortcuts", "export", "--catalog", catalog)
        XCTAssertTrue(
            text.contains(
                """
                [Desktop Action showReports]
                Name=Show Reports
                Name[fr]=Afficher les notes
                Name[pt_BR]=Mostrar relatórios
                Exec=
                """), text)
        try text.write(toFile: app.path("c.desktop"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try validate(app.path("c.desktop")), "")
    }

    func testJSONExport() throws {
        let result = try app.run("shortcuts", "export", "--format", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.count, 4)
        XCTAssertEqual(list.first?["type"] as? String, "com.sap.example.showReports")
        XCTAssertEqual(list.first?["subtitle"] as? String, "Show all available Reports")
        XCTAssertEqual((list.first?["icon"] as? [String: Any])?["plistType"] as? String, "UIApplicationShortcutIconTypeSearch")
        XCTAssertEqual(
            list.first?["exec"] as? [String], ["expenses", "--db", app.databasePath, "--shortcut", "com.sap.example.showReports"])
        try app.ok("shortcuts", "export", "--format", "json", "-o", app.path("s.json"))
        let file = try Data(contentsOf: URL(fileURLWithPath: app.path("s.json")))
        XCTAssertEqual(try JSONSerialization.jsonObject(with: file) as? NSArray, list as NSArray)
        XCTAssertEqual(try app.run("shortcuts", "export", "--desktop", "--json").status, 64)
        XCTAssertEqual(try app.run("shortcuts", "export", "-o", "/nonexistent/dir/x.desktop").status, 73)
    }
}

/// `shortcuts export --web DIR`: the web app's manifest, worker, icons and page, from the same
/// quick actions as the desktop entry.
final class WebExportTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private func manifest(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: app.path(directory + "/manifest.webmanifest")))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testItWritesEveryFileWithTheStaticShortcutsInTheUsersLanguageAndThePersonsTrips() throws {
        XCTAssertEqual(
            try app.ok("shortcuts", "export", "--web", "site"),
            "Wrote site: manifest.webmanifest with 2 shortcuts (Show Reports, Take a Picture), sw.js, sw-register.js, "
                + "icons/192.png, icons/512.png, index.html\n")
        for file in ["manifest.webmanifest", "sw.js", "sw-register.js", "icons/192.png", "icons/512.png", "index.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("site/" + file)), file)
        }
        let english = try manifest("site")
        XCTAssertEqual((english["shortcuts"] as? [[String: Any]])?.map { $0["url"] as? String }, ["/reports", "/receipts/new"])
        XCTAssertEqual(english["lang"] as? String, "en")
        let page = try String(contentsOfFile: app.path("site/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"), page)
        XCTAssertTrue(page.contains("<li><a href=\"/receipts/new\">Take a Picture</a></li>"), page)

        app.environment["LANG"] = "de_DE.UTF-8"
        try app.ok("report", "new", "Munich")
        try app.ok("shortcuts", "export", "--web", "de")
        let german = try manifest("de")
        let shortcuts = try XCTUnwrap(german["shortcuts"] as? [[String: Any]])
        XCTAssertEqual(
            shortcuts.map { $0["name"] as? String },
            ["Berichte anzeigen", "Foto aufnehmen", "Ausgabe zu Munich hinzufügen", "Munich öffnen"])
        let report = try XCTUnwrap(try app.ok("report", "list", "--format", "json").split(separator: "\"id\": ").dropFirst().first)
            .prefix { $0.isNumber }
        XCTAssertEqual(
            shortcuts.map { $0["url"] as? String }, ["/reports", "/receipts/new", "/expenses/new?report=\(report)", "/reports/\(report)"])
        XCTAssertEqual(german["lang"] as? String, "de")
    }

    func testTakePhotoStaysThoughThePersonRemovedItsLauncherItem() throws {
        try app.ok("shortcuts", "remove", "com.sap.example.takePhoto")
        try app.ok("shortcuts", "export", "--web", "site")
        XCTAssertEqual(
            (try manifest("site")["shortcuts"] as? [[String: Any]])?.map { $0["url"] as? String }, ["/reports", "/receipts/new"])
    }

    func testFilesThereAreReplacedOnlyWithForceAndNothingIsWrittenHalf() throws {
        try app.ok("shortcuts", "export", "--web", "site")
        try "mine".write(toFile: app.path("site/index.html"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: app.path("site/manifest.webmanifest"))
        let refused = try app.run("shortcuts", "export", "--web", "site")
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("site/sw.js exists"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("site/manifest.webmanifest")), "checked before any is written")
        try app.ok("shortcuts", "export", "--web", "site", "--force")
        XCTAssertNotEqual(try String(contentsOfFile: app.path("site/index.html"), encoding: .utf8), "mine")
    }

    func testWebGoesWithNoOtherFormat() throws {
        for other in [["--desktop"], ["--json"], ["-o", "x"], ["--exec", "e"], ["--icon", "i"], ["--all"], ["--max-visible", "2"]] {
            let result = try app.run(["shortcuts", "export", "--web", "site"] + other)
            XCTAssertEqual(result.status, 64, "\(other): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("site")))
    }

    /// A title with markup, quotes, a combining mark and an emoji: valid JSON, and text on the page.
    func testAHostileTitleStaysJSONAndText() throws {
        let catalog = app.path("Info.plist")
        let title = "<img src=x onerror=alert(1)> \"Q1\" & e\u{301} 🧾"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
        <dict><key>UIApplicationShortcutItemType</key><string>com.sap.example.showReports</string>
        <key>UIApplicationShortcutItemTitle</key><string>\(title.xmlEscaped)</string></dict>
        </array></dict></plist>
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        try app.ok("shortcuts", "export", "--web", "site", "--catalog", catalog)
        XCTAssertEqual((try manifest("site")["shortcuts"] as? [[String: Any]])?.first?["name"] as? String, title)
        let page = try String(contentsOfFile: app.path("site/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt; &quot;Q1&quot; &amp; e\u{301} 🧾"), page)
        XCTAssertFalse(page.contains("<img"), page)
    }
}
