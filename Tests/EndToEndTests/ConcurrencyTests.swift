import ExpenseTestSupport
import Foundation
import XCTest

/// Two processes writing one database at once both succeed: the busy timeout and BEGIN
/// IMMEDIATE make the second wait instead of failing with "database is locked".
final class ConcurrencyTests: EngineTestCase {
    func testTwoWritersBothSucceed() throws {
        let app = try ExpensesProcess()
        try app.ok("report", "new", "Shared trip")
        let perWriter = 150
        let writers = try (0..<2).map { writer in
            let script = (0..<perWriter).map {
                "expense add --report 1 --date 2026-03-0\(writer + 1) --amount \($0 + 1).00 --category meals"
            }
            .joined(separator: "\n")
            return try app.start(["run", "-"], stdin: script)
        }
        for wait in writers {
            let result = wait()
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stderr.contains("locked"), result.stderr)
        }
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "\(2 * perWriter)")
        let expectedTotal = 2 * (perWriter * (perWriter + 1) / 2) * 100
        XCTAssertEqual(
            try app.query("SELECT item_count || ' ' || total_minor FROM reports WHERE id = 1"), "\(2 * perWriter) \(expectedTotal)")
    }
}
