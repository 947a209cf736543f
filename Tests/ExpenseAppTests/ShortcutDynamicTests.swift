import ExpenseTestSupport
import Foundation
import XCTest

/// `shortcuts add|push|set|remove|disable|enable|list` as the binary runs them: caps, ordering,
/// eviction, static items that cannot change, and nothing written when a command fails.
final class ShortcutDynamicTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private func listed(_ arguments: String...) throws -> [[String: Any]] {
        let result = try app.run(["shortcuts", "list"] + arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private func types(_ arguments: String...) throws -> [String] {
        let result = try app.run(["shortcuts", "list"] + arguments + ["--format", "json"])
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return list.compactMap { ($0["type"] as? String)?.replacingOccurrences(of: "com.sap.example.", with: "") }
    }

    func testOrderingAndVisibility() throws {
        XCTAssertEqual(try types(), ["showReports", "addExpense", "takePhoto", "newReport"])
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts", "--icon", "task")
        try app.ok("shortcuts", "add", "com.sap.example.openReport", "--title", "Open Basel", "--info", "report=3", "--rank", "0")
        // The app's defaults are dynamic: the first add went last, after them; rank 0 is above them.
        XCTAssertEqual(try types(), ["showReports", "openReport", "addExpense", "takePhoto", "newReport", "unassignedExpenses"])
        XCTAssertEqual(try types("--visible"), ["showReports", "openReport", "addExpense", "takePhoto"], "static first, four shown")
        try app.ok("config", "set", "shortcuts.max-visible", "5")
        XCTAssertEqual(try types("--visible"), ["showReports", "openReport", "addExpense", "takePhoto", "newReport"])
        XCTAssertEqual(try types("--visible", "--max-visible", "2"), ["showReports", "openReport"])
        let open = try XCTUnwrap(try listed().first { $0["type"] as? String == "com.sap.example.openReport" })
        XCTAssertEqual(open["rank"] as? Int, 0)
        XCTAssertEqual(open["kind"] as? String, "dynamic")
        XCTAssertEqual(open["userInfo"] as? [String: Int], ["report": 3])
        XCTAssertEqual(open["exec"] as? [String], ["expenses", "--db", app.databasePath, "--shortcut", "com.sap.example.openReport"])
    }

    func testCapsRefuseAddAndPushEvictsTheLowestRanked() throws {
        try app.ok("config", "set", "shortcuts.max-total", "6")
        try app.ok("shortcuts", "add", "com.sap.example.openReport", "--title", "Open Basel", "--info", "report=1")
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose Receipts")
        let full = try app.run("shortcuts", "add", "com.sap.example.addExpenseToReport", "--title", "Add to Basel", "--info", "report=1")
        XCTAssertEqual(full.status, 1)
        XCTAssertEqual(
            full.stderr,
            """
            expenses: error: cannot add com.sap.example.addExpenseToReport: all 6 places (1 static, 5 dynamic) are taken
            hint: remove one (expenses shortcuts remove TYPE), use 'shortcuts push' to evict the lowest-ranked, or raise shortcuts.max-total

            """)
        let pushed = try app.ok("shortcuts", "push", "com.sap.example.addExpenseToReport", "--title", "Add to Basel", "--info", "report=1")
        XCTAssertEqual(
            pushed, "Pushed com.sap.example.addExpenseToReport: Add to Basel; evicted com.sap.example.unassignedExpenses (Loose Receipts)\n"
        )
        XCTAssertEqual(try types(), ["showReports", "addExpenseToReport", "addExpense", "takePhoto", "newReport", "openReport"])
        XCTAssertEqual(try app.query("SELECT count(*) FROM dynamic_shortcuts"), "2")
    }

    func testStaticQuickActionsCannotBeChanged() throws {
        for arguments in [
            ["shortcuts", "add", "com.sap.example.showReports", "--title", "Mine"],
            ["shortcuts", "remove", "com.sap.example.showReports"],
            ["shortcuts", "disable", "com.sap.example.showReports"],
            ["shortcuts", "push", "$(PRODUCT_BUNDLE_IDENTIFIER).showReports", "--title", "Mine"],
        ] {
            let result = try app.run(arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix("expenses: error: com.sap.example."), result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    " is a static quick action of Data/Shortcuts.plist (built in); static quick actions cannot be changed at run time\n"),
                result.stderr)
        }
        XCTAssertEqual(try app.query("SELECT count(*) FROM dynamic_shortcuts"), "0")
        XCTAssertEqual(try app.query("SELECT count(*) FROM app_shortcuts"), "0", "a refused change publishes nothing")
    }

