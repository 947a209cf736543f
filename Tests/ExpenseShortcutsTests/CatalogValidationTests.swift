import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport

/// Every way a catalog can be wrong is an error `FILE: item N (TYPE): message` (exit 65 in the
/// app), all of them reported at once; a title too long for one line is a warning.
final class CatalogValidationTests: XCTestCase {
    private let good = itemXML(type: "com.sap.example.showReports", title: "Show Reports")

    private func assertOneError(
        _ items: [String], item: Int?, type: String?, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let errors = catalogErrors(catalogPlist(items), file: file, line: line)
        XCTAssertEqual(errors.count, 1, "\(errors)", file: file, line: line)
        guard let error = errors.first else { return }
        XCTAssertEqual(error.file, "Test.plist", file: file, line: line)
        XCTAssertEqual(error.item, item, "\(error)", file: file, line: line)
        XCTAssertEqual(error.type, type, "\(error)", file: file, line: line)
        XCTAssertTrue(error.message.contains(message), "'\(error)' lacks '\(message)'", file: file, line: line)
    }

    func testMissingRequiredKeys() {
        assertOneError(
            [good, itemXML(type: nil, title: "No type")], item: 2, type: nil, "missing UIApplicationShortcutItemType (required)")
        assertOneError(
            [itemXML(type: "com.sap.example.x", title: nil)], item: 1, type: "com.sap.example.x",
            "missing UIApplicationShortcutItemTitle (required)")
        assertOneError([itemXML(type: "com.sap.example.x", title: "  ")], item: 1, type: "com.sap.example.x", "is empty")
    }

    func testValuesOfTheWrongType() {
        assertOneError(
            [itemXML(type: nil, title: "T", extra: "<key>UIApplicationShortcutItemType</key><integer>3</integer>")],
            item: 1, type: nil, "UIApplicationShortcutItemType is an integer, expected a string")
        assertOneError(
            [itemXML(type: "a.b", title: nil, extra: "<key>UIApplicationShortcutItemTitle</key><array/>")],
            item: 1, type: "a.b", "UIApplicationShortcutItemTitle is an array, expected a string")
        assertOneError(
            [itemXML(type: "a.b", title: "T", extra: "<key>UIApplicationShortcutItemSubtitle</key><true/>")],
            item: 1, type: "a.b", "UIApplicationShortcutItemSubtitle is a boolean")
        assertOneError(
            [itemXML(type: "a.b", title: "T", extra: "<key>UIApplicationShortcutItemIconFile</key><integer>1</integer>")],
            item: 1, type: "a.b", "UIApplicationShortcutItemIconFile is an integer")
    }

    func testUnknownIconNameSuggestsTheNearest() {
        let errors = catalogErrors(
            catalogPlist([
                good,
                itemXML(
                    type: "com.sap.example.takePhoto", title: "Take a Picture",
                    extra: "<key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeCapturePhot</string>"),
            ]))
        XCTAssertEqual(
            errors.map(\.description),
            ["Test.plist: item 2 (com.sap.example.takePhoto): unknown icon type 'UIApplicationShortcutIconTypeCapturePhot'"])
        XCTAssertEqual(errors.first?.code, .unknownIconType(suggestion: "UIApplicationShortcutIconTypeCapturePhoto"))
    }

    func testDuplicateType() {
        assertOneError(
            [good, itemXML(type: "other.x", title: "X"), good], item: 3, type: "com.sap.example.showReports",
            "duplicate type: item 1 has the same UIApplicationShortcutItemType")
        // Types that differ only before expansion are the same type.
        assertOneError(
            [good, itemXML(type: "$(PRODUCT_BUNDLE_IDENTIFIER).showReports", title: "Again")], item: 2,
            type: "com.sap.example.showReports", "duplicate type")
    }

    func testUserInfoMustBeADictionary() {
        assertOneError(
            [itemXML(type: "a.b", title: "T", extra: "<key>UIApplicationShortcutItemUserInfo</key><string>report=3</string>")],
            item: 1, type: "a.b", "UIApplicationShortcutItemUserInfo is a string, expected a dictionary")
    }

    func testItemThatIsNotADictionary() {
        let errors = catalogErrors(infoPlist("<key>UIApplicationShortcutItems</key><array><string>x</string></array>"))
        XCTAssertEqual(errors.map(\.description), ["Test.plist: item 1 (no type): is a string, expected a dictionary"])
    }

