import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport
@testable import PropertyList

/// From a type to a command line: the action registry, userInfo as parameters, and the errors
/// for unknown, disabled and unhandled types.
final class ShortcutRouterTests: XCTestCase {
    /// The app's actions as the router sees them (the app's table names their commands' specs).
    static let actions = [
        ShortcutAction("showReports", ["report", "list"]),
        ShortcutAction("newReport", ["report", "new"], landing: .createdReport),
        ShortcutAction("addExpense", ["expense", "add"], defaultsToCurrentReport: true, landing: .report),
        ShortcutAction("addExpenseToReport", ["expense", "add"], landing: .report),
        ShortcutAction("openReport", ["report", "show"], positional: ["report"], landing: .report),
        ShortcutAction("unassignedExpenses", ["expense", "list", "--unassigned"]),
        ShortcutAction("takePhoto", ["receipt", "capture"], landing: .report),
    ]

    /// The shipped quick actions: the static catalog, and `dynamic` with the app's defaults standing in after them.
    private func router(_ dynamic: [DynamicShortcut] = []) throws -> ShortcutRouter {
        let catalog = try BundledCatalog.load(options: testOptions)
        let defaults = try AppShortcuts.load(options: testOptions)
        return ShortcutRouter(
            shortcuts: ShortcutSet(catalog: catalog, dynamic: defaults.compose(stored: dynamic, records: []), limits: .standard),
            appID: "com.sap.example", actions: Self.actions)
    }

    func testEveryShippedActionRoutesToItsCommand() throws {
        let router = try self.router()
        XCTAssertEqual(try router.route("com.sap.example.showReports").words(), ["report", "list"])
        XCTAssertEqual(
            try router.route("com.sap.example.newReport", arguments: ["Basel", "--from", "2026-04-01"]).words(),
            ["report", "new", "Basel", "--from", "2026-04-01"])
        XCTAssertEqual(
            try router.route("com.sap.example.addExpense", arguments: ["--amount", "3"], currentReport: 7).words(),
            ["expense", "add", "--report", "7", "--amount", "3"])
        XCTAssertEqual(try router.route("com.sap.example.addExpense").words(), ["expense", "add"], "no current trip: unassigned")
        XCTAssertEqual(
            try router.route("com.sap.example.takePhoto", arguments: ["receipt.jpg"]).words(),
            ["receipt", "capture", "receipt.jpg"])
    }

    func testUserInfoAndInfoOverridesBecomeParameters() throws {
        let open = ShortcutItem(
            type: "com.sap.example.openReport", title: "Open Boston",
            userInfo: PropertyListDictionary([("report", .integer(2))]))
        let add = ShortcutItem(
            type: "com.sap.example.addExpenseToReport", title: "Add expense to Boston",
            userInfo: PropertyListDictionary([
                ("report", .integer(2)), ("paidBy", .string("company")),
                ("tags", .array([.string("a"), .string("b")])), ("quick", .boolean(true)),
            ]))
        let router = try self.router([DynamicShortcut(item: open, rank: 0), DynamicShortcut(item: add, rank: 1)])
        XCTAssertEqual(try router.route("com.sap.example.openReport").words(), ["report", "show", "2"])
        XCTAssertEqual(try router.route("com.sap.example.openReport", info: [("report", "5")]).words(), ["report", "show", "5"])
        XCTAssertEqual(
            try router.route("com.sap.example.addExpenseToReport", currentReport: 9).words(),
            ["expense", "add", "--report", "2", "--paid-by", "company", "--tags", "a", "--tags", "b", "--quick"])
        XCTAssertEqual(try router.route("com.sap.example.openReport").reportID, 2)
        XCTAssertEqual(ShortcutRoute.optionName("paidBy"), "paid-by")
        XCTAssertEqual(ShortcutRoute.optionName("paid_by"), "paid-by")
        XCTAssertEqual(ShortcutRoute.optionName("report"), "report")
    }

    func testUnknownTypeIsAUsageErrorWithTheKnownTypesAndADidYouMean() throws {
        let router = try self.router()
        let error = assertExpenseError(
            try router.route("com.sap.example.showReprts"), kind: .usage,
            messageContains: "unknown quick action type 'com.sap.example.showReprts'")
        XCTAssertEqual(
            error?.hint,
            "did you mean 'com.sap.example.showReports'? The known types are com.sap.example.showReports, com.sap.example.addExpense, com.sap.example.takePhoto, com.sap.example.newReport."
        )
        XCTAssertEqual(
            assertExpenseError(try router.route("showReports"), kind: .usage)?.hint?.hasPrefix(
                "did you mean 'com.sap.example.showReports'?"), true)
        XCTAssertEqual(
            assertExpenseError(try router.route("org.other.newReport"), kind: .usage)?.hint?.hasPrefix(
                "did you mean 'com.sap.example.newReport'?"), true)
    }

    func testDisabledIsUnavailableWithItsMessage() throws {
        let item = ShortcutItem(type: "com.sap.example.openReport", title: "Open Boston")
        let router = try self.router([DynamicShortcut(item: item, rank: 0, isEnabled: false, disabledMessage: "The Boston trip is closed")])
        let error = assertExpenseError(try router.route("com.sap.example.openReport"), kind: .unavailable)
        XCTAssertEqual(error?.message, "the quick action 'Open Boston' (com.sap.example.openReport) is disabled: The Boston trip is closed")
    }

    func testAnActionExpensesLacksOrAnotherAppsTypeIsUnavailable() throws {
        let foreign = ShortcutItem(type: "org.other.showReports", title: "Theirs")
        let unknown = ShortcutItem(type: "com.sap.example.showReport", title: "Share")
        let router = try self.router([DynamicShortcut(item: foreign, rank: 0), DynamicShortcut(item: unknown, rank: 1)])
        assertExpenseError(
            try router.route("org.other.showReports"), kind: .unavailable,
            messageContains: "does not start with the app id 'com.sap.example'")
        let error = assertExpenseError(
            try router.route("com.sap.example.showReport"), kind: .unavailable,
            messageContains: "names the action 'showReport', which expenses does not have")
        XCTAssertEqual(error?.hint?.hasPrefix("did you mean 'showReports'?"), true)
    }

    func testAnActionsCommandPathIsItsWordsBeforeAnyOption() {
        XCTAssertEqual(Self.actions[5].commandPath, ["expense", "list"])
    }

    func testAParameterThatIsNotOneWordIsAnError() throws {
        let item = ShortcutItem(
            type: "com.sap.example.team.showReports", title: "X",
            userInfo: PropertyListDictionary([("filter", .dictionary(PropertyListDictionary()))]))
        let router = try self.router([DynamicShortcut(item: item, rank: 0)])
        XCTAssertThrowsError(try router.route("com.sap.example.team.showReports").words()) { error in
            XCTAssertEqual(error as? ShortcutRoute.RouteError, .notAWord(key: "filter", type: "a dictionary"))
        }
    }
}
