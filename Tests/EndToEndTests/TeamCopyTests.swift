import Foundation
import XCTest

/// `db copy`: alice's laptop file moves to the team database whole — reports in every state with
/// their audit log, items, a card statement's import with its fingerprints, a receipt and its
/// bytes, a quick action, rates, a policy setting — and back into a new file, each time in one
/// verified transaction that a second run adds nothing to. Only the administrator may copy into
/// (or out of) a team database, only into one that was set up, and never into a file that is not
/// a new one or a previous copy.
final class TeamCopyTests: TeamDatabaseTestCase {
    private var laptop: String { app.path("alice.sqlite") }
    private var admin: String { uri(cluster.superuser, cluster.superuserPassword) }
    private let sample = "taxi-berlin-de.png"

    private func fixture(_ name: String) -> String { ImportTests.fixtures.appendingPathComponent(name).path }

    /// Runs the binary on a file as `user`, which must succeed.
    @discardableResult
    private func local(_ file: String, _ user: String, _ arguments: String..., line: UInt = #line) throws -> String {
        let result = try app.run(["--db", file, "--user", user] + arguments)
        XCTAssertEqual(result.status, 0, "\(user) on \(file): \(arguments.joined(separator: " ")): \(result.stderr)", line: line)
        return result.stdout
    }

    /// `db copy` of `file` to `target`, as `role`'s or the file's process.
    private func copy(_ source: String, to target: String, _ extra: String...) throws -> ExpensesProcess.Result {
        try app.run(["--db", source, "db", "copy", "--to", target] + extra)
    }

    /// alice's laptop: report 1 reimbursed (a warning acknowledged), 2 rejected (the card statement's items, a CHF one
    /// converted at the ECB's rate), 3 a draft with a receipt, 4 bob's (his report in her file,
    /// submitted), an unassigned item, her quick action and a policy setting.
    private func aliceLaptop() throws {
        try local(laptop, "alice", "rates", "import", fixture("eurofxref-hist.csv"))
        try local(laptop, "alice", "policy", "set", "missing-receipt", "warning")
        try local(laptop, "alice", "report", "new", "Walldorf workshop", "--from", "2026-03-02", "--to", "2026-03-06",
                  "--purpose", "Customer workshop")
        try local(laptop, "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "412.80",
                  "--category", "lodging", "--merchant", "Hotel Astoria")
        try local(laptop, "alice", "report", "acknowledge", "1", "missing-receipt:1", "--reason", "the hotel mails it")
        try local(laptop, "alice", "report", "submit", "1")
        try local(laptop, "bob", "report", "approve", "1")
        try local(laptop, "fiona", "report", "reimburse", "1", "--reference", "PAY-7")
        try local(laptop, "alice", "report", "new", "Basel", "--from", "2026-03-01", "--to", "2026-03-31")
        try local(laptop, "alice", "import", fixture("amex.csv"), "--rules", fixture("amex.rules"), "--report", "2")
        try local(laptop, "alice", "report", "submit", "2")
        try local(laptop, "bob", "report", "reject", "2", "--reason", "split the CHF dinner")
        try local(laptop, "alice", "report", "new", "Berlin", "--from", "2026-04-01", "--to", "2026-04-03")
        try local(laptop, "alice", "expense", "add", "--report", "3", "--date", "2026-04-01", "--amount", "23.40",
                  "--category", "taxi", "--merchant", "Taxi Berlin")
        let captured = try local(laptop, "alice", "receipt", "capture", ReceiptSamples.path(sample), "--expense", "7", "--no-ocr")
        XCTAssertTrue(captured.contains("Captured receipt 1"), captured)
        try local(laptop, "bob", "report", "new", "Bob's trip", "--from", "2026-04-01", "--to", "2026-04-02")
        try local(laptop, "bob", "expense", "add", "--report", "4", "--date", "2026-04-01", "--amount", "9.90",
                  "--category", "meals", "--merchant", "Kiosk")
        try local(laptop, "bob", "report", "submit", "4")
        try local(laptop, "alice", "expense", "add", "--date", "2026-04-05", "--amount", "4.20", "--category", "meals",
                  "--merchant", "Loose receipt")
        try local(laptop, "alice", "shortcuts", "add", "com.sap.example.openReport", "--title", "Open Berlin", "--info", "report=3")
        try local(laptop, "alice", "policy", "set", "duplicate", "blocking")
        XCTAssertEqual(try Tool.run("/usr/bin/sqlite3", laptop, "SELECT count(*) FROM policy_acknowledgements").stdout, "1\n")
    }

