import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ShortcutCatalogTests` that need no process of their own: run in this one, fast.
extension ShortcutCatalogTests {

    func testABinaryCatalogRoutesLikeTheXMLOne() throws {
        try app.ok("report", "new", "Zürich trip")
        let catalog = Self.fixtures.appendingPathComponent("Shortcuts.binary.plist").path
        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.showReports", "--catalog", catalog), try app.ok("report", "list"))
        let listed = try app.ok("shortcuts", "list", "--catalog", catalog)
        XCTAssertTrue(listed.contains("com.sap.example.openReport") && listed.contains("Reisekosten Zürich ✈"), listed)
        XCTAssertTrue(listed.contains("symbol:airplane"), "the symbol name wins: \(listed)")
        // Its openReport item carries report 42 in userInfo; --info points it at report 1.
        let missing = try app.run("--shortcut", "com.sap.example.openReport", "--catalog", catalog)
        XCTAssertEqual(missing.status, 64, "userInfo keys the command does not take are refused: \(missing.stderr)")
        XCTAssertTrue(missing.stderr.contains("passes 'big', which is not an option of 'expenses report show'"), missing.stderr)
    }

    func testAnIOSInfoPlistLoadsUnchangedWithTheAppID() throws {
        let path = try write(plist([item("$(PRODUCT_BUNDLE_IDENTIFIER).showReports", "$(PRODUCT_NAME) reports")]))
        try app.ok("config", "set", "app-id", "com.example.trips")
        let result = try app.run("--shortcut", "com.example.trips.showReports", "--catalog", path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "(none)\n")
        XCTAssertTrue(try app.ok("shortcuts", "list", "--catalog", path).contains("com.example.trips.showReports  expenses reports"))
        try app.ok("config", "set", "shortcuts.catalog", path)
        XCTAssertEqual(try app.run("--shortcut", "com.example.trips.showReports").status, 0, "the setting makes it the default")
    }

    func testTitlesFollowLANG() throws {
        app.environment["LANG"] = "de_DE.UTF-8"
        let listed = try app.ok("shortcuts", "list")
        XCTAssertTrue(listed.contains("Berichte anzeigen") && listed.contains("Foto aufnehmen"), listed)
        XCTAssertTrue(listed.contains("titles from Data/de.lproj/InfoPlist.strings (built in)"), listed)
        app.environment["LANG"] = "C.UTF-8"
        XCTAssertTrue(try app.ok("shortcuts", "list").contains("Show Reports"))
        // A catalog's own .lproj folder beside it.
        let path = try write(plist([item("com.sap.example.showReports", "Show Reports")]))
        try FileManager.default.createDirectory(atPath: app.path("fr.lproj"), withIntermediateDirectories: true)
        try "\"Show Reports\" = \"Afficher les notes de frais\";".write(
            toFile: app.path("fr.lproj/InfoPlist.strings"), atomically: true, encoding: .utf8)
        app.environment["LC_MESSAGES"] = "fr_FR.UTF-8"
        XCTAssertTrue(try app.ok("shortcuts", "list", "--catalog", path).contains("Afficher les notes de frais"))
    }

    func testEveryValidationErrorIsReportedWithItsItemAndExit65() throws {
        let path = try write(
            plist([
                item("com.sap.example.showReports", "Show Reports"),
                "<dict><key>UIApplicationShortcutItemTitle</key><string>No type</string></dict>",
                item(
                    "com.sap.example.takePhoto", "Take a Picture",
                    "<key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeCamera</string>"),
                item("com.sap.example.showReports", "Again"),
                item("com.sap.example.newReport", "New", "<key>UIApplicationShortcutItemUserInfo</key><array/>"),
                "<dict><key>UIApplicationShortcutItemType</key><integer>7</integer><key>UIApplicationShortcutItemTitle</key><string>T</string></dict>",
            ]))
        let result = try app.run("--shortcut", "com.sap.example.showReports", "--catalog", path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: \(path): item 2 (no type): missing UIApplicationShortcutItemType (required)
            expenses: error: \(path): item 3 (com.sap.example.takePhoto): unknown icon type 'UIApplicationShortcutIconTypeCamera'
            hint: 'expenses shortcuts icons' lists the 29 UIApplicationShortcutIconType names
            expenses: error: \(path): item 4 (com.sap.example.showReports): duplicate type: item 1 has the same UIApplicationShortcutItemType
            hint: each quick action needs a type of its own
            expenses: error: \(path): item 5 (com.sap.example.newReport): UIApplicationShortcutItemUserInfo is an array, expected a dictionary
            expenses: error: \(path): item 6 (no type): UIApplicationShortcutItemType is an integer, expected a string

            """)
    }

    func testAMalformedPlistNamesTheParsersLine() throws {
        let path = try write(
            plist([item("com.sap.example.showReports", "Show Reports")]).replacingOccurrences(of: "</string>\n", with: "</strng>\n"))
        let result = try app.run("shortcuts", "check", "--catalog", path)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(path):7: malformed property list: </strng> does not close <string>\n")
        let binary = try write("bplist00 not really", "Broken.plist")
        let broken = try app.run("shortcuts", "check", "--catalog", binary)
        XCTAssertEqual(broken.status, 65)
        XCTAssertTrue(
            broken.stderr.hasPrefix("expenses: error: \(binary): malformed property list: binary property list is truncated"), broken.stderr
        )
        XCTAssertEqual(
            try app.run("shortcuts", "check", "--catalog", app.path("missing.plist")).stderr,
            "expenses: error: \(app.path("missing.plist")): no such file\n")
    }

    func testALongTitleIsAWarningNotAnError() throws {
        let path = try write(plist([item("com.sap.example.showReports", "Show every expense report of this year")]))
        let result = try app.run("shortcuts", "check", "--catalog", path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(path): 1 quick action, 1 warning\n")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: warning: \(path): item 1 (com.sap.example.showReports): the title 'Show every expense report of this year' is 38 columns wide and will not fit one line; it wraps to two
            hint: keep titles to 25 columns; put details in the subtitle

            """)
        XCTAssertEqual(
            try app.run("--shortcut", "com.sap.example.showReports", "--catalog", path).stderr, "",
            "a launch does not nag about the catalog's looks")
    }

    func testTheBuiltInCatalogChecksClean() throws {
        let result = try app.run("shortcuts", "check")
        XCTAssertEqual(result.stdout, "Data/Shortcuts.plist (built in): 1 quick action, no warnings\n")
        XCTAssertEqual(result.stderr, "")
        let icons = try app.ok("shortcuts", "icons").split(separator: "\n")
        XCTAssertEqual(icons.count, 30, "a header and the 29 icon types")
        XCTAssertTrue(
            icons.contains {
                $0.hasPrefix("capturePhoto ") && $0.contains(" UIApplicationShortcutIconTypeCapturePhoto ") && $0.hasSuffix(" camera-photo")
            })
    }
}
