import XCTest

@testable import ExpenseShortcuts
@testable import PropertyList

/// The `.strings` table the app ships (the reader itself: PropertyListTests' StringsFileTests).
final class StringsFileTests: XCTestCase {
    func testTheShippedGermanTableIsComplete() throws {
        let table = try StringsFile.parse(Array(PackageResources.Shortcuts_de_strings))
        XCTAssertEqual(table["Show Reports"], "Berichte anzeigen")
        XCTAssertEqual(table.table.count, 7)
    }
}
