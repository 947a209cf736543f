import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport

/// The freedesktop export: one action per visible quick action, Exec quoted as the spec says.
final class DesktopEntryTests: XCTestCase {
    private func entry(_ type: String, _ title: String, icon: SystemIcon? = nil) -> ShortcutSet.Entry {
        ShortcutSet.Entry(
            item: ShortcutItem(type: type, title: title, icon: ShortcutIcon(type: icon)), kind: .static, rank: nil,
            position: 1, isVisible: true, isEnabled: true)
    }

    func testActionsAndGroups() {
        let text = DesktopEntry(
            shortcuts: [
                entry("com.sap.example.showReports", "Show Reports", icon: .search),
                entry("com.sap.example.takePhoto", "Take a Picture", icon: .capturePhoto),
            ],
            command: ["expenses"]
        ).render()
        XCTAssertTrue(text.hasPrefix("[Desktop Entry]\nType=Application\n"), text)
        XCTAssertTrue(text.contains("\nExec=expenses\n"))
        XCTAssertTrue(text.contains("\nActions=showReports;takePhoto;\n"), text)
        XCTAssertTrue(
            text.contains(
                """

                [Desktop Action showReports]
                Name=Show Reports
                Exec=expenses --shortcut com.sap.example.showReports
                Icon=system-search

                [Desktop Action takePhoto]
                Name=Take a Picture
                Exec=expenses --shortcut com.sap.example.takePhoto
                Icon=camera-photo

                """), text)
    }

