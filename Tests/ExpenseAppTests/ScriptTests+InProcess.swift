import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ScriptTests` that need no process of their own: run in this one, fast.
extension ScriptTests {

    func testGoesOnAfterFailuresAndExits1WithLineNumbers() throws {
        let path = try write(Self.script)
        let result = try app.run("run", path)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            \(path):5: error: unknown report 9
            hint: see 'expenses report list'
            \(path):7: error: invalid amount '12.345': CHF has 2 decimals
            hint: round it to 2 decimals as on the receipt

            """)
        XCTAssertEqual(
            result.stdout,
            """
            Created report 1: Basel "trade" fair
            Added expense 1 to report 1: 120.00 CHF lodging
            after the first mistake
            Added expense 2 to report 1: 30.00 CHF meals

            """)
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE id = 1"), "Hotel Drei Könige")
    }

    func testBailStopsWithTheFailingLinesCode() throws {
        let path = try write(Self.script)
        let result = try app.run("run", "--bail", path)
        XCTAssertEqual(result.status, 66)  // not found
        XCTAssertEqual(result.stderr, "\(path):5: error: unknown report 9\nhint: see 'expenses report list'\n")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
    }

    func testTransactionWritesNothingWhenALineFails() throws {
        try fileOnly(
            because: "the ids a rolled-back write or a duplicate took are not given again (PostgreSQL sequences): the test names them")
        try app.ok("report", "new", "Existing")
        let before = try app.query("SELECT count(*) || '/' || (SELECT count(*) FROM expenses) FROM reports")
        let path = try write(Self.script.replacingOccurrences(of: "--report 1", with: "--report 2"))
        let result = try app.run("run", "--transaction", path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "\(path): 2 lines failed; rolled back, nothing was written (lines 2, 3, 6 and 8 would have succeeded)\n"),
            result.stderr)
        XCTAssertEqual(result.stdout, "", "what the rolled-back lines did was claimed")
        XCTAssertEqual(try app.query("SELECT count(*) || '/' || (SELECT count(*) FROM expenses) FROM reports"), before)

        // (A team database's ids go on after a rollback: the new report's id is not known here.)
        let good = try write("report new Fine\nexpense add --report 1 --amount 5 --category meals\n", to: "good.expenses")
        XCTAssertEqual(try app.run("run", "--transaction", good).status, 0)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports WHERE title = 'Fine'"), "1")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses WHERE report_id = 1"), "1")
    }

    /// A line's result says what it wrote ("Created report 1"): in a transaction it is printed
    /// once the transaction is committed, in order, and never for a transaction rolled back.
    func testTransactionSaysWhatItDidOnlyOnceCommitted() throws {
        let failing = try write(
            "report new Gone\necho between\nexpense add --report 9 --amount 1 --category meals\n", to: "failing.expenses")
        let failed = try app.run("run", "--transaction", failing)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertEqual(
            failed.stderr,
            "\(failing):3: error: unknown report 9\nhint: see 'expenses report list'\n"
                + "\(failing): 1 line failed; rolled back, nothing was written (lines 1 and 2 would have succeeded)\n")
        // (A team database's ids go on after a rollback: the lines name no id.)
        let good = try write("report new Kept\necho between\nexpense add --amount 5 --category meals\n", to: "good.expenses")
        let committed = try app.run("run", "--transaction", good)
        XCTAssertEqual(committed.status, 0, committed.stderr)
        XCTAssertEqual(committed.stderr, "")
        let lines = committed.stdout.split(separator: "\n")
        guard lines.count == 3 else { return XCTFail(committed.stdout) }
        XCTAssertTrue(lines[0].hasPrefix("Created report "), committed.stdout)
        XCTAssertEqual(lines[1], "between")
        XCTAssertTrue(lines[2].hasPrefix("Added expense "), committed.stdout)
    }

    func testStdinIsAScript() throws {
        let result = try app.run([], stdin: "report new Piped\nreport show 7\necho done\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "Created report 1: Piped\ndone\n")
        XCTAssertEqual(result.stderr, "<stdin>:2: error: unknown report 7\nhint: see 'expenses report list'\n")
        let dash = try app.run(["run", "-"], stdin: "report list --format csv\n")
        XCTAssertEqual(dash.status, 0)
        XCTAssertTrue(dash.stdout.hasPrefix("id,title,"))
    }

    func testUsageErrorsAndQuotesInScripts() throws {
        let path = try write("report new \"unterminated\nreport lsit\n")
        let result = try app.run("run", path)
        XCTAssertEqual(result.status, 1)
        // An open quote swallows the rest of the file, as in a shell; the error names its first line.
        XCTAssertTrue(result.stderr.hasPrefix("\(path):1: error: unterminated \" quote\n"), result.stderr)
    }

    func testMissingScriptFile() throws {
        let result = try app.run("run", app.path("nope.expenses"))
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(
            result.stderr, "expenses: error: cannot read the script \(app.path("nope.expenses")): no such file or not readable\n")
    }

    /// Scripts that run each other: 32 nest, and the `run` line that would be the 33rd is refused
    /// where it is, with 65 and the loop it goes round; every script around it stops there. They
    /// recursed until the stack overflowed (exit 139).
    func testMutuallyRecursiveScriptsStopAtTheDepthLimit() throws {
        try write("echo in a\nrun b.expenses\necho after b\n", to: "a.expenses")
        try write("report new Loop\nrun a.expenses\n", to: "b.expenses")
        let hint = "hint: a script that runs itself, directly or through others, never ends: take out the 'run' line that goes back\n"
        for bail in [[], ["--bail"]] {
            let result = try app.run(["run"] + bail + ["a.expenses"])
            XCTAssertEqual(result.status, 65, "\(bail): \(result.stderr)")
            XCTAssertEqual(
                result.stderr, "b.expenses:2: error: scripts nest more than 32 deep: a.expenses → b.expenses → a.expenses\n" + hint)
            XCTAssertEqual(result.stdout.components(separatedBy: "in a\n").count - 1, 16, result.stdout)
            XCTAssertFalse(result.stdout.contains("after b"), "the scripts around the refusal went on: \(result.stdout)")
        }
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "32")
        // In one transaction, nothing is written; and a chain that ends runs as before.
        let transaction = try app.run("run", "--transaction", "a.expenses")
        XCTAssertEqual(transaction.status, 65, transaction.stderr)
        XCTAssertTrue(
            transaction.stderr.hasSuffix("a.expenses: 1 line failed; rolled back, nothing was written (line 1 would have succeeded)\n"),
            transaction.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "32")
        try write("run c.expenses\necho after c\n", to: "a.expenses")
        try write("echo in c\n", to: "c.expenses")
        let chain = try app.run("run", "a.expenses")
        XCTAssertEqual(chain.status, 0, chain.stderr)
        XCTAssertEqual(chain.stdout, "in c\nafter c\n")
    }

    /// A script that runs itself, from a one-shot command and from stdin: the same refusal.
    func testAScriptThatRunsItselfIsRefusedAtTheDepthLimit() throws {
        try write("echo again\nrun self.expenses\n", to: "self.expenses")
        let hint = "hint: a script that runs itself, directly or through others, never ends: take out the 'run' line that goes back\n"
        let error = "self.expenses:2: error: scripts nest more than 32 deep: self.expenses runs itself\n" + hint
        let result = try app.run("run", "self.expenses")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(result.stderr, error)
        XCTAssertEqual(result.stdout, String(repeating: "again\n", count: 32))
        let piped = try app.run([], stdin: "run self.expenses\necho not reached\n")
        XCTAssertEqual(piped.status, 65, piped.stderr)
        XCTAssertEqual(piped.stderr, error)
        XCTAssertEqual(piped.stdout, String(repeating: "again\n", count: 31))
    }

    func testSampleTripsLoad() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".expenses") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let result = try app.run("run", "--bail", "--transaction", samples.appendingPathComponent(file).path)
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
        }
        let reports = try XCTUnwrap(app.json("report", "list") as? [[String: Any]])
        XCTAssertEqual(reports.count, files.count)
    }
}