    /// A JSON listing, parsed.
    private func json(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
    }

    /// Each copied table of an SQLite file, row by row in key order, as sqlite3 prints it.
    private func tables(_ file: String) throws -> [String: String] {
        var dump: [String: String] = [:]
        for (table, key) in [("categories", "code"), ("policy_rules", "rule"), ("exchange_rates", "currency, date"), ("reports", "id"),
                             ("import_batches", "id"), ("expenses", "id"), ("receipts", "id"), ("expense_receipts", "expense_id, receipt_id"),
                             ("report_events", "id"), ("report_events_head", "singleton"), ("policy_acknowledgements", "report_id"),
                             ("dynamic_shortcuts", "type"), ("app_shortcuts", "plist_type")] {
            let result = try Tool.run("/usr/bin/sqlite3", file, "SELECT * FROM \(table) ORDER BY \(key)")
            XCTAssertEqual(result.status, 0, table)
            dump[table] = result.stdout
        }
        dump["sqlite_sequence"] = try Tool.run("/usr/bin/sqlite3", file,
                                               "SELECT * FROM sqlite_sequence WHERE name <> 'shortcut_launches' ORDER BY name").stdout
        return dump
    }

    private func sha256(_ path: String) throws -> String {
        String(try Tool.run("/usr/bin/sha256sum", path).stdout.prefix(64))
    }

    func testALaptopFileGoesToTheTeamDatabaseAndBackWhole() throws {
        try aliceLaptop()
        let first = try copy(laptop, to: admin, "--owner", "alice")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("in one transaction, verified table by table"), first.stdout)
        XCTAssertTrue(first.stdout.contains("are alice's"), first.stdout)
        XCTAssertFalse(first.stdout.contains(cluster.superuserPassword), "the URI's password is never shown")

