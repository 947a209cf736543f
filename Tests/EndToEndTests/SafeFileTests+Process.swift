import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `SafeFileTests` that need the built binary as a process of its own.
extension SafeFileTests {

    // MARK: - Temporary names

    // MARK: - Inputs

    func testRejectsNamingTheStatementAreRefusedAndTheStatementKept() throws {
        let statement = app.path("march.csv")
        let rules = app.path("card.rules")
        XCTAssertEqual(link(statement, app.path("same.csv")), 0)
        let refusals: [(arguments: [String], message: String)] = [
            (
                ["import", statement, "--rules", rules, "--skip-invalid", "--rejects", statement],
                "cannot write \(statement): it is a statement, which this command reads"
            ),
            (
                ["import", statement, "--rules", rules, "--skip-invalid", "--rejects", app.path("same.csv"), "--force"],
                "cannot write \(app.path("same.csv")): it is a statement, which this command reads"
            ),
            (
                ["import", statement, "--rules", rules, "--skip-invalid", "--rejects", rules, "--force"],
                "cannot write \(rules): it is the rules file, which this command reads"
            ),
        ]
        for refusal in refusals {
            let result = try app.run(refusal.arguments)
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertEqual(result.stderr, "expenses: error: \(refusal.message)\nhint: choose another file to write to\n")
        }
        // Standard input redirected from the statement is the statement too.
        let piped = try app.run(
            [
                "-c", "exec \"$0\" import - --rules card.rules --skip-invalid --rejects march.csv < march.csv",
                ExpensesProcess.binary.path,
            ], executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(piped.status, 73, piped.stderr)
        XCTAssertEqual(
            piped.stderr,
            "expenses: error: cannot write march.csv: it is a statement, which this command reads\n"
                + "hint: choose another file to write to\n")
        XCTAssertEqual(text(statement), Self.statement)
        XCTAssertEqual(try expenses(), "3", "nothing was imported")
        XCTAssertEqual(try app.query("SELECT count(*) FROM import_batches"), "0")
    }

    // MARK: - Existing files

    // MARK: - Modes

    func testPersonalDataIsReadableByItsOwnerOnly() throws {
        for (index, writer) in writers(app.path("private")).enumerated() {
            let path = app.path("private-\(index)")
            let result = try app.run(writer.arguments.map { $0 == app.path("private") ? path : $0 })
            XCTAssertEqual(result.status, 0, "\(writer.name): \(result.stderr)")
            XCTAssertEqual(mode(path), 0o600, writer.name)
        }
        XCTAssertEqual(mode(app.databasePath), 0o600)
        XCTAssertEqual(mode(app.vaultPath), 0o700)

        // A database created at an explicit --db, and its WAL and shared memory while it is open.
        let database = app.path("new.sqlite")
        app.useTerminal()
        let session = try app.terminal(
            arguments: ["--db", database],
            steps: [
                ["expect": "> "], ["send": "report new Trip\r"], ["expect": "> "],
                ["run": ["/bin/sh", "-c", "stat -c '%a %n' \"$0\" \"$0-wal\" \"$0-shm\" > \"$0.modes\" 2>&1", database]],
                ["send": "quit\r"],
            ])
        XCTAssertNotEqual(session.status, 124, session.stdout)
        XCTAssertEqual(text(database + ".modes"), "600 \(database)\n600 \(database)-wal\n600 \(database)-shm\n")
        XCTAssertEqual(mode(database), 0o600)
    }
}
