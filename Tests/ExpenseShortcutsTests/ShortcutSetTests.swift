import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport

/// The dynamic operations under the caps: ordering, ranks, eviction, disable, static immutability.
final class ShortcutSetTests: XCTestCase {
    private let catalog = ShortcutCatalog(
        source: "Data/Shortcuts.plist",
        items: [
            ShortcutItem(type: "app.showReports", title: "Show Reports"),
            ShortcutItem(type: "app.newReport", title: "New Report"),
        ])

    private func item(_ name: String) -> ShortcutItem { ShortcutItem(type: "app.\(name)", title: name.capitalized) }

    private func set(maxVisible: Int = 4, maxTotal: Int = 15, _ dynamic: [DynamicShortcut] = []) -> ShortcutSet {
        ShortcutSet(catalog: catalog, dynamic: dynamic, limits: ShortcutLimits(maxVisible: maxVisible, maxTotal: maxTotal))
    }

    private func dynamicTypes(_ shortcuts: ShortcutSet) -> [String] { shortcuts.enabledDynamic.map(\.type) }

    func testStaticFirstInCatalogOrderThenDynamicByRankAndOnlyTheFirstFourShown() throws {
        var shortcuts = set()
        try shortcuts.add(item("a"))
        try shortcuts.add(item("b"))
        try shortcuts.add(item("c"), rank: 0)
        XCTAssertEqual(shortcuts.entries().map(\.item.type), ["app.showReports", "app.newReport", "app.c", "app.a", "app.b"])
        XCTAssertEqual(shortcuts.entries().map(\.position), [1, 2, 3, 4, 5])
        XCTAssertEqual(shortcuts.enabledDynamic.map(\.rank), [0, 1, 2])
        XCTAssertEqual(shortcuts.visible.map(\.item.type), ["app.showReports", "app.newReport", "app.c", "app.a"])
        XCTAssertEqual(shortcuts.entries().map(\.kind), [.static, .static, .dynamic, .dynamic, .dynamic])
    }

    func testVisibleCapIsConfigurable() throws {
        var shortcuts = set(maxVisible: 1)
        try shortcuts.add(item("a"))
        XCTAssertEqual(shortcuts.visible.map(\.item.type), ["app.showReports"])
        XCTAssertEqual(set(maxVisible: 0).visible, [])
    }

    func testRanksRenumberAndLoadedRanksAreNormalized() throws {
        let loaded = set([
            DynamicShortcut(item: item("x"), rank: 7), DynamicShortcut(item: item("y"), rank: 3),
            DynamicShortcut(item: item("z"), rank: 3),
        ])
        XCTAssertEqual(dynamicTypes(loaded), ["app.y", "app.z", "app.x"], "by rank, ties in their order")
        XCTAssertEqual(loaded.enabledDynamic.map(\.rank), [0, 1, 2])
        var shortcuts = loaded
        try shortcuts.add(item("x"), rank: 0)
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.x", "app.y", "app.z"], "adding an existing type moves it")
        try shortcuts.add(item("w"), rank: 99)
        XCTAssertEqual(dynamicTypes(shortcuts).last, "app.w")
        XCTAssertEqual(shortcuts.enabledDynamic.map(\.rank), [0, 1, 2, 3])
    }

    func testAddUpdatesInPlaceNeverDuplicates() throws {
        var shortcuts = set()
        try shortcuts.add(item("a"))
        try shortcuts.add(item("b"))
        try shortcuts.add(ShortcutItem(type: "app.a", title: "Renamed"))
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.a", "app.b"])
        XCTAssertEqual(shortcuts.dynamicShortcut("app.a")?.item.title, "Renamed")
    }

    func testAddIsRefusedWhenFullAndPushEvictsTheLowestRanked() throws {
        var shortcuts = set(maxTotal: 4)
        try shortcuts.add(item("a"))
        try shortcuts.add(item("b"))
        XCTAssertEqual(shortcuts.dynamicCapacity, 2)
        assertExpenseError(try shortcuts.add(item("c")), kind: .refused, messageContains: "all 4 places (2 static, 2 dynamic)")
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.a", "app.b"], "nothing changed")
        let evicted = try shortcuts.push(item("c"))
        XCTAssertEqual(evicted?.type, "app.b", "the lowest-ranked goes")
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.c", "app.a"], "pushed to the top")
        XCTAssertNil(try shortcuts.push(item("a"), rank: 1), "an existing type is updated, nothing evicted")
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.c", "app.a"])
        XCTAssertEqual(shortcuts.entries().count, 4, "never past the cap")
        var staticOnly = set(maxTotal: 2)
        assertExpenseError(try staticOnly.push(item("z")), kind: .refused, messageContains: "static quick actions take all 2 places")
    }

