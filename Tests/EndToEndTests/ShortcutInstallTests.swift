import Foundation
import XCTest

/// `shortcuts install|uninstall`: the desktop entry and icon under XDG_DATA_HOME, rewritten by
/// rename whenever the quick actions it shows change.
final class ShortcutInstallTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.environment["XDG_DATA_HOME"] = app.path("share")
    }

    override func tearDown() { app = nil }

    var entryPath: String { app.path("share/applications/expenses.desktop") }
    var iconPath: String { app.path("share/icons/hicolor/scalable/apps/expenses.svg") }
    var entry: String { (try? String(contentsOfFile: entryPath, encoding: .utf8)) ?? "" }

    private func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    private func applicationsFolder() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.path("share/applications")).sorted()
    }

    func testInstallWritesAnEntryThatRunsThisBinaryOnThisDatabaseAndItsIcon() throws {
        app.environment["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(try app.ok("shortcuts", "install"),
                       "Installed \(entryPath): 4 quick actions (Show Reports, Add Expense, Take a Picture, New Report)\n")
        XCTAssertEqual(try ShortcutExportTests.validate(entryPath), "")
        let binary = ExpensesProcess.binary.resolvingSymlinksInPath().path
        XCTAssertTrue(entry.contains("\nExec=\(binary) --db \(app.databasePath)\nTryExec=\(binary)\nTerminal=true\n"), entry)
        XCTAssertTrue(entry.contains("""
            [Desktop Action showReports]
            Name=Show Reports
            Name[de]=Berichte anzeigen
            Exec=\(binary) --db \(app.databasePath) --shortcut com.sap.example.showReports
            """), "English first, German for the launcher to choose, whatever LANG install ran under: \(entry)")
        XCTAssertTrue(entry.contains("\nIcon=expenses\n"), entry)
        let icon = try String(contentsOfFile: iconPath, encoding: .utf8)
        XCTAssertTrue(icon.hasPrefix("<?xml") && icon.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""), icon)
        XCTAssertEqual(try applicationsFolder(), ["expenses.desktop"])
        // The default database too: a launcher has no EXPENSES_DB, and its PATH may not hold expenses.
        app.environment.removeValue(forKey: "EXPENSES_DB")
        try app.ok("shortcuts", "install", "--exec", "/opt/expense tools/expenses")
        XCTAssertTrue(entry.contains("\nExec=\"/opt/expense tools/expenses\" --db \(app.path("share/expenses/expenses.sqlite"))\n"), entry)
        XCTAssertEqual(try ShortcutExportTests.validate(entryPath), "")
    }

    func testAnInstallWithACatalogKeepsIt() throws {
        let catalog = app.path("My Catalog.plist")
        try FileManager.default.copyItem(atPath: ShortcutCatalogTests.fixtures.appendingPathComponent("Shortcuts.binary.plist").path,
                                         toPath: catalog)
        try app.ok("shortcuts", "install", "--catalog", "My Catalog.plist")
        XCTAssertTrue(entry.contains("--shortcut com.sap.example.showReports --catalog \"\(catalog)\"\n"), entry)
        XCTAssertEqual(try ShortcutExportTests.validate(entryPath), "")
    }

    func testUninstallRemovesTheEntryAndIconAndForgetsTheInstall() throws {
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        try app.ok("shortcuts", "install")
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"), "Removed \(entryPath) and \(iconPath)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: iconPath))
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"), "Nothing to uninstall: there is no \(entryPath)\n")
        // An entry install did not write is not install's to remove, nor to keep current.
        try app.ok("shortcuts", "export", "-o", entryPath)
        let exported = entry
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"),
                       "Nothing to uninstall: \(entryPath) was not written by 'expenses shortcuts install'; it is left as it is\n")
        XCTAssertEqual(entry, exported)
    }

    func testAnInMemoryDatabaseCannotBeInstalled() throws {
        let result = try app.run("--db", ":memory:", "shortcuts", "install")
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath))
    }
}