    func testSetReplacesAllFromAPlistTheIOSWay() throws {
        try app.ok("shortcuts", "add", "com.sap.example.openReport", "--title", "Old", "--info", "report=1")
        let file = app.path("dynamic.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
          <dict><key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).unassignedExpenses</string>
                <key>UIApplicationShortcutItemTitle</key><string>Loose Receipts</string></dict>
          <dict><key>UIApplicationShortcutItemType</key><string>com.sap.example.addExpenseToReport</string>
                <key>UIApplicationShortcutItemTitle</key><string>Add to Basel</string>
                <key>UIApplicationShortcutItemUserInfo</key><dict><key>report</key><integer>1</integer><key>paidBy</key><string>company</string></dict></dict>
        </array></dict></plist>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try app.ok("shortcuts", "set", file), "Set 2 dynamic quick actions from \(file)\n")
        XCTAssertEqual(
            try types(), ["showReports", "unassignedExpenses", "addExpenseToReport"],
            "as iOS's shortcutItems = [...], it replaces the app's defaults too")
        try app.ok("report", "new", "Basel")
        XCTAssertEqual(
            try app.ok("--shortcut", "com.sap.example.addExpenseToReport", "--amount", "8", "--category", "taxi"),
            "Added expense 1 to report 1: 8.00 EUR taxi\n")
        XCTAssertEqual(try app.query("SELECT paid_by FROM expenses"), "company", "userInfo paidBy is --paid-by")
        let empty = app.path("none.plist")
        try "<plist><dict><key>UIApplicationShortcutItems</key><array/></dict></plist>".write(
            toFile: empty, atomically: true, encoding: .utf8)
        try app.ok("shortcuts", "set", empty)
        XCTAssertEqual(try app.query("SELECT count(*) FROM dynamic_shortcuts WHERE origin = 'user'"), "0")
    }

    func testAnItemThatCouldNeverRunIsRefused() throws {
        let unknown = try app.run("shortcuts", "add", "com.sap.example.fly", "--title", "Fly")
        XCTAssertEqual(unknown.status, 65)
        XCTAssertTrue(unknown.stderr.contains("names the action 'fly', which expenses does not have"), unknown.stderr)
        let badKey = try app.run("shortcuts", "add", "com.sap.example.mine.showReports", "--title", "Mine", "--info", "limt=5")
        XCTAssertEqual(badKey.status, 65)
        XCTAssertEqual(
            badKey.stderr,
            "expenses: error: com.sap.example.mine.showReports: 'limt' is not a parameter of its command 'expenses report list'\nhint: did you mean 'limit'?\n"
        )
        let badIcon = try app.run("shortcuts", "add", "com.sap.example.mine.showReports", "--title", "Mine", "--icon", "serch")
        XCTAssertEqual(badIcon.status, 65)
        XCTAssertTrue(badIcon.stderr.contains("unknown icon 'serch'\nhint: did you mean 'search'?"), badIcon.stderr)
        let long = try app.run("shortcuts", "add", "com.sap.example.mine.showReports", "--title", "All of this year's expense reports")
        XCTAssertEqual(long.status, 0)
        XCTAssertEqual(
            long.stderr, "expenses: warning: the title 'All of this year's expense reports' is 34 columns wide and will not fit one line\n")
        XCTAssertEqual(try app.ok("--shortcut", "com.sap.example.mine.showReports"), try app.ok("report", "list"))
    }

    func testDisableEnableAndRemove() throws {
        try app.ok("shortcuts", "add", "com.sap.example.openReport", "--title", "Open Basel", "--info", "report=1")
        try app.ok("shortcuts", "disable", "com.sap.example.openReport", "--message", "Basel is closed")
        XCTAssertFalse(try types().contains("openReport"))
        let all = try listed("--all")
        XCTAssertEqual(all.last?["enabled"] as? Bool, false)
        XCTAssertEqual(all.last?["disabledMessage"] as? String, "Basel is closed")
        try app.ok("shortcuts", "enable", "com.sap.example.openReport")
        XCTAssertTrue(try types().contains("openReport"))
        try app.ok("shortcuts", "remove", "com.sap.example.openReport")
        let again = try app.run("shortcuts", "remove", "com.sap.example.openReport")
        XCTAssertEqual(again.status, 66)
        XCTAssertEqual(
            again.stderr,
            "expenses: error: there is no dynamic quick action com.sap.example.openReport\nhint: did you mean com.sap.example.newReport?\n")
    }
}
