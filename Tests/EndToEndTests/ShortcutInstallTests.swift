import ExpenseTestSupport
import Foundation
import XCTest

/// `shortcuts install|uninstall`: the desktop entry and icon under XDG_DATA_HOME, rewritten by
/// rename whenever the quick actions it shows change.
final class ShortcutInstallTests: EngineTestCase {
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
        try fileOnly(
            because:
                "the default database (no --db in Exec) and a file's path as written in Exec; a server's connection string is quoted, with no password (PostgresConnectionTests, ServerEngine)"
        )
        app.environment["LANG"] = "de_DE.UTF-8"
        XCTAssertEqual(
            try app.ok("shortcuts", "install"),
            "Installed \(entryPath): 4 quick actions (Show Reports, Add Expense, Take a Picture, New Report)\n")
        XCTAssertEqual(try DesktopEntryValidation.findings(entryPath), "")
        let binary = ExpensesProcess.binary.resolvingSymlinksInPath().path
        XCTAssertTrue(entry.contains("\nExec=\(binary) --db \(app.databasePath)\nTryExec=\(binary)\nTerminal=true\n"), entry)
        XCTAssertTrue(
            entry.contains(
                """
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
        XCTAssertEqual(try DesktopEntryValidation.findings(entryPath), "")
    }

    func testATripTitleCannotPlantLinesInTheInstalledEntry() throws {
        try app.ok("shortcuts", "install")
        try app.ok("report", "new", "Munich\r\nExec=touch /tmp/pwned\n[Desktop Action x]")
        XCTAssertEqual(try DesktopEntryValidation.findings(entryPath), "")
        let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertFalse(lines.contains { $0.hasPrefix("Exec=touch") || $0.hasPrefix("[Desktop Action x]") }, entry)
        XCTAssertTrue(entry.contains("Name=Add expense to Munich\\r\\nExec=touch /tmp/pwned\\n[Desktop Action x]\n"), entry)
    }

    func testTheEntryIsRewrittenByRenameWhenItsQuickActionsChange() throws {
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        try app.ok("shortcuts", "install")
        let installed = try inode(entryPath)
        try app.ok("report", "new", "Munich")
        try app.ok("expense", "add", "--report", "1", "--amount", "12", "--category", "taxi")
        XCTAssertTrue(
            entry.contains("[Desktop Action addExpenseToReport]\nName=Add expense to Munich\nName[de]=Ausgabe zu Munich hinzufügen\n"),
            entry)
        XCTAssertTrue(entry.contains("Name=Open Munich\n"), entry)
        XCTAssertEqual(try DesktopEntryValidation.findings(entryPath), "")
        let rewritten = try inode(entryPath)
        XCTAssertNotEqual(rewritten, installed, "a new file renamed over the old one, as launchers watching the folder expect")
        XCTAssertEqual(try applicationsFolder(), ["expenses.desktop"], "no temporary file is left")

        try app.ok("expense", "add", "--report", "1", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(try inode(entryPath), rewritten, "nothing changed, nothing written")
        // Another database's quick actions are not the installed entry's.
        try app.ok("--db", app.path("other.sqlite"), "report", "new", "Lisbon")
        XCTAssertFalse(entry.contains("Lisbon"), entry)
        XCTAssertEqual(try inode(entryPath), rewritten)

        XCTAssertEqual(try app.ok("shortcuts", "remove", "com.sap.example.openReport"), "Removed com.sap.example.openReport\n")
        XCTAssertFalse(entry.contains("Open Munich"), entry)
        XCTAssertFalse(entry.contains("openReport"), entry)
        // Last, after the app's defaults: the sixth place.
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts")
        XCTAssertTrue(entry.contains("[Desktop Action unassignedExpenses]\nName=Loose Receipts\n"), entry)
        try app.ok("config", "set", "shortcuts.max-visible", "4")
        XCTAssertFalse(entry.contains("Loose Receipts"), "a setting that changes what is shown rewrites it too: \(entry)")
    }

    func testAnInstallWithACatalogKeepsIt() throws {
        let catalog = app.path("My Catalog.plist")
        try FileManager.default.copyItem(
            atPath: ShortcutCatalogTests.fixtures.appendingPathComponent("Shortcuts.binary.plist").path,
            toPath: catalog)
        try app.ok("shortcuts", "install", "--catalog", "My Catalog.plist")
        XCTAssertTrue(entry.contains("--shortcut com.sap.example.showReports --catalog \"\(catalog)\"\n"), entry)
        try app.ok("report", "new", "Munich")
        XCTAssertTrue(entry.contains("--shortcut com.sap.example.showReports --catalog \"\(catalog)\"\n"), "still: \(entry)")
        XCTAssertEqual(try DesktopEntryValidation.findings(entryPath), "")
    }

    func testASymlinkAtTheTemporaryNameIsNotFollowed() throws {
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        try app.ok("shortcuts", "install")
        let victim = app.path("victim.txt")
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = app.path("share/applications/.expenses.desktop.tmp-1")
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        try app.ok("report", "new", "Munich")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: planted), victim)
        XCTAssertTrue(entry.contains("Name=Add expense to Munich\n"), entry)
        XCTAssertEqual(try applicationsFolder(), [".expenses.desktop.tmp-1", "expenses.desktop"])
    }

    func testAFailedRewriteIsAWarningNotAFailure() throws {
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        try app.ok("shortcuts", "install")
        for number in 1...64 {
            try FileManager.default.createSymbolicLink(
                atPath: app.path("share/applications/.expenses.desktop.tmp-\(number)"),
                withDestinationPath: "/nonexistent")
        }
        let result = try app.run("report", "new", "Munich")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Created report 1: Munich\n")
        XCTAssertEqual(
            result.stderr,
            "expenses: warning: the installed desktop entry \(entryPath) was not updated: cannot write \(entryPath): File exists\n")
        XCTAssertFalse(entry.contains("Munich"), entry)
    }

    func testUninstallRemovesTheEntryAndIconAndForgetsTheInstall() throws {
        try app.ok("config", "set", "shortcuts.max-visible", "6")
        try app.ok("shortcuts", "install")
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"), "Removed \(entryPath) and \(iconPath)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: iconPath))
        try app.ok("report", "new", "Munich")
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath), "not kept current any more")
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"), "Nothing to uninstall: there is no \(entryPath)\n")
        // Only ever an icon of ours, whatever an edited entry names.
        try app.ok("shortcuts", "install")
        let precious = app.path("precious.txt")
        try "keep\n".write(toFile: precious, atomically: false, encoding: .utf8)
        try entry.replacingOccurrences(of: "X-Expenses-Icon=\(iconPath)", with: "X-Expenses-Icon=\(precious)")
            .write(toFile: entryPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try app.ok("shortcuts", "uninstall"), "Removed \(entryPath); it named \(precious) as its icon, which is left as it is\n")
        XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "keep\n")
        try app.ok("shortcuts", "install")
        try FileManager.default.removeItem(atPath: iconPath)
        XCTAssertEqual(try app.ok("shortcuts", "uninstall"), "Removed \(entryPath) (its icon \(iconPath) was gone already)\n")
        // An entry install did not write is not install's to remove, nor to keep current.
        try app.ok("shortcuts", "export", "-o", entryPath)
        let exported = entry
        XCTAssertEqual(
            try app.ok("shortcuts", "uninstall"),
            "Nothing to uninstall: \(entryPath) was not written by 'expenses shortcuts install'; it is left as it is\n")
        try app.ok("report", "new", "Basel")
        XCTAssertEqual(entry, exported)
    }

    func testAnInMemoryDatabaseCannotBeInstalled() throws {
        let result = try app.run("--db", ":memory:", "shortcuts", "install")
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath))
    }
}
