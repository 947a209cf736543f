import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `IdentityTests` that need no process of their own: run in this one, fast.
extension IdentityTests {

    func testLookAlikesOfTheOwnerCannotApproveWithUser() throws {
        for name in Self.lookAlikes {
            try assertRefused(try app.run("--user", name, "report", "approve", "1"), name)
        }
        try app.ok("--user", "bob", "report", "approve", "1")
    }

    func testLookAlikesOfTheOwnerCannotApproveWithTheEnvironment() throws {
        for name in Self.lookAlikes {
            app.environment["EXPENSES_USER"] = name
            try assertRefused(try app.run("report", "approve", "1"), name)
        }
    }

    func testLookAlikesOfTheOwnerCannotApproveInAScript() throws {
        for name in Self.lookAlikes {
            let script = app.path("approve.expenses")
            try "set user '\(name)'\nreport approve 1\n".write(toFile: script, atomically: true, encoding: .utf8)
            let result = try app.run("run", script)
            try assertRefused(result, name, inScript: true)
            // A script on stdin, the name given on the line itself.
            let piped = try app.run([], stdin: "--user '\(name)' report approve 1\n")
            try assertRefused(piped, name, inScript: true)
        }
    }

    func testAnInvisibleOrControlCharacterIsRefusedWith65AndAHint() throws {
        let result = try app.run("--user", "alice\u{200B}", "report", "list")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: the user name 'alice<U+200B>' contains an invisible character, U+200B (ZERO WIDTH SPACE)
            hint: give a name of visible characters with --user NAME or EXPENSES_USER (case and spaces around it do not count)

            """)
        XCTAssertEqual(result.stdout, "")
        for name in ["\u{202E}ecila", "bob\u{1B}]0;pwned\u{7}", "\u{FEFF}bob", "bo\u{2066}b", " "] {
            let refused = try app.run("--user", name, "report", "new", "Other")
            XCTAssertEqual(refused.status, 65, refused.stderr)
            XCTAssertTrue(refused.stderr.hasPrefix("expenses: error: the user name"), refused.stderr)
            XCTAssertFalse(
                refused.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{FEFF}" },
                "shown visibly, never raw: \(refused.stderr)")
        }
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "1", "nothing written under a refused name")
        // From the environment: refused when a command needs the name.
        app.environment["EXPENSES_USER"] = "carol\u{200D}"
        let fromEnvironment = try app.run("report", "new", "Other")
        XCTAssertEqual(fromEnvironment.status, 65)
        XCTAssertTrue(fromEnvironment.stderr.contains("'carol<U+200D>' contains an invisible character, U+200D"), fromEnvironment.stderr)
    }

    func testNamesAreStoredNormalisedAndShownSo() throws {
        try app.ok("--user", "  Bob ", "report", "new", "Bob's trip")
        try app.ok("--user", "ZO\u{CB}", "report", "new", "Zoë's trip")
        try app.ok("--user", "zoe\u{308}", "report", "new", "Zoë's second trip")
        XCTAssertEqual(
            try app.query("SELECT group_concat(owner, '|') FROM (SELECT owner FROM reports ORDER BY id)"),
            "alice|bob|zo\u{EB}|zo\u{EB}")
        try app.ok("--user", "BOB", "report", "approve", "1")
        let log = try XCTUnwrap(app.json("report", "history", "1") as? [[String: String]])
        XCTAssertEqual(log.map { $0["actor"] }, ["alice", "bob"])
        // ZOË and zoë are the one person of the summary, under her stored name.
        let summary = try XCTUnwrap(app.json("--user", "Zo\u{EB}", "report", "summary") as? [String: Any])
        XCTAssertEqual(summary["user"] as? String, "zo\u{EB}")
    }

    func testAQuickActionRunsAsTheNormalisedUserOrNotAtAll() throws {
        try app.ok("--user", " Dave ", "--shortcut", "com.sap.example.newReport", "Dave's trip")
        XCTAssertEqual(try app.query("SELECT owner FROM reports WHERE id = 2"), "dave")
        let refused = try app.run("--user", "dave\u{200B}", "--shortcut", "com.sap.example.newReport", "Another")
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("U+200B"), refused.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "2")
    }
}
