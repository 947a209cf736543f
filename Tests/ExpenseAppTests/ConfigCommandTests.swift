import ExpenseTestSupport
import Foundation
import XCTest

/// `config get|set|unset|list` and the file behind them, `$XDG_CONFIG_HOME/expenses/config`.
final class ConfigCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private var configPath: String { app.path(".config/expenses/config") }

    /// An unset setting says what is in force, not "(built in)": the database in use and where it
    /// was named, no camera, no inbox folder (issue 31, point 9).
    func testListSaysTheValuesInForce() throws {
        let rows = try XCTUnwrap(app.json("config", "list") as? [[String: String]])
        let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0["key"] ?? "", $0) })
        XCTAssertEqual(byKey["database"]?["value"], app.databasePath)
        XCTAssertNotEqual(byKey["database"]?["source"], "default")
        XCTAssertEqual(byKey["camera.command"]?["value"], "(none: no camera is set up)")
        XCTAssertEqual(byKey["receipts.inbox"]?["value"], "(none: no inbox folder is set up)")
        XCTAssertEqual(byKey["shortcuts.catalog"]?["value"], "(built in)")
        XCTAssertEqual(try app.ok("config", "get", "database"), app.databasePath + "\n")
    }

    func testSetGetUnsetAndTheFile() throws {
        XCTAssertEqual(try app.ok("config", "get", "app-id"), "com.sap.example\n")
        XCTAssertEqual(try app.ok("config", "set", "app-id", "com.example.trips"), "app-id = com.example.trips\n")
        XCTAssertEqual(try app.ok("config", "set", "default-currency", "chf"), "default-currency = CHF\n")
        XCTAssertEqual(try app.ok("config", "get", "app-id"), "com.example.trips\n")
        XCTAssertEqual(try String(contentsOfFile: configPath, encoding: .utf8), "app-id = com.example.trips\ndefault-currency = CHF\n")
        let mode = try FileManager.default.attributesOfItem(atPath: configPath)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(try app.ok("config", "unset", "app-id"), "app-id is unset (now com.sap.example)\n")
        XCTAssertEqual(try app.ok("config", "get", "app-id"), "com.sap.example\n")
        XCTAssertEqual(try app.ok("config", "set", "var.TEAM_ID", "ABC123"), "var.TEAM_ID = ABC123\n")
        XCTAssertEqual(try app.ok("config", "get", "var.TEAM_ID"), "ABC123\n")
    }

    func testXDGConfigHomeAndCommentsAreKept() throws {
        let home = app.path("xdg")
        app.environment["XDG_CONFIG_HOME"] = home
        try FileManager.default.createDirectory(atPath: home + "/expenses", withIntermediateDirectories: true)
        try "# my settings\nshortcuts.max-visible = 2\n\n# the end\n".write(
            toFile: home + "/expenses/config", atomically: true, encoding: .utf8)
        try app.ok("config", "set", "shortcuts.max-visible", "3")
        try app.ok("config", "set", "shortcuts.max-total", "10")
        XCTAssertEqual(
            try String(contentsOfFile: home + "/expenses/config", encoding: .utf8),
            "# my settings\nshortcuts.max-visible = 3\n\n# the end\nshortcuts.max-total = 10\n")
        let listed = try XCTUnwrap(app.json("config", "list") as? [[String: String]])
        XCTAssertEqual(listed.first { $0["key"] == "shortcuts.max-visible" }?["value"], "3")
        XCTAssertEqual(listed.first { $0["key"] == "shortcuts.max-visible" }?["source"], "file")
        XCTAssertEqual(listed.first { $0["key"] == "app-id" }?["source"], "default")
        XCTAssertEqual(try app.ok("shortcuts", "list", "--visible").split(separator: "\n").count, 4, "a header and 3 shown")
    }

    func testBadValuesAndUnknownKeys() throws {
        let number = try app.run("config", "set", "shortcuts.max-visible", "many")
        XCTAssertEqual(number.status, 65)
        XCTAssertEqual(number.stderr, "expenses: error: invalid number 'many'\nhint: a whole number from 0 to 100\n")
        XCTAssertEqual(try app.run("config", "set", "app-id", "not an id").status, 65)
        XCTAssertEqual(try app.run("config", "set", "default-currency", "EURO").status, 65)
        let unknown = try app.run("config", "set", "app_id", "x.y")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("expenses: error: unknown setting 'app_id': "), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("\nhint: did you mean 'app-id'?\n"), unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: configPath), "nothing written")
    }

    func testAMistakeInTheFileNamesItsLine() throws {
        try FileManager.default.createDirectory(atPath: app.path(".config/expenses"), withIntermediateDirectories: true)
        try "app-id = com.example.trips\nshortcuts.max-total = zero\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        let result = try app.run("report", "new", "Trip")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(configPath):2: invalid number 'zero'\nhint: a whole number from 1 to 100\n")
        try "colour blue\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try app.run("config", "list").stderr,
            "expenses: error: \(configPath):1: expected 'key = value', found 'colour blue'\nhint: lines starting with # are comments\n")
        try "app_id = x.y\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        let warned = try app.run("config", "get", "app-id")
        XCTAssertEqual(warned.stdout, "com.sap.example\n")
        XCTAssertEqual(warned.stderr, "expenses: warning: \(configPath):1: unknown setting 'app_id' is ignored (did you mean 'app-id'?)\n")
    }

    func testTheDefaultCurrencyApplies() throws {
        try app.ok("config", "set", "default-currency", "CHF")
        try app.ok("report", "new", "Basel")
        XCTAssertEqual(try app.query("SELECT currency FROM reports"), "CHF")
        try app.ok("expense", "add", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(try app.query("SELECT currency FROM expenses"), "CHF")
        XCTAssertFalse(try app.ok("report", "list").isEmpty)
    }
}