    func testExecQuotingAndEscaping() {
        XCTAssertEqual(DesktopEntry.exec(["expenses", "--shortcut", "a.b"]), "expenses --shortcut a.b")
        XCTAssertEqual(DesktopEntry.exec(["/opt/my apps/expenses"]), "\"/opt/my apps/expenses\"")
        XCTAssertEqual(DesktopEntry.exec(["50%"]), "50%%")
        // A quote inside quotes is escaped with a backslash, which the file escapes again.
        XCTAssertEqual(DesktopEntry.exec(["say \"hi\" $HOME"]), #""say \\"hi\\" \\$HOME""#)
        XCTAssertEqual(DesktopEntry.escape("a\nb\\c"), "a\\nb\\\\c")
    }

    func testLineBreaksAndQuotesCombinedIntoOneCharacterAreEscapedToo() {
        // "\r\n" is one Character, equal to neither "\r" nor "\n": it used to plant a line.
        XCTAssertEqual(DesktopEntry.escape("Munich\r\nExec=touch /tmp/pwned"), "Munich\\r\\nExec=touch /tmp/pwned")
        XCTAssertEqual(DesktopEntry.exec(["a\u{301} b"]), "\"a\u{301} b\"")
        XCTAssertEqual(DesktopEntry.exec(["\"\u{301}"]), "\"\\\\\"\u{301}\"", "the quote is escaped though a mark follows it")
        XCTAssertEqual(DesktopEntry.exec(["%\u{301}"]), "%%\u{301}", "a field code's % is doubled though a mark follows it")
        let entry = DesktopEntry(
            shortcuts: [entry("com.sap.example.openReport", "Open Munich\r\nExec=touch /tmp/pwned")],
            command: ["expenses"]
        ).render()
        XCTAssertFalse(entry.split(separator: "\n").contains { $0.hasPrefix("Exec=touch") }, entry)
    }

    func testIdentifiersAreUniqueAndClean() {
        let entry = DesktopEntry(shortcuts: [self.entry("one.open report", "A"), self.entry("two.open report", "B")], command: ["x"])
        XCTAssertEqual(entry.actions.map(\.id), ["open-report", "open-report-2"])
    }

    func testNoActionsNoActionsKey() {
        XCTAssertFalse(DesktopEntry(shortcuts: [], command: ["expenses"]).render().contains("Actions="))
    }

    func testTranslationsFollowTheirKeyAsLocalizedValues() {
        var desktop = DesktopEntry(
            shortcuts: [
                entry("com.sap.example.showReports", "Show Reports", icon: .search),
                entry("com.sap.example.newReport", "New Report"),
            ],
            command: ["expenses"]
        ) { entry in
            entry.item.type.hasSuffix("showReports")
                ? ["de": "Berichte anzeigen", "pt_BR": "Mostrar relatórios", "fr": "Show Reports", "x]=y": "injected"] : [:]
        }
        desktop.comment.translations["de"] = "Reisekosten\nund Belege"
        let text = desktop.render()
        XCTAssertTrue(
            text.contains(
                """

                [Desktop Action showReports]
                Name=Show Reports
                Name[de]=Berichte anzeigen
                Name[pt_BR]=Mostrar relatórios
                Exec=expenses --shortcut com.sap.example.showReports
                Icon=system-search

                [Desktop Action newReport]
                Name=New Report
                Exec=
                """), "sorted by locale; one equal to the English title, or not a locale, is left out: \(text)")
        XCTAssertTrue(
            text.contains("\nComment=Travel expense reports, their items and receipts\nComment[de]=Reisekosten\\nund Belege\n"), text)
    }

    func testIconAndExtensionKeysAreReadBack() {
        var desktop = DesktopEntry(shortcuts: [], command: ["/opt/my apps/expenses", "--db", "/home/a/x y.sqlite"])
        desktop.icon = "expenses"
        desktop.extensionKeys = ["X-Expenses-Database": "/home/a/x y.sqlite", "X-Expenses-Catalog": "C:\\tab\there"]
        let text = desktop.render()
        XCTAssertTrue(text.contains("\nComment=Travel expense reports, their items and receipts\nIcon=expenses\nExec="), text)
        XCTAssertTrue(text.contains("\nX-Expenses-Catalog=C:\\\\tab\\there\nX-Expenses-Database=/home/a/x y.sqlite\n"), text)
        let keys = DesktopEntry.keys(in: text + "\n[Desktop Action x]\nName=Other\n")
        XCTAssertEqual(keys["X-Expenses-Database"], "/home/a/x y.sqlite")
        XCTAssertEqual(keys["X-Expenses-Catalog"], "C:\\tab\there")
        XCTAssertEqual(keys["Name"], "Expenses", "the first group's, not an action's")
        XCTAssertEqual(DesktopEntry.keys(in: "[Desktop Entry]\nName = a\\sb\n")["Name"], "a b")
    }

    func testAppStringsTranslateTheAppsOwnTitles() {
        XCTAssertEqual(AppStrings.translate("Add expense to Munich", into: "de"), "Ausgabe zu Munich hinzufügen")
        XCTAssertEqual(AppStrings.translate("Open Zürich \"Q1\"", into: "de"), "Zürich \"Q1\" öffnen")
        XCTAssertEqual(AppStrings.translate("Travel Expenses", into: "de"), "Reisekosten")
        XCTAssertNil(AppStrings.translate("Open ", into: "de"), "no value for %@")
        XCTAssertNil(AppStrings.translate("Loose Receipts", into: "de"))
        XCTAssertNil(AppStrings.translate("Open Munich", into: "fr"))
        XCTAssertEqual(AppStrings.languages, ["de"])
    }

    func testLanguageNames() {
        XCTAssertTrue(PreferredLanguages.isLanguageName("de"))
        XCTAssertTrue(PreferredLanguages.isLanguageName("pt_BR"))
        XCTAssertTrue(PreferredLanguages.isLanguageName("zh_Hans"))
        XCTAssertFalse(PreferredLanguages.isLanguageName("Base"))
        XCTAssertFalse(PreferredLanguages.isLanguageName("German"))
        XCTAssertFalse(PreferredLanguages.isLanguageName("de_"))
        XCTAssertFalse(PreferredLanguages.isLanguageName("de]x"))
    }
}