        // The superuser sees every report, as the file lists them; alice her own, bob his.
        let fileReports = try local(laptop, "alice", "report", "list", "--all", "--format", "json")
        XCTAssertEqual(try app.run(["--db", admin, "report", "list", "--all", "--format", "json"]).stdout, fileReports)
        let aliceReports = try json(try ok(as: "alice", "report", "list", "--all", "--format", "json"))
        XCTAssertEqual(aliceReports.compactMap { $0["id"] as? Int }.sorted(), [1, 2, 3], "alice's own, not bob's")
        XCTAssertEqual(try JSONSerialization.data(withJSONObject: aliceReports, options: .sortedKeys),
                       try JSONSerialization.data(withJSONObject: try json(fileReports).filter { $0["id"] as? Int != 4 }, options: .sortedKeys))
        XCTAssertTrue(try ok(as: "bob", "report", "list", "--all").contains("Bob's trip"))
        XCTAssertTrue(try ok(as: "bob", "report", "show", "4").contains("Kiosk"), "bob's item is his, with his report")
        for report in ["1", "2", "3"] {
            XCTAssertEqual(try ok(as: "alice", "report", "history", report), try local(laptop, "alice", "report", "history", report),
                           "history of report \(report)")
            XCTAssertEqual(try ok(as: "alice", "report", "show", report, "--format", "json"),
                           try local(laptop, "alice", "report", "show", report, "--format", "json"), "report \(report)")
        }
        // The unassigned item, the import with its fingerprints, the rates, the quick action: alice's.
        XCTAssertEqual(try ok(as: "alice", "expense", "list", "--unassigned", "--format", "json"),
                       try local(laptop, "alice", "expense", "list", "--unassigned", "--format", "json"))
        XCTAssertEqual(try ok(as: "alice", "import", "list", "--format", "json"), try local(laptop, "alice", "import", "list", "--format", "json"))
        XCTAssertEqual(try ok(as: "alice", "rates", "list"), try local(laptop, "alice", "rates", "list"))
        XCTAssertTrue(try ok(as: "alice", "shortcuts", "list").contains("Open Berlin"))
        XCTAssertFalse(try ok(as: "bob", "shortcuts", "list").contains("Open Berlin"), "her quick action is hers")
        // The chain verifies on the server; the receipt's bytes are there.
        XCTAssertTrue(try app.run(["--db", admin, "db", "check"]).stdout.contains("chained without a break"))
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("All 1 receipt verified"))
        XCTAssertEqual(try app.stdoutBytes("--db", uri("alice"), "receipt", "export", "1", "-o", "-"), try ReceiptSamples.bytes(sample))

        // A second copy adds nothing.
        let second = try copy(laptop, to: admin, "--owner", "alice", "--format", "json")
        XCTAssertEqual(second.status, 0, second.stderr)
        let tallies = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])?["tables"]
                                    as? [[String: Any]])
        XCTAssertEqual(tallies.compactMap { $0["copied"] as? Int }.reduce(0, +), 0, second.stdout)
        XCTAssertEqual(tallies.first { $0["table"] as? String == "expenses" }?["alreadyThere"] as? Int, 9, second.stdout)
        XCTAssertEqual(tallies.first { $0["table"] as? String == "receipt files" }?["alreadyThere"] as? Int, 1, second.stdout)

        // Back into a new file: the same rows, the same listings, a verifying chain and vault.
        let back = app.path("back.sqlite")
        let copied = try app.run(["--db", admin, "db", "copy", "--to", back, "--owner", "alice"])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertTrue(copied.stdout.contains("(a new file)"), copied.stdout)
        XCTAssertEqual(try tables(back), try tables(laptop))
        XCTAssertTrue(try local(back, "alice", "db", "check").contains("the file is sound"))
        XCTAssertTrue(try local(back, "alice", "receipt", "verify").contains("All 1 receipt verified"))
        XCTAssertEqual(try local(back, "alice", "report", "list", "--all", "--format", "json"), fileReports)
        for report in ["1", "2", "3", "4"] {
            XCTAssertEqual(try local(back, "alice", "report", "history", report), try local(laptop, "alice", "report", "history", report))
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: back)[.posixPermissions] as? Int, 0o600)

        // The fingerprints came along: the statement again is all duplicates.
        let again = try run(as: "alice", "import", fixture("amex.csv"), "--rules", fixture("amex.rules"), "--report", "3")
        XCTAssertTrue(again.stdout.contains(": 0 new, 5 duplicate"), "\(again.stdout) \(again.stderr)")
        // The server's counters moved past the copied ids: alice's next report and event follow on.
        XCTAssertTrue(try ok(as: "alice", "report", "new", "Munich", "--from", "2026-05-01", "--to", "2026-05-02").contains("Created report 5"))
        try ok(as: "alice", "expense", "add", "--report", "5", "--date", "2026-05-01", "--amount", "3.20", "--category", "meals")
        try ok(as: "alice", "report", "submit", "5")
        XCTAssertTrue(try app.run(["--db", admin, "db", "check"]).stdout.contains("chained without a break"))
        // Now the server has what the laptop has not: copying the laptop again would not be a copy.
        // (alice's work republished her app quick actions, which is the first difference found.)
        let diverged = try copy(laptop, to: admin, "--owner", "alice")
        assertFails(diverged, 65, "nothing was copied")
        XCTAssertTrue(diverged.stderr.contains("not a copy of"), diverged.stderr)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "5").contains("Munich"), "the refused copy changed nothing")
    }

    func testOnlyTheAdministratorCopiesIntoOrOutOfTheTeamDatabase() throws {
        try local(laptop, "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        assertFails(try copy(laptop, to: uri("alice"), "--owner", "alice"), 77, "writes every person's rows")
        assertFails(try app.run(["--db", uri("alice"), "db", "copy", "--to", app.path("mine.sqlite")]), 77, "reads every person's rows")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("mine.sqlite")), "a refused copy leaves no file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("mine.receipts")))
        XCTAssertEqual(try cluster.psql("SELECT count(*) FROM reports", database: database).stdout
                        .trimmingCharacters(in: .whitespacesAndNewlines), "0")
    }

    func testATeamDatabaseThatWasNotSetUpIsRefused() throws {
        try local(laptop, "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        let blank = database + "_blank"
        try psqlOK("CREATE DATABASE \(blank) LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let target = cluster.connectionURI(user: cluster.superuser, password: cluster.superuserPassword, database: blank)
        assertFails(try copy(laptop, to: target, "--owner", "alice"), 69, "has no expenses schema yet")

        // Once set up it takes the copy; without --owner, what belongs to no report is the file's user's.
        XCTAssertEqual(try app.run(["--db", target, "setup"]).status, 0)
        try local(laptop, "alice", "expense", "add", "--date", "2026-03-03", "--amount", "7", "--category", "taxi")
        let copied = try app.run(["--db", laptop, "--user", "alice", "db", "copy", "--to", target])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertTrue(copied.stdout.contains("of no report are alice's"), copied.stdout)
        XCTAssertEqual(try cluster.psql("SELECT owner FROM expenses", database: blank).stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "alice")
        // Server to server: the same database under another name is refused; the test's database takes it.
        let sameAgain = cluster.connectionURI(user: cluster.superuser, password: cluster.superuserPassword, database: blank) + "&application_name=x"
        assertFails(try app.run(["--db", target, "db", "copy", "--to", sameAgain]), 64, "onto itself")
        let across = try app.run(["--db", target, "db", "copy", "--to", admin])
        XCTAssertEqual(across.status, 0, across.stderr)
        XCTAssertTrue(try ok(as: "alice", "expense", "list", "--unassigned").contains("7.00"))
        XCTAssertTrue(try app.run(["--db", admin, "db", "check"]).stdout.contains("chained without a break"))
    }

    /// The rows go in past the server's own triggers, but not past one that a trigger of someone
    /// else's (ENABLE ALWAYS fires even then) changes: the verification finds it and rolls back.
    func testATargetThatChangesTheRowsItIsGivenIsRefused() throws {
        try local(laptop, "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try local(laptop, "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
        try psqlOK("""
            CREATE FUNCTION skim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.amount_minor := NEW.amount_minor - 1; RETURN NEW; END $$;
            CREATE TRIGGER skim BEFORE INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION skim();
            ALTER TABLE expenses ENABLE ALWAYS TRIGGER skim;
            """, in: database)
        let refused = try copy(laptop, to: admin, "--owner", "alice")
        assertFails(refused, 65, "the copy of expenses does not match")
        XCTAssertTrue(refused.stderr.contains("has 1 row (amount_minor 2000, converted_minor 2000)"), refused.stderr)
        XCTAssertEqual(try cluster.psql("SELECT count(*) FROM reports", database: database).stdout
                        .trimmingCharacters(in: .whitespacesAndNewlines), "0", "rolled back whole")
    }

    func testACopyNeverWritesIntoAnotherFile() throws {
        try local(laptop, "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        // A symbolic link planted at the name: to a file, and to none.
        let victim = app.path("victim.txt")
        try "keep me\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app.path("link.sqlite"), withDestinationPath: victim)
        assertFails(try copy(laptop, to: app.path("link.sqlite")), 73, "symbolic link")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep me\n")
        try FileManager.default.createSymbolicLink(atPath: app.path("dangling.sqlite"), withDestinationPath: app.path("made.sqlite"))
        assertFails(try copy(laptop, to: app.path("dangling.sqlite")), 73, "symbolic link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("made.sqlite")))
        // Another program's SQLite database, and a file that is none.
        let other = app.path("other.sqlite")
        XCTAssertEqual(try Tool.run("/usr/bin/sqlite3", other, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')").status, 0)
        let before = try sha256(other)
        assertFails(try copy(laptop, to: other), 73, "another program's SQLite database")
        XCTAssertEqual(try sha256(other), before)
        assertFails(try copy(laptop, to: victim), 73, "not an SQLite database")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep me\n")
        // Someone else's expenses database: its report 1 is another one.
        let bobs = app.path("bob.sqlite")
        try local(bobs, "bob", "report", "new", "Bob's own", "--from", "2026-03-02", "--to", "2026-03-06")
        let bobsBefore = try sha256(bobs)
        assertFails(try copy(laptop, to: bobs), 65, "reports 1 is already in \(bobs) with other content")
        XCTAssertEqual(try sha256(bobs), bobsBefore)
        XCTAssertTrue(try local(bobs, "bob", "report", "list").contains("Bob's own"))
        // Itself.
        assertFails(try copy(laptop, to: laptop), 64, "onto itself")
        assertFails(try copy(laptop, to: app.directory.path + "/./alice.sqlite"), 64, "onto itself")
    }
}
