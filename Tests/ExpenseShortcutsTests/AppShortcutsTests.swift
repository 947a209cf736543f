import Foundation
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport

/// The app's own default dynamic quick actions: what Data/AppShortcuts.plist ships, how they
/// stand in before the app publishes them, and what a database keeps of them afterwards.
final class AppShortcutsTests: XCTestCase {
    func testTheDefaultsAreTheSourceAppsDynamicItems() throws {
        let defaults = try AppShortcuts.load(options: testOptions)
        XCTAssertEqual(
            defaults.defaults.map(\.key),
            [
                "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense", "$(PRODUCT_BUNDLE_IDENTIFIER).takePhoto",
                "$(PRODUCT_BUNDLE_IDENTIFIER).newReport",
            ])
        XCTAssertEqual(
            defaults.defaults.map(\.item),
            [
                ShortcutItem(
                    type: "com.sap.example.addExpense", title: "Add Expense", subtitle: "To the current trip",
                    icon: ShortcutIcon(type: .add)),
                ShortcutItem(type: "com.sap.example.takePhoto", title: "Take a Picture", icon: ShortcutIcon(type: .capturePhoto)),
                ShortcutItem(
                    type: "com.sap.example.newReport", title: "New Report", subtitle: "Start a report for a trip",
                    icon: ShortcutIcon(type: .compose)),
            ])
        XCTAssertEqual(defaults.warnings, [], "the shipped defaults must load without warnings")
        XCTAssertNil(defaults.localization)
        // That each names an action of the app is ExpenseAppTests' ShortcutLaunchTests' to check.
    }

    func testTheDefaultsAreTheFileInData() throws {
        let file = try Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Data/AppShortcuts.plist")))
        XCTAssertEqual(file, Array(PackageResources.AppShortcuts_plist))
    }

    func testTheDefaultsSpeakGermanAndFollowTheAppIDWhateverTheCap() throws {
        let german = try AppShortcuts.load(
            options: ShortcutCatalog.Options(
                variables: .standard(appID: "org.trips", version: "0.1.0"), languages: PreferredLanguages.from(["LANG": "de_DE.UTF-8"]),
                maxItems: 2))
        XCTAssertEqual(german.defaults.map(\.item.title), ["Ausgabe erfassen", "Foto aufnehmen", "Neuer Bericht"])
        XCTAssertEqual(german.defaults.map(\.item.subtitle), ["Zur aktuellen Reise", nil, "Einen Bericht für eine Reise anlegen"])
        XCTAssertEqual(german.warnings, [], "every German title fits and is translated")
        XCTAssertEqual(german.localization, "Data/de.lproj/InfoPlist.strings (built in)")
        XCTAssertEqual(german.defaults.map(\.item.type), ["org.trips.addExpense", "org.trips.takePhoto", "org.trips.newReport"])
        XCTAssertEqual(
            german.defaults.map(\.key), try AppShortcuts.load(options: testOptions).defaults.map(\.key),
            "the database names them the same whatever the app id")
    }

    // MARK: - Composing and publishing

    private let defaults = AppShortcuts(
        defaults: ["add", "photo", "new"].map {
            AppShortcuts.Default(key: "$(ID).\($0)", item: ShortcutItem(type: "app.\($0)", title: $0.capitalized))
        })

    private func app(_ name: String, _ rank: Int) -> DynamicShortcut {
        DynamicShortcut(item: ShortcutItem(type: "app.\(name)", title: name.capitalized), rank: rank, origin: .app)
    }

    private func user(_ name: String, _ rank: Int, enabled: Bool = true) -> DynamicShortcut {
        DynamicShortcut(
            item: ShortcutItem(type: "app.\(name)", title: "My \(name)"), rank: rank, isEnabled: enabled,
            disabledMessage: enabled ? nil : "Off")
    }

    private func summary(_ shortcuts: [DynamicShortcut]) -> [String] {
        shortcuts.map { "\($0.type):\($0.origin.rawValue):\($0.isEnabled ? String($0.rank) : "off")" }
    }

    func testUnpublishedDefaultsStandInAfterTheEnabledItemsInTheFilesOrder() {
        XCTAssertEqual(summary(defaults.compose(stored: [], records: [])), ["app.add:app:0", "app.photo:app:1", "app.new:app:2"])
        let stored = [user("trip", 0), user("mine", 1), user("closed", 0, enabled: false)]
        XCTAssertEqual(
            summary(defaults.compose(stored: stored, records: [])),
            ["app.trip:user:0", "app.mine:user:1", "app.add:app:2", "app.photo:app:3", "app.new:app:4", "app.closed:user:off"])
        XCTAssertEqual(
            summary(defaults.compose(stored: [user("photo", 0)], records: [])),
            ["app.photo:user:0", "app.add:app:1", "app.new:app:2"], "the user's own item of a default's type wins")
    }

    func testPublishingKeepsThePlacesAndStoresOnlyTheOtherItems() {
        var disabledNew = app("new", 0)
        disabledNew.isEnabled = false
        disabledNew.disabledMessage = "Use the form"
        let dynamic = [app("trip", 0), app("photo", 1), user("mine", 2), app("add", 3), user("closed", 0, enabled: false), disabledNew]
        let publication = defaults.publication(of: dynamic)
        XCTAssertEqual(
            summary(publication.stored), ["app.trip:app:0", "app.mine:user:1", "app.closed:user:off"],
            "the app's trip item is stored; its defaults are not, and the others rank among themselves")
        XCTAssertEqual(
            publication.records,
            [
                AppShortcutRecord(key: "$(ID).add", state: .enabled(rank: 3)),
                AppShortcutRecord(key: "$(ID).photo", state: .enabled(rank: 1)),
                AppShortcutRecord(key: "$(ID).new", state: .disabled(message: "Use the form")),
            ])
        XCTAssertEqual(defaults.compose(stored: publication.stored, records: publication.records), dynamic, "read back as written")
    }

    func testAPublishedDefaultThatIsGoneStaysGone() {
        let publication = defaults.publication(of: [user("add", 0), app("new", 1)])
        XCTAssertEqual(
            publication.records,
            [
                AppShortcutRecord(key: "$(ID).add", state: .removed),
                AppShortcutRecord(key: "$(ID).photo", state: .removed),
                AppShortcutRecord(key: "$(ID).new", state: .enabled(rank: 1)),
            ], "replaced by the user's own, and removed")
        XCTAssertEqual(
            summary(defaults.compose(stored: publication.stored, records: publication.records)),
            ["app.add:user:0", "app.new:app:1"])
        XCTAssertEqual(
            summary(defaults.compose(stored: [], records: publication.records)), ["app.new:app:0"],
            "removing the user's item does not bring the default back")
    }

    func testRecordsPlaceDefaultsAmongWhateverIsStoredNow() {
        let records = [
            AppShortcutRecord(key: "$(ID).add", state: .enabled(rank: 1)),
            AppShortcutRecord(key: "$(ID).photo", state: .enabled(rank: 9)),
        ]
        XCTAssertEqual(
            summary(defaults.compose(stored: [user("a", 0), user("b", 1), user("c", 2)], records: records)),
            ["app.a:user:0", "app.add:app:1", "app.b:user:2", "app.c:user:3", "app.photo:app:4", "app.new:app:5"],
            "a rank past the end is the end; a default published by no record (a later version's) stands in last")
        XCTAssertEqual(
            summary(defaults.compose(stored: [], records: records + [AppShortcutRecord(key: "$(ID).gone", state: .enabled(rank: 0))])),
            ["app.add:app:0", "app.photo:app:1", "app.new:app:2"], "a record of an item the file no longer has is ignored")
    }
}
