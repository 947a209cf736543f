import Foundation
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport

/// Loading catalogs: the shipped one, XML and binary files, `$(VAR)` expansion, localization.
final class CatalogLoadingTests: XCTestCase {
    func testTheBundledCatalogShipsTheSourceAppsActions() throws {
        let catalog = try BundledCatalog.load(options: testOptions)
        // The source app's one static item; its others are the app's dynamic defaults (AppShortcutsTests).
        XCTAssertEqual(catalog.items.map(\.type), ["com.sap.example.showReports"])
        let show = try XCTUnwrap(catalog.item("com.sap.example.showReports"))
        XCTAssertEqual(show.title, "Show Reports")
        XCTAssertEqual(show.subtitle, "Show all available Reports")
        XCTAssertEqual(show.icon.type, .search)
        for entry in try AppShortcuts.load(options: testOptions).defaults {
            XCTAssertNil(catalog.item(entry.item.type), "\(entry.item.type) is a default dynamic item, not static too")
        }
        XCTAssertEqual(catalog.warnings, [], "the shipped catalog must load without warnings")
        XCTAssertNil(catalog.localization)
        // That each names an action of the app is ExpenseAppTests' ShortcutLaunchTests' to check.
    }

    func testTheBundledCatalogIsTheFileInData() throws {
        let file = try Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Data/Shortcuts.plist")))
        XCTAssertEqual(file, Array(PackageResources.Shortcuts_plist))
        XCTAssertEqual(
            try ShortcutCatalog.load(path: repositoryRoot + "/Data/Shortcuts.plist", options: testOptions).items,
            try BundledCatalog.load(options: testOptions).items)
    }

    func testBinaryCatalogLoadsLikeXML() throws {
        let catalog = try ShortcutCatalog.load(path: repositoryRoot + "/Tests/Fixtures/Shortcuts.binary.plist", options: testOptions)
        XCTAssertEqual(catalog.items.map(\.type), ["com.sap.example.showReports", "com.sap.example.openReport"])
        let open = catalog.items[1]
        XCTAssertEqual(open.title, "Reisekosten Zürich ✈")
        XCTAssertEqual(open.icon, ShortcutIcon(symbolName: "airplane", file: "trip-icon", type: .capturePhoto))
        XCTAssertEqual(open.icon.shown, .symbol("airplane"), "symbol wins over file and type")
        XCTAssertEqual(open.userInfo["report"], .integer(42))
        XCTAssertEqual(open.userInfo.keys.count, 10)
    }

    func testIconPrecedenceIsSymbolThenFileThenType() {
        XCTAssertEqual(ShortcutIcon(file: "a.png", type: .add).shown, .file("a.png"))
        XCTAssertEqual(ShortcutIcon(type: .add).shown, .system(.add))
        XCTAssertNil(ShortcutIcon().shown)
        XCTAssertEqual(SystemIcon.allCases.count, 29)
        XCTAssertEqual(SystemIcon.capturePhoto.plistName, "UIApplicationShortcutIconTypeCapturePhoto")
        XCTAssertEqual(SystemIcon(plistName: "UIApplicationShortcutIconTypeTaskCompleted"), .taskCompleted)
        XCTAssertEqual(SystemIcon(loosely: "capture-photo"), .capturePhoto)
        XCTAssertNil(SystemIcon(plistName: "UIApplicationShortcutIconTypeSerch"))
    }

    func testVariablesExpandFromSettings() throws {
        let options = ShortcutCatalog.Options(
            variables: .standard(appID: "com.example.trips", version: "1.2", extra: ["TEAM": "Travel Ops"]), languages: [])
        let catalog = try loadCatalog(
            catalogPlist([
                itemXML(
                    type: "$(PRODUCT_BUNDLE_IDENTIFIER).showReports", title: "${PRODUCT_NAME} reports",
                    extra:
                        "<key>UIApplicationShortcutItemUserInfo</key><dict><key>team</key><string>$(TEAM:rfc1034identifier)</string></dict>"
                ),
                itemXML(type: "com.example.$(PRODUCT_NAME:upper).x", title: "Costs $5 and $(TEAM:lower)"),
            ]), options: options)
        XCTAssertEqual(catalog.items[0].type, "com.example.trips.showReports")
        XCTAssertEqual(catalog.items[0].title, "expenses reports")
        XCTAssertEqual(catalog.items[0].userInfo["team"], .string("Travel-Ops"))
        XCTAssertEqual(catalog.items[1].type, "com.example.EXPENSES.x")
        XCTAssertEqual(catalog.items[1].title, "Costs $5 and travel ops")
    }

