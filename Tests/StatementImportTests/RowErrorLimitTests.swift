import XCTest

@testable import StatementImport

final class RowErrorLimitTests: XCTestCase {
    func testTheFirstTwentyRowsAreToldAndTheRestCounted() {
        var limit = RowErrorLimit()
        let told = (0..<3_000).filter { _ in limit.admit() }.count
        XCTAssertEqual(told, 20)
        XCTAssertEqual(limit.told, 20)
        XCTAssertEqual(limit.untold, 2_980)
    }

    func testFewRowsAreAllTold() {
        var limit = RowErrorLimit()
        for _ in 0..<20 { XCTAssertTrue(limit.admit()) }
        XCTAssertEqual(limit.untold, 0)
        XCTAssertFalse(limit.admit())
        XCTAssertEqual(limit.untold, 1)
        var none = RowErrorLimit(limit: -3)
        XCTAssertFalse(none.admit())
        XCTAssertEqual(none.limit, 0)
    }
}
