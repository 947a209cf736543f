import ExpenseTestSupport
import Foundation
import XCTest

/// Names that look alike are one person: alice cannot approve her own report under another
/// spelling of her name, whichever way the name arrives (--user, EXPENSES_USER, `set user` in a
/// script or the REPL, a quick action's launch). Names are stored normalised; invisible and
/// control characters are refused with exit 65.
final class IdentityTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "who one is comes from the connection on a team database, never --user or EXPENSES_USER (TeamDatabaseTests.testTheServerSaysWhoYouAre)"
        )
    }

    var app: App!

    /// The finding: each of these approved alice's report.
    static let lookAlikes = ["Alice", "ALICE", " alice", "alice ", "alice\u{200B}", "ali\u{301}ce"]

    override func setUpWithError() throws {
        app = try App()  // EXPENSES_USER=alice
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
        try app.ok("report", "submit", "1")
    }

    override func tearDown() { app = nil }

    func unchanged(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(
            try app.query("SELECT status || ' ' || (SELECT count(*) FROM report_events) FROM reports WHERE id = 1"),
            "submitted 1", "\(what) changed the report", file: file, line: line)
    }

    /// Refused as the owner (1) or as an invalid name (65); never approved.
    /// Refused as the owner (77, permission denied) or as a malformed name (65); a script's failed line is 1.
    func assertRefused(
        _ result: App.Result, _ name: String, inScript: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scalars = name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        let expected: Int32 = inScript ? 1 : result.stderr.contains("the user name") ? 65 : 77
        XCTAssertEqual(result.status, expected, "'\(scalars)': \(result.stderr)", file: file, line: line)
        XCTAssertTrue(
            result.stderr.contains("owns report 1 and cannot approve it") || result.stderr.contains("the user name"),
            "'\(scalars)': \(result.stderr)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Swift runtime failure") || result.stderr.contains("Backtrace"), file: file, line: line)
        try unchanged("approving as '\(scalars)'", file: file, line: line)
    }
}
