import ExpenseTestSupport
import Foundation
import XCTest

/// Every bad input gets one clear line on stderr, the exit code of DESIGN.md, and writes nothing.
final class BadInputTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws {
        app = try App()
        try app.walldorfTrip()
    }

    override func tearDown() { app = nil }

    func snapshot() throws -> String {
        try app.query(
            "SELECT (SELECT group_concat(id || title || updated_at) FROM reports) || '|' || "
                + "(SELECT group_concat(CAST(id AS TEXT) || amount_minor || coalesce(CAST(report_id AS TEXT), '-') || updated_at) FROM expenses)"
        )
    }

    func assertRefused(
        _ arguments: [String], status: Int32, stderr expected: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try snapshot()
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, expected, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(try snapshot(), before, "a failing command wrote to the database", file: file, line: line)
    }
}