    func testStaticItemsCannotBeChanged() {
        var shortcuts = set()
        let show = ShortcutItem(type: "app.showReports", title: "Mine")
        for attempt in [
            { try shortcuts.add(show) }, { _ = try shortcuts.push(show) }, { try shortcuts.replaceAll(with: [show]) },
            { try shortcuts.remove("app.showReports") }, { try shortcuts.disable("app.showReports", message: nil) },
            { try shortcuts.enable("app.showReports") },
        ] as [() throws -> Void] {
            assertExpenseError(
                try attempt(), kind: .refused,
                messageContains:
                    "app.showReports is a static quick action of Data/Shortcuts.plist; static quick actions cannot be changed at run time")
        }
        XCTAssertEqual(shortcuts.catalog.items.first?.title, "Show Reports")
    }

    func testReplaceAllIsTheIOSWay() throws {
        var shortcuts = set(maxTotal: 5)
        try shortcuts.add(item("old"))
        try shortcuts.add(item("gone"))
        try shortcuts.disable("app.gone", message: "Trip closed")
        try shortcuts.replaceAll(with: [item("x"), item("y")])
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.x", "app.y"])
        XCTAssertEqual(shortcuts.dynamicShortcut("app.gone")?.isEnabled, false, "disabled items stay, with their message")
        assertExpenseError(
            try shortcuts.replaceAll(with: [item("p"), item("q"), item("r"), item("s")]), kind: .refused,
            messageContains: "only 3 fit")
        assertExpenseError(try shortcuts.replaceAll(with: [item("p"), item("p")]), kind: .invalidData, messageContains: "twice")
        try shortcuts.replaceAll(with: [])
        XCTAssertEqual(dynamicTypes(shortcuts), [])
    }

    func testDisableHidesAndKeepsTheMessageEnableGoesLast() throws {
        var shortcuts = set()
        for name in ["a", "b", "c"] { try shortcuts.add(item(name)) }
        try shortcuts.disable("app.a", message: "The Boston trip was submitted")
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.b", "app.c"])
        XCTAssertFalse(shortcuts.entries().contains { $0.item.type == "app.a" })
        let disabled = try XCTUnwrap(shortcuts.entry("app.a"))
        XCTAssertFalse(disabled.isEnabled)
        XCTAssertEqual(disabled.disabledMessage, "The Boston trip was submitted")
        assertExpenseError(try shortcuts.add(ShortcutItem(type: "app.a", title: "A")), kind: .refused, messageContains: "is disabled")
        try shortcuts.enable("app.a")
        XCTAssertEqual(dynamicTypes(shortcuts), ["app.b", "app.c", "app.a"])
        XCTAssertNil(shortcuts.dynamicShortcut("app.a")?.disabledMessage)
    }

    func testEnableIsRefusedWhenItWouldPassTheCap() throws {
        var shortcuts = set(maxTotal: 3)
        try shortcuts.add(item("a"))
        try shortcuts.disable("app.a", message: nil)
        try shortcuts.add(item("b"))
        assertExpenseError(try shortcuts.enable("app.a"), kind: .refused, messageContains: "cannot enable app.a")
    }

    func testRemoveUnknownSuggests() throws {
        var shortcuts = set()
        try shortcuts.add(item("openReport"))
        let error = assertExpenseError(
            try shortcuts.remove("app.openReprt"), kind: .notFound,
            messageContains: "there is no dynamic quick action app.openReprt")
        XCTAssertEqual(error?.code, .unknownDynamicShortcut(type: "app.openReprt", suggestion: "app.openReport"))
        try shortcuts.remove("app.openReport")
        XCTAssertEqual(shortcuts.dynamic, [])
    }

    func testItemsPastALoweredCapAreOffNotLost() {
        let shortcuts = set(maxTotal: 3, [DynamicShortcut(item: item("a"), rank: 0), DynamicShortcut(item: item("b"), rank: 1)])
        XCTAssertEqual(shortcuts.entries().map(\.item.type), ["app.showReports", "app.newReport", "app.a"])
        let past = shortcuts.entry("app.b")
        XCTAssertEqual(past?.isEnabled, false)
        XCTAssertEqual(past?.disabledMessage, "past the cap of 3 quick actions (shortcuts.max-total)")
    }
}
