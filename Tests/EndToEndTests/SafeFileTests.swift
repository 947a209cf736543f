import ExpenseTestSupport
import Foundation
import XCTest

/// Files a user names for output — `report export -o`, `receipt export -o`, `shortcuts export -o`,
/// `import --rejects` — and the database: never written through a name someone planted, never
/// over a file the command reads, over an existing file only with --force, and readable by their
/// owner only.
final class SafeFileTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "a file's own path, directory and modes") }

    var app: ExpensesProcess!
    private var savedUmask: mode_t = 0

    private static let rules = """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """
    private static let statement = "Date,Merchant,Amount\n2026-03-03,Cafe,4.50\n2026-03-32,Bad day,1.00\n"
    private static let rejected =
        "Date,Merchant,Amount,reason\n2026-03-32,Bad day,1.00,%@:3: date: '2026-03-32' is not a day of the calendar\n"

    override func setUpWithError() throws {
        // What a person's shell usually has: without the app's care, new files are readable by all.
        savedUmask = umask(0o022)
        app = try ExpensesProcess()
        try app.walldorfTrip()
        let capture = try app.run("receipt", "capture", ReceiptSamples.path("taxi-zurich-ch.png"), "--no-ocr")
        XCTAssertEqual(capture.status, 0, capture.stderr)
        try Self.rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        try Self.statement.write(toFile: app.path("march.csv"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        app = nil
        umask(savedUmask)
    }

    /// The four ways to write a user-named file, each into `path`, with `extra` arguments.
    private func writers(_ path: String) -> [(name: String, arguments: [String])] {
        [
            ("report export", ["report", "export", "1", "--format", "csv", "-o", path]),
            ("receipt export", ["receipt", "export", "1", "-o", path]),
            ("shortcuts export", ["shortcuts", "export", "-o", path]),
            (
                "import --rejects",
                ["import", app.path("march.csv"), "--rules", app.path("card.rules"), "--skip-invalid", "--rejects", path]
            ),
        ]
    }

    private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }

    private func expenses() throws -> String { try app.query("SELECT count(*) FROM expenses") }

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