    func testAppleSampleInfoPlistLoadsUnchanged() throws {
        // The shape of Apple's ApplicationShortcuts sample: keys as titles, localized by InfoPlist.strings.
        let directory = try temporaryDirectory()
        let plist = directory + "/Info.plist"
        try infoPlist(
            """
            <key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>UIApplicationShortcutItems</key>
            <array>
                <dict>
                    <key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeSearch</string>
                    <key>UIApplicationShortcutItemSubtitle</key><string>shortcutSubtitle1</string>
                    <key>UIApplicationShortcutItemTitle</key><string>shortcutTitle1</string>
                    <key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).First</string>
                    <key>UIApplicationShortcutItemUserInfo</key><dict><key>firstShortcutKey1</key><string>firstShortcutKeyValue1</string></dict>
                </dict>
            </array>
            """
        ).write(toFile: plist, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/en.lproj", withIntermediateDirectories: true)
        try "shortcutTitle1 = \"Search\";\nshortcutSubtitle1 = \"Search for an item\";\n"
            .write(toFile: directory + "/en.lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
        // No preferred language matches, so the development region's table applies, as on iOS.
        let catalog = try ShortcutCatalog.load(path: plist, options: testOptions)
        XCTAssertEqual(catalog.items.first?.type, "com.sap.example.First")
        XCTAssertEqual(catalog.items.first?.title, "Search")
        XCTAssertEqual(catalog.items.first?.subtitle, "Search for an item")
        XCTAssertEqual(catalog.localization, directory + "/en.lproj/InfoPlist.strings")
    }

    func testLocalizationFollowsThePreferredLanguagesAndFallsBack() throws {
        let directory = try temporaryDirectory()
        let plist = directory + "/Shortcuts.plist"
        try catalogPlist([
            itemXML(
                type: "com.sap.example.showReports", title: "Show Reports",
                extra: "<key>UIApplicationShortcutItemSubtitle</key><string>Untranslated</string>")
        ])
        .write(toFile: plist, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/de.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/pt-BR.lproj", withIntermediateDirectories: true)
        try "\"Show Reports\" = \"Berichte anzeigen\";".write(
            toFile: directory + "/de.lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
        try "\"Show Reports\" = \"Mostrar relatórios\";".write(
            toFile: directory + "/pt-BR.lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
        func load(_ environment: [String: String]) throws -> ShortcutCatalog {
            try ShortcutCatalog.load(
                path: plist,
                options: ShortcutCatalog.Options(
                    variables: testOptions.variables, languages: PreferredLanguages.from(environment)))
        }
        let german = try load(["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(german.items[0].title, "Berichte anzeigen")
        XCTAssertEqual(german.items[0].subtitle, "Untranslated", "a missing key falls back to the plist value")
        XCTAssertTrue(german.warnings.contains { $0.message.contains("no translation of 'Untranslated'") }, "\(german.warnings)")
        XCTAssertEqual(try load(["LANG": "en_US.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"]).items[0].title, "Mostrar relatórios")
        XCTAssertEqual(try load(["LC_ALL": "de_AT", "LC_MESSAGES": "pt_BR"]).items[0].title, "Berichte anzeigen", "LC_ALL wins")
        XCTAssertEqual(try load(["LANG": "fr_FR.UTF-8"]).items[0].title, "Show Reports")
        XCTAssertEqual(try load(["LANG": "C.UTF-8"]).items[0].title, "Show Reports")
        XCTAssertEqual(try load(["LANG": "de_DE.UTF-8", "LANGUAGE": "pt_BR:de"]).items[0].title, "Mostrar relatórios")
    }

    func testTheBundledCatalogSpeaksGerman() throws {
        let catalog = try BundledCatalog.load(
            options: ShortcutCatalog.Options(
                variables: testOptions.variables, languages: PreferredLanguages.from(["LANG": "de_DE.UTF-8"])))
        XCTAssertEqual(catalog.items.map(\.title), ["Berichte anzeigen"])
        XCTAssertEqual(catalog.warnings, [], "every German title fits and is translated")
    }

    func testPreferredLanguages() {
        XCTAssertEqual(PreferredLanguages.from(["LANG": "de_DE.UTF-8@euro"]), ["de_DE", "de"])
        XCTAssertEqual(PreferredLanguages.from(["LANG": "C"]), [])
        XCTAssertEqual(PreferredLanguages.from(["LANG": "C", "LANGUAGE": "de"]), [], "gettext ignores LANGUAGE in the C locale")
        XCTAssertEqual(PreferredLanguages.from(["LANG": "en_GB.UTF-8", "LANGUAGE": "fr:de"]), ["fr", "de", "en_GB", "en"])
        XCTAssertEqual(PreferredLanguages.from([:]), [])
    }

    /// A browser's Accept-Language, by weight, says what LANGUAGE and LC_ALL would.
    func testABrowsersAcceptLanguageAsTheLocaleVariables() {
        let german = PreferredLanguages.variables(acceptLanguage: "en;q=0.5, de-DE,de;q=0.9,*;q=0.1")
        XCTAssertEqual(german, ["LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de_DE:de:en"])
        XCTAssertEqual(PreferredLanguages.from(german), ["de_DE", "de", "en"])
        XCTAssertEqual(PreferredLanguages.variables(acceptLanguage: "fr;q=0, x\u{301}, ../../etc, \r\nLANG=C"), [:])
        XCTAssertEqual(PreferredLanguages.variables(acceptLanguage: ""), [:])
    }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "shortcut-catalog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