    func testUndefinedVariableAndUnknownModifier() {
        assertOneError(
            [itemXML(type: "$(TEAM_ID).showReports", title: "T")], item: 1, type: "$(TEAM_ID).showReports",
            "undefined variable $(TEAM_ID) in UIApplicationShortcutItemType")
        assertOneError([itemXML(type: "a.b", title: "$(PRODUCT_NAME:reverse)")], item: 1, type: "a.b", "unknown modifier ':reverse'")
    }

    func testMalformedPlistReportsTheParsersLine() {
        let text = catalogPlist([good]).replacingOccurrences(of: "<string>Show Reports</string>", with: "<string>Show Reports</strin>")
        let errors = catalogErrors(text)
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.line, 9)
        XCTAssertEqual(errors.first?.description, "Test.plist:9: malformed property list: </strin> does not close <string>")
    }

    func testRootAndItemsOfTheWrongShape() {
        XCTAssertEqual(
            catalogErrors("<plist><array/></plist>").first?.message,
            "the property list is an array; an Info.plist is a dictionary")
        XCTAssertEqual(
            catalogErrors(infoPlist("<key>UIApplicationShortcutItems</key><dict/>")).first?.message,
            "UIApplicationShortcutItems is a dictionary, expected an array")
    }

    func testEveryErrorIsReportedAtOnce() {
        let errors = catalogErrors(
            catalogPlist([
                itemXML(type: nil, title: "A"),
                itemXML(type: "x.y", title: nil),
                good, good,
            ]))
        XCTAssertEqual(errors.compactMap(\.item), [1, 2, 4])
    }

    func testTooManyItemsForTheCap() {
        let items = (1...4).map { itemXML(type: "a.t\($0)", title: "T\($0)") }
        let options = ShortcutCatalog.Options(variables: testOptions.variables, languages: [], maxItems: 3)
        XCTAssertEqual(
            catalogErrors(catalogPlist(items), options: options).first?.message,
            "4 items; at most 3 static and dynamic quick actions are allowed")
    }

    func testLongTitleAndUnknownKeyAreWarnings() throws {
        let catalog = try loadCatalog(
            catalogPlist([
                itemXML(type: "a.long", title: "Add an expense to the Walldorf customer workshop"),
                itemXML(
                    type: "a.sub", title: "Expenses of the Boston trip",
                    extra: "<key>UIApplicationShortcutItemSubtitle</key><string>s</string>"),
                itemXML(type: "a.wide", title: "出張経費の一覧を表示する報告書"),
                itemXML(type: "a.typo", title: "Fine", extra: "<key>UIApplicationShortcutItemSubtitel</key><string>s</string>"),
            ]))
        XCTAssertEqual(catalog.items.count, 4, "warnings do not stop loading")
        XCTAssertEqual(
            catalog.warnings.map(\.description),
            [
                "Test.plist: item 1 (a.long): the title 'Add an expense to the Walldorf customer workshop' is 48 columns wide and will not fit one line; it wraps to two",
                "Test.plist: item 2 (a.sub): the title 'Expenses of the Boston trip' is 27 columns wide and will not fit one line; with a subtitle it is cut short with an ellipsis",
                "Test.plist: item 3 (a.wide): the title '出張経費の一覧を表示する報告書' is 30 columns wide and will not fit one line; it wraps to two",
                "Test.plist: item 4 (a.typo): unknown key 'UIApplicationShortcutItemSubtitel' is ignored",
            ])
        XCTAssertEqual(catalog.warnings.last?.hint, "did you mean 'UIApplicationShortcutItemSubtitle'?")
        XCTAssertEqual(try loadCatalog(catalogPlist([itemXML(type: "a.ok", title: "Twenty-five columns fit!!")])).warnings, [])
    }

    func testAnInfoPlistWithoutQuickActionsIsEmptyWithAWarning() throws {
        let catalog = try loadCatalog(infoPlist("<key>CFBundleName</key><string>App</string>"))
        XCTAssertEqual(catalog.items, [])
        XCTAssertEqual(catalog.warnings.first?.message, "there is no UIApplicationShortcutItems array: the catalog has no quick actions")
    }

    func testMissingFile() {
        XCTAssertThrowsError(try ShortcutCatalog.load(path: "/nonexistent/Info.plist", options: testOptions)) { error in
            XCTAssertEqual((error as? CatalogError)?.errors.first?.description, "/nonexistent/Info.plist: no such file")
        }
    }
}
