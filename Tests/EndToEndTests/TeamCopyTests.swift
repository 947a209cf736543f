import Foundation
import XCTest

/// `db copy`: alice's laptop file moves to the team database: her drafts as drafts of the person
/// each owner is mapped to, with the team database's own ids (a second laptop goes in beside), and
/// the reports already decided elsewhere only with --import-history, their audit log logged again
/// as imported by the administrator. A team database copies into a new file whole. Only the
/// administrator may copy into (or out of) a team database, only into one that was set up, and
/// never into a file that is not a new one or a previous copy.
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
    /// As alice, whose the file's rows of no report are.
    private func copy(_ source: String, to target: String, _ extra: String...) throws -> ExpensesProcess.Result {
        try app.run(["--db", source, "--user", "alice", "db", "copy", "--to", target] + extra)
    }

    /// alice's laptop: report 1 reimbursed (a warning acknowledged), 2 rejected (the card statement's items, a CHF one
    /// converted at the ECB's rate), 3 a draft with a receipt, 4 bob's (his report in her file,
    /// submitted), an unassigned item, her quick action and a policy setting.
    private func aliceLaptop() throws {
        try local(laptop, "alice", "rates", "import", fixture("eurofxref-hist.csv"))
        try local(laptop, "alice", "policy", "set", "missing-receipt", "warning")
        try local(
            laptop, "alice", "report", "new", "Walldorf workshop", "--from", "2026-03-02", "--to", "2026-03-06",
            "--purpose", "Customer workshop")
        try local(
            laptop, "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "412.80",
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
        try local(
            laptop, "alice", "expense", "add", "--report", "3", "--date", "2026-04-01", "--amount", "23.40",
            "--category", "taxi", "--merchant", "Taxi Berlin")
        let captured = try local(laptop, "alice", "receipt", "capture", ReceiptSamples.path(sample), "--expense", "7", "--no-ocr")
        XCTAssertTrue(captured.contains("Captured receipt 1"), captured)
        try local(laptop, "bob", "report", "new", "Bob's trip", "--from", "2026-04-01", "--to", "2026-04-02")
        try local(
            laptop, "bob", "expense", "add", "--report", "4", "--date", "2026-04-01", "--amount", "9.90",
            "--category", "meals", "--merchant", "Kiosk")
        try local(laptop, "bob", "report", "submit", "4")
        try local(
            laptop, "alice", "expense", "add", "--date", "2026-04-05", "--amount", "4.20", "--category", "meals",
            "--merchant", "Loose receipt")
        try local(laptop, "alice", "shortcuts", "add", "com.sap.example.openReport", "--title", "Open Berlin", "--info", "report=3")
        try local(laptop, "alice", "policy", "set", "duplicate", "blocking")
        // Issue 29: a journey in her draft, computed at the file's rate, and an advance for it.
        try local(
            laptop, "alice", "expense", "add", "--report", "3", "--date", "2026-04-02", "--category", "mileage", "--distance", "42.5",
            "--from-place", "Berlin", "--to-place", "Potsdam")
        try local(laptop, "alice", "report", "advance", "3", "--amount", "100", "--date", "2026-03-30")
        XCTAssertEqual(try Tool.run("/usr/bin/sqlite3", laptop, "SELECT count(*) FROM policy_acknowledgements").stdout, "1\n")
    }

    /// A JSON listing, parsed.
    private func json(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
    }

    /// Each copied table of an SQLite file, row by row in key order, as sqlite3 prints it.
    private func tables(_ file: String) throws -> [String: String] {
        var dump: [String: String] = [:]
        for (table, key) in [
            ("categories", "code"), ("policy_rules", "rule"), ("exchange_rates", "currency, date"), ("reports", "id"),
            ("import_batches", "id"), ("expenses", "id"), ("receipts", "id"), ("expense_receipts", "expense_id, receipt_id"),
            ("report_events", "id"), ("report_events_head", "singleton"), ("policy_acknowledgements", "report_id"),
            ("dynamic_shortcuts", "type"), ("app_shortcuts", "plist_type"),
        ] {
            let result = try Tool.run("/usr/bin/sqlite3", file, "SELECT * FROM \(table) ORDER BY \(key)")
            XCTAssertEqual(result.status, 0, table)
            dump[table] = result.stdout
        }
        dump["sqlite_sequence"] = try Tool.run(
            "/usr/bin/sqlite3", file,
            "SELECT * FROM sqlite_sequence WHERE name <> 'shortcut_launches' ORDER BY name"
        ).stdout
        return dump
    }

    private func sha256(_ path: String) throws -> String {
        String(try Tool.run("/usr/bin/sha256sum", path).stdout.prefix(64))
    }

    /// The count of rows of `table` on the test's team database.
    private func count(_ table: String, _ condition: String = "true") throws -> String {
        try cluster.psql("SELECT count(*) FROM \(table) WHERE \(condition)", database: database).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testALaptopsDraftsBecomeTheMappedPeoplesAndItsHistoryStaysOut() throws {
        try aliceLaptop()
        // Someone else's work is there already: ids are the team database's.
        try ok(as: "fiona", "report", "new", "Fiona's own", "--from", "2026-03-02", "--to", "2026-03-03")
        let first = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Left in the file: reports 1, 2, 4, past draft"), first.stdout)
        XCTAssertFalse(first.stdout.contains(cluster.superuserPassword), "the URI's password is never shown")

        // Her draft (the file's report 3) is report 2 there, hers, with its item and its receipt's bytes.
        let reports = try json(try ok(as: "alice", "report", "list", "--all", "--format", "json"))
        XCTAssertEqual(reports.map { "\($0["id"] ?? "") \($0["title"] ?? "") \($0["status"] ?? "")" }, ["2 Berlin draft"])
        let show = try ok(as: "alice", "report", "show", "2")
        XCTAssertTrue(show.contains("Taxi Berlin") && show.contains("23.40"), show)
        XCTAssertTrue(show.contains("12.75 EUR") && show.contains("#1  2026-03-30  100.00 EUR"), show)
        XCTAssertEqual(
            try cluster.psql(
                "SELECT distance_tenths, vehicle, from_place, to_place FROM expenses WHERE category = 'mileage'", database: database
            )
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines), "425|car|Berlin|Potsdam")
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("All 1 receipt verified"))
        XCTAssertEqual(try app.stdoutBytes("--db", uri("alice"), "receipt", "export", "1", "-o", "-"), try ReceiptSamples.bytes(sample))
        XCTAssertTrue(try ok(as: "alice", "expense", "list", "--unassigned").contains("Loose receipt"), "the item of no report is hers")
        // Nothing decided elsewhere came in: no other report, no step past draft in the log; bob's submitted report stayed out.
        XCTAssertEqual(try count("reports"), "2")
        XCTAssertEqual(try count("report_events", "to_status <> 'draft'"), "0")
        XCTAssertFalse(try ok(as: "bob", "report", "list", "--all").contains("Bob's trip"))
        // She goes on with it there, through the server's functions.
        try ok(as: "alice", "report", "submit", "2")
        XCTAssertTrue(try app.run(["--db", admin, "db", "check"]).stdout.contains("chained without a break"))

        // bob's own laptop goes in beside: his draft is the next id.
        let bobs = app.path("bob.sqlite")
        try local(bobs, "bob", "report", "new", "Bob's draft", "--from", "2026-05-01", "--to", "2026-05-02")
        let second = try copy(bobs, to: admin, "--owner", "bob")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("Everything copied is bob's"), second.stdout)
        XCTAssertTrue(try ok(as: "bob", "report", "show", "3").contains("Bob's draft"))

        // The team database back into a new file: whole, its chain verifying.
        let back = app.path("back.sqlite")
        let copied = try app.run(["--db", admin, "db", "copy", "--to", back, "--owner", "alice"])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertTrue(try local(back, "alice", "db", "check").contains("the file is sound"))
        XCTAssertEqual(
            try Tool.run("/usr/bin/sqlite3", back, "SELECT group_concat(title, '|') FROM reports").stdout,
            "Fiona's own|Berlin|Bob's draft\n")
    }

    /// Reports decided elsewhere come only on request, each step of their log logged again by the
    /// server, as imported by the administrator: who decided, and when, in its words, never as a
    /// decision made on the team database.
    func testHistoryComesOnlyWithImportHistoryLoggedAsImported() throws {
        try aliceLaptop()
        try local(laptop, "alice", "report", "meals", "3", "--date", "2026-04-02", "--provided", "breakfast")
        try local(laptop, "alice", "report", "edit", "3", "--from", "2026-04-01T06:45")
        // The rejected report's CHF item was converted at the ECB's rate of its day, which the team database recomputes.
        try ok(as: "fiona", "rates", "import", fixture("eurofxref-hist.csv"))
        let copied = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--import-history")
        XCTAssertEqual(copied.status, 0, copied.stderr)
        // The trips come along: the per diems frozen with the reimbursed report, a draft's meals and times.
        XCTAssertEqual(
            try cluster.psql(
                "SELECT count(*), sum(converted_minor) FROM report_allowances WHERE report_id = 1; "
                    + "SELECT date, breakfast FROM report_meals WHERE report_id = 3; "
                    + "SELECT start_time, country FROM reports WHERE id = 3;", database: database
            ).stdout, "5|11200\n2026-04-02|1\n06:45|DE\n")
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("Per diems (frozen when it was submitted):"))
        XCTAssertFalse(copied.stdout.contains("Left in the file"), copied.stdout)
        let statuses = try cluster.psql("SELECT string_agg(owner || ' ' || status, ',' ORDER BY id) FROM reports", database: database)
        XCTAssertEqual(statuses.stdout, "alice reimbursed,alice rejected,alice draft,bob submitted\n")
        let history = try ok(as: "alice", "report", "history", "1")
        XCTAssertTrue(history.contains("import approve by bob at"), history)
        XCTAssertEqual(try count("report_events", "actor <> '\(cluster.superuser)'"), "0", "every entry is the administrator's import")
        XCTAssertTrue(try app.run(["--db", admin, "db", "check"]).stdout.contains("chained without a break"))
        // A rejected report goes on as hers; bob's submitted one is for another approver, not him.
        try ok(as: "alice", "report", "reopen", "2")
        assertFails(try run(as: "bob", "report", "approve", "4"), 77, "owns report 4")
        // Without the administrator's role, nothing: the copy writes other people's rows.
        assertFails(try copy(laptop, to: uri("alice"), "--owner", "alice", "--import-history"), 77, "writes other people's rows")
    }

    /// The documented path: an administrator that may create roles but is no superuser makes the
    /// database, sets it up, copies a laptop in and checks the audit log.
    func testTheAdministratorOfTheGuideCopiesAndChecks() throws {
        try aliceLaptop()
        try psqlOK(
            """
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'expenses_admin') THEN
                CREATE ROLE expenses_admin LOGIN CREATEROLE PASSWORD 'admin-pw'; END IF; END $$;
            """)
        let own = database + "_admin"
        try psqlOK("CREATE DATABASE \(own) OWNER expenses_admin ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let administrator = cluster.connectionURI(user: "expenses_admin", password: "admin-pw", database: own)
        let setup = try app.run(["--db", administrator, "setup"])
        XCTAssertEqual(setup.status, 0, setup.stderr)
        // Finance loads the ECB's rates first: the history's conversions are recomputed at them.
        try psqlOK("GRANT expenses_finance TO fiona", in: own)
        let rates = try app.run([
            "--db", cluster.connectionURI(user: "fiona", password: "fiona-pw", database: own), "rates", "import",
            fixture("eurofxref-hist.csv"),
        ])
        XCTAssertEqual(rates.status, 0, rates.stderr)
        let copied = try copy(laptop, to: administrator, "--owner", "alice=alice,bob=bob", "--import-history")
        XCTAssertEqual(copied.status, 0, copied.stderr)
        let check = try app.run(["--db", administrator, "db", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("chained without a break"), check.stdout)
        // An auditor made as the guide says: one grant.
        try psqlOK(
            """
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'audrey') THEN
                CREATE ROLE audrey LOGIN PASSWORD 'audrey-pw'; END IF; END $$;
            GRANT expenses_auditor TO audrey;
            """, in: own)
        let audit = try app.run(["--db", cluster.connectionURI(user: "audrey", password: "audrey-pw", database: own), "db", "check"])
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("chained without a break"), audit.stdout)
    }

    func testOnlyTheAdministratorCopiesIntoOrOutOfTheTeamDatabase() throws {
        try local(laptop, "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        assertFails(try copy(laptop, to: uri("alice"), "--owner", "alice"), 77, "writes other people's rows")
        assertFails(try app.run(["--db", uri("alice"), "db", "copy", "--to", app.path("mine.sqlite")]), 77, "reads every person's rows")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("mine.sqlite")), "a refused copy leaves no file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("mine.receipts")))
        XCTAssertEqual(
            try cluster.psql("SELECT count(*) FROM reports", database: database).stdout
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
        XCTAssertTrue(copied.stdout.contains("Everything copied is alice's"), copied.stdout)
        XCTAssertEqual(
            try cluster.psql("SELECT owner FROM expenses", database: blank).stdout.trimmingCharacters(in: .whitespacesAndNewlines),
            "alice")
        // Server to server: the same database under another name is refused; the test's database takes it.
        let sameAgain =
            cluster.connectionURI(user: cluster.superuser, password: cluster.superuserPassword, database: blank) + "&application_name=x"
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
        try psqlOK(
            """
            CREATE FUNCTION skim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.amount_minor := NEW.amount_minor - 1; RETURN NEW; END $$;
            CREATE TRIGGER skim BEFORE INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION skim();
            ALTER TABLE expenses ENABLE ALWAYS TRIGGER skim;
            """, in: database)
        let refused = try copy(laptop, to: admin, "--owner", "alice")
        assertFails(refused, 65, "the copy of expenses does not match")
        XCTAssertTrue(
            refused.stderr.contains(
                "report 1 of \(laptop) has 1 item(s), amounts 2000 and a total of 20.00 EUR, "
                    + "its copy 1 item(s), amounts 1999 and 20.00 EUR"), refused.stderr)
        XCTAssertEqual(
            try cluster.psql("SELECT count(*) FROM reports", database: database).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines), "0", "rolled back whole")
    }

    /// Issue 40 point 7: a laptop's file altered as an attacker would (with sqlite3, past the app) brings
    /// nothing the team database can recompute as the file says it: a 10 km journey worth 900.00 EUR,
    /// an advance netted at a made-up rate, an acknowledgement "by bob" on alice's draft, and per
    /// diems in a draft (the server computes those at submission). The copy is refused (65), naming
    /// each row (file, table, the file's id, what it says and what the server computes), and writes
    /// nothing; the same file as the app left it copies.
    func testACraftedLaptopFileIsRefusedNamingEveryRowTheServerComputesOtherwise() throws {
        try aliceLaptop()
        let crafted = app.path("crafted.sqlite")
        try FileManager.default.copyItem(atPath: laptop, toPath: crafted)
        try FileManager.default.copyItem(atPath: app.path("alice.receipts"), toPath: app.path("crafted.receipts"))
        let mileage = try Tool.run("/usr/bin/sqlite3", crafted, "SELECT id FROM expenses WHERE category = 'mileage'").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let altered = try Tool.run(
            "/usr/bin/sqlite3", crafted,
            """
            UPDATE expenses SET distance_tenths = 100, amount_minor = 90000, converted_minor = 90000 WHERE id = \(mileage);
            UPDATE report_advances SET rate = '1.5', converted_minor = 15000 WHERE id = 1;
            INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason)
            VALUES (3, 'missing-receipt:\(mileage)', 'bob', '2026-04-03T10:00:00Z', 'fine by me');
            INSERT INTO report_allowances (report_id, date, country, kind, breakfast, lunch, dinner, valid_from, full_day, partial_day,
                                           currency, rate_minor, deductions_minor, amount_minor, rate, rate_date, rate_source,
                                           converted_minor)
            VALUES (3, '2026-04-02', 'DE', 'full', 0, 0, 0, '2024-01-01', 28000, 14000, 'EUR', 28000, 0, 28000, '1', NULL, 'same', 28000);
            """)
        XCTAssertEqual(altered.status, 0, altered.stdout)

        let refused = try copy(crafted, to: admin, "--owner", "alice=alice,bob=bob")
        assertFails(refused, 65, "do not match what the team database computes")
        for named in [
            "expenses \(mileage) (report 3): 10.0 km by car on 2026-04-02 are 3.00 EUR at the team's rate (0.30 EUR per km), not 900.00 EUR",
            "report_advances 1 (report 3): an amount in the report's currency (EUR) converts at 1, not at 1.5",
            "policy_acknowledgements (report 3, missing-receipt:\(mileage)): acknowledged by bob on a report of alice's",
            "report_allowances (report 3, 2026-04-02): a per diem in a draft",
        ] {
            XCTAssertTrue(refused.stderr.contains(named), "\(named)\n\(refused.stderr)")
        }
        XCTAssertTrue(refused.stderr.contains(crafted), refused.stderr)
        XCTAssertEqual(try count("reports"), "0", "all or nothing")
        XCTAssertEqual(try count("expenses"), "0")
        XCTAssertEqual(try count("policy_acknowledgements"), "0")
        XCTAssertEqual(try count("copy_markers"), "0", "no marker of a copy that was refused")

        // The file as the app left it copies as before: the journey at the server's rate, the advance at 1.
        let honest = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob")
        XCTAssertEqual(honest.status, 0, honest.stderr)
        XCTAssertEqual(
            try cluster.psql(
                "SELECT amount_minor FROM expenses WHERE category = 'mileage'; SELECT rate, converted_minor FROM report_advances;",
                database: database
            ).stdout, "1275\n1|10000\n")
    }

    /// Issue 40 point 7, for what `--import-history` brings: a report past draft is recomputed as
    /// a draft is, at the server's rates of its items' and days' dates. A crafted file's made-up
    /// conversion in the rejected report, a 10 km journey worth 900.00 EUR and an advance at a
    /// made-up rate in a submitted one, a frozen per diem of a made-up amount in the reimbursed
    /// one, an acknowledgement "by bob" in alice's report and an approver's acceptance of a server's
    /// finding (bob's or her own) are each refused (65), named, and nothing is written; the file as
    /// the app left it, its bob's report approved, copies.
    func testACraftedHistoryIsRefusedNamingEveryRowTheServerComputesOtherwise() throws {
        try aliceLaptop()
        try local(laptop, "alice", "report", "new", "Potsdam", "--from", "2026-04-10", "--to", "2026-04-10")
        try local(
            laptop, "alice", "expense", "add", "--report", "5", "--date", "2026-04-10", "--category", "mileage", "--distance", "42.5",
            "--from-place", "Berlin", "--to-place", "Potsdam")
        try local(laptop, "alice", "report", "advance", "5", "--amount", "10", "--date", "2026-04-09")
        try local(laptop, "alice", "report", "submit", "5")
        try local(laptop, "alice", "report", "approve", "4")
        let crafted = app.path("crafted.sqlite")
        try FileManager.default.copyItem(atPath: laptop, toPath: crafted)
        try FileManager.default.copyItem(atPath: app.path("alice.receipts"), toPath: app.path("crafted.receipts"))
        let ids = try Tool.run(
            "/usr/bin/sqlite3", crafted,
            "SELECT (SELECT id FROM expenses WHERE currency = 'CHF'), (SELECT id FROM expenses WHERE report_id = 5)"
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
        XCTAssertEqual(ids.count, 2, "the CHF item and the journey")
        let (franc, journey) = (ids[0], ids[1])
        // The file's triggers refuse to change a decided report's rows: an attacker drops them (those
        // that keep its totals keep them), and puts them back.
        let triggers = try Tool.run(
            "/usr/bin/sqlite3", "-json", crafted, "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%RAISE%'"
        ).stdout
        let saved = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(triggers.utf8)) as? [[String: String]])
        let drop = saved.compactMap { $0["name"] }.map { "DROP TRIGGER \($0);" }.joined(separator: "\n")
        let restore = saved.compactMap { $0["sql"] }.map { $0 + ";" }.joined(separator: "\n")
        let altered = try Tool.run(
            "/usr/bin/sqlite3", crafted,
            """
            BEGIN;
            \(drop)
            UPDATE expenses SET rate = '1.5', converted_minor = amount_minor * 3 / 2 WHERE id = \(franc);
            UPDATE expenses SET distance_tenths = 100, amount_minor = 90000, converted_minor = 90000 WHERE id = \(journey);
            UPDATE report_advances SET rate = '1.5', converted_minor = 1500 WHERE report_id = 5;
            UPDATE report_allowances SET amount_minor = 90000, converted_minor = 90000 WHERE report_id = 1 AND date = '2026-03-04';
            INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason)
            VALUES (1, 'daily-limit:lodging:2026-03-02', 'bob', '2026-03-07T10:00:00Z', 'fine by me'),
                   (2, 'receipt-elsewhere:1', 'bob', '2026-03-07T10:00:00Z', 'seen it'),
                   (5, 'card-elsewhere:\(journey)', 'alice', '2026-04-11T10:00:00Z', 'mine');
            \(restore)
            COMMIT;
            """)
        XCTAssertEqual(altered.status, 0, altered.stdout)

        // Without the ECB's rates the file converted at, even the file as the app left it is refused, naming what finance loads.
        let unrated = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--import-history")
        assertFails(unrated, 65, "1 row of \(laptop) do not match what the team database computes")
        XCTAssertTrue(
            unrated.stderr.contains("expenses \(franc) (report 2): the rate table has no rate from CHF to EUR on or before the item's day"),
            unrated.stderr)
        XCTAssertTrue(unrated.stderr.contains("or have finance load the rate table of that time"), unrated.stderr)
        try ok(as: "fiona", "rates", "import", fixture("eurofxref-hist.csv"))

        let refused = try copy(crafted, to: admin, "--owner", "alice=alice,bob=bob", "--import-history")
        // Report 2's day of the 4th is report 1's too (paid once): what report 1 froze for it is altered with it.
        assertFails(refused, 65, "8 rows of \(crafted) do not match what the team database computes")
        for named in [
            "expenses \(franc) (report 2): the rate 1.5 of",
            "expenses \(journey) (report 5): 10.0 km by car on 2026-04-10 are 3.00 EUR at the team's rate (0.30 EUR per km), "
                + "not 900.00 EUR",
            "report_advances 2 (report 5): an amount in the report's currency (EUR) converts at 1, not at 1.5",
            "report_allowances (report 1, 2026-03-04): the file says a full day in DE at 28.00 EUR (the rate from 2020-01-01), "
                + "less 0.00 = 900.00 EUR, 900.00 EUR in the report's currency; the team database computes a full day in DE at "
                + "28.00 EUR (the rate from 2020-01-01), less 0.00 = 28.00 EUR, 28.00 EUR in the report's currency",
            "report_allowances (report 2, 2026-03-04): the file says a full day in DE at 28.00 EUR (the rate from 2020-01-01), "
                + "less 0.00 = 0.00 EUR, 0.00 EUR in the report's currency, paid once with another report's day: 28.00 EUR in all, "
                + "28.00 EUR paid before; the team database computes a full day in DE at 28.00 EUR (the rate from 2020-01-01), "
                + "less 0.00 = 0.00 EUR, 0.00 EUR in the report's currency, paid once with another report's day: 28.00 EUR in all, "
                + "900.00 EUR paid before",
            "policy_acknowledgements (report 1, daily-limit:lodging:2026-03-02): acknowledged by bob on a report of alice's",
            "policy_acknowledgements (report 2, receipt-elsewhere:1): an acceptance of the team database's own finding",
            "policy_acknowledgements (report 5, card-elsewhere:\(journey)): an acceptance of the team database's own finding",
            "copy without --import-history",
        ] {
            XCTAssertTrue(refused.stderr.contains(named), "\(named)\n\(refused.stderr)")
        }
        XCTAssertEqual(try count("reports"), "0", "all or nothing")
        XCTAssertEqual(try count("expenses"), "0")
        XCTAssertEqual(try count("report_allowances"), "0")
        XCTAssertEqual(try count("policy_acknowledgements"), "0")

        // The file as the app left it copies, its history with it: the amounts as the server computes them.
        let honest = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--import-history")
        XCTAssertEqual(honest.status, 0, honest.stderr)
        XCTAssertEqual(
            try cluster.psql(
                "SELECT string_agg(owner || ' ' || status, ',' ORDER BY id) FROM reports; "
                    + "SELECT amount_minor FROM expenses WHERE category = 'mileage' ORDER BY id; "
                    + "SELECT count(*), sum(a.converted_minor) FROM report_allowances a JOIN reports r ON r.id = a.report_id "
                    + "WHERE r.title = 'Walldorf workshop';",
                database: database
            ).stdout, "alice reimbursed,alice rejected,alice draft,bob approved,alice submitted\n1275\n1275\n5|11200\n")
    }

    /// A per diem frozen under a rate table the team database does not hold (one of an older
    /// time, or finance's correction since) is refused naming the difference, and what the
    /// administrator can do: the traveller cannot change what was decided.
    func testHistoryFrozenUnderAnotherRateTableIsRefusedSayingWhatTheAdministratorCanDo() throws {
        try aliceLaptop()
        try ok(as: "fiona", "rates", "import", fixture("eurofxref-hist.csv"))
        try psqlOK("UPDATE allowance_rates SET full_day = 30000 WHERE country = 'DE'", in: database)
        let refused = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--import-history")
        assertFails(refused, 65, "do not match what the team database computes")
        XCTAssertTrue(
            refused.stderr.contains("report_allowances (report 1, 2026-03-03): the file says a full day in DE at 28.00 EUR"),
            refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the team database computes a full day in DE at 300.00 EUR"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("load the rate table of that time"), refused.stderr)
        XCTAssertEqual(try count("reports"), "0")
        // Without the history, the drafts come in.
        let drafts = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob")
        XCTAssertEqual(drafts.status, 0, drafts.stderr)
    }

    /// The file's journeys are the team's to compute: at the team's rate (which finance may have set
    /// otherwise than the file's), and only from a distance and a vehicle, also for an item of no report.
    func testAJourneyIsTakenOnlyAtTheTeamsRateAndWithItsDistance() throws {
        try local(laptop, "alice", "report", "new", "Potsdam", "--from", "2026-04-02", "--to", "2026-04-02")
        try local(
            laptop, "alice", "expense", "add", "--report", "1", "--date", "2026-04-02", "--category", "mileage", "--distance", "42.5",
            "--from-place", "Berlin", "--to-place", "Potsdam")
        try local(laptop, "alice", "expense", "add", "--date", "2026-04-03", "--category", "mileage", "--distance", "10")
        XCTAssertEqual(
            try Tool.run("/usr/bin/sqlite3", laptop, "UPDATE expenses SET distance_tenths = NULL, vehicle = NULL WHERE id = 2").status, 0)
        try psqlOK("UPDATE mileage_rates SET rate_minor = 35 WHERE vehicle = 'car'", in: database)
        let refused = try copy(laptop, to: admin, "--owner", "alice")
        assertFails(refused, 65, "2 rows of \(laptop) do not match what the team database computes")
        XCTAssertTrue(
            refused.stderr.contains(
                "expenses 1 (report 1): 42.5 km by car on 2026-04-02 are 14.88 EUR at the team's rate (0.35 EUR per km), not 12.75 EUR"),
            refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "expenses 2 (in no report): a mileage item needs its distance and vehicle: its amount is computed from them"),
            refused.stderr)
        XCTAssertEqual(try count("expenses"), "0")
    }

    /// alice's laptop for a copy run twice: report 1 "Hamburg", a draft again after bob rejected
    /// it, with an item, its receipt and a stop in Denmark (at the file's own rate); an item of no report.
    private func hamburgLaptop() throws {
        let rates = app.path("dk.csv")
        try "country,valid_from,full_day,partial_day,currency\nDK,2026-01-01,75.00,50.00,EUR\n".write(
            toFile: rates, atomically: true, encoding: .utf8)
        try local(laptop, "alice", "allowance", "rates", "import", rates)
        try local(laptop, "alice", "report", "new", "Hamburg", "--from", "2026-04-01", "--to", "2026-04-03")
        try local(
            laptop, "alice", "expense", "add", "--report", "1", "--date", "2026-04-01", "--amount", "23.40", "--category", "taxi",
            "--merchant", "Taxi Hamburg")
        try local(laptop, "alice", "receipt", "capture", ReceiptSamples.path(sample), "--expense", "1", "--no-ocr")
        try local(laptop, "alice", "report", "stop", "1", "--date", "2026-04-02", "--country", "DK")
        try local(laptop, "alice", "report", "submit", "1")
        try local(laptop, "bob", "report", "reject", "1", "--reason", "add the ferry")
        try local(laptop, "alice", "report", "reopen", "1")
        try local(
            laptop, "alice", "expense", "add", "--date", "2026-04-05", "--amount", "4.20", "--category", "meals", "--merchant",
            "Loose receipt")
    }

    /// Issue 42 point 2: a copy run again (after a dropped connection) copies nothing the second
    /// time, by the markers the first one left on the team database (the file's identity and its
    /// row's id), and says which reports were copied before, as what. Its summary's columns are
    /// what the team database holds; the copied draft's history is the team's log, after the
    /// copy's own entry; a stop in a country without a team rate is a warning, not a failure.
    func testACopyRunTwiceCopiesNothingTheSecondTimeAndSaysWhatWasCopied() throws {
        try hamburgLaptop()
        try ok(as: "fiona", "report", "new", "Fiona's own", "--from", "2026-03-02", "--to", "2026-03-03")
        try psqlOK("DELETE FROM allowance_rates WHERE country = 'DK'", in: database)
        let first = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--format", "json")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(
            first.stderr.contains(
                "expenses: warning: report 1 'Hamburg' (team report 2) stops in DK on 2026-04-02, and the team database has no "
                    + "per-diem rate for DK on that day"), first.stderr)
        XCTAssertTrue(first.stderr.contains("'expenses allowance rates import FILE'"), first.stderr)

        // Every column of the summary is true: "rows now" is what the table holds on the team database.
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any], first.stdout)
        let tables = try XCTUnwrap(summary["tables"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: tables.map { ("\($0["table"] ?? "")", $0) })
        for (table, copied, rows) in [
            ("reports", 1, 2), ("expenses", 2, 2), ("receipts", 1, 1), ("expense_receipts", 1, 1), ("report_stops", 1, 1),
            ("receipt files", 1, 1),
        ] {
            XCTAssertEqual(byName[table]?["copied"] as? Int, copied, table)
            XCTAssertEqual(byName[table]?["alreadyThere"] as? Int, 0, table)
            XCTAssertEqual(byName[table]?["rows"] as? Int, rows, table)
        }
        for entry in tables where "\(entry["table"] ?? "")" != "receipt files" {
            XCTAssertEqual("\(entry["rows"] ?? "")", try count("\(entry["table"] ?? "")"), "rows now of \(entry["table"] ?? "")")
        }

        // The draft's history is the team's log: where it came from and who copied it, then its own steps as copied.
        let history = try ok(as: "alice", "report", "history", "2")
        let steps = [
            "copied from ", ":\(laptop) (its report 1) by \(cluster.superuser)", "import submit by alice at",
            "import reject by bob at", "import reopen by alice at",
        ].map { history.range(of: $0)?.lowerBound }
        XCTAssertFalse(steps.contains(nil), history)
        XCTAssertEqual(steps.compactMap { $0 }, steps.compactMap { $0 }.sorted(), "in this order: \(history)")
        XCTAssertEqual(
            "\(byName["report_events"]?["copied"] ?? "")", try count("report_events", "report_id = 2"), "the copy's entries")
        let check = try app.run(["--db", admin, "db", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)

        // Again: nothing is copied, and it says what was copied before, as what.
        let before = try ["reports", "expenses", "receipts", "expense_receipts", "report_stops", "report_events"].map { try count($0) }
        let second = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob", "--format", "json")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(second.stderr.contains("warning"), second.stderr)
        XCTAssertEqual(
            try ["reports", "expenses", "receipts", "expense_receipts", "report_stops", "report_events"].map { try count($0) }, before)
        let again = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any], second.stdout)
        XCTAssertEqual(again["rowsCopied"] as? Int, 0)
        let skipped = try XCTUnwrap(again["alreadyCopied"] as? [[String: Any]])
        XCTAssertEqual(skipped.map { "\($0["report"] ?? "") \($0["title"] ?? "") \($0["copiedAs"] ?? "")" }, ["1 Hamburg 2"])
        XCTAssertEqual(again["itemsAlreadyCopied"] as? Int, 1)
        let columns = try XCTUnwrap(again["tables"] as? [[String: Any]]).map {
            "\($0["table"] ?? "") \($0["copied"] ?? "") \($0["alreadyThere"] ?? "") \($0["rows"] ?? "")"
        }
        for expected in [
            "reports 0 1 2", "expenses 0 2 2", "receipts 0 1 1", "expense_receipts 0 1 1", "report_stops 0 1 1",
            "report_events 0 \(before[5]) \(before[5])",
        ] {
            XCTAssertTrue(columns.contains(expected), "\(expected) in \(columns)")
        }

        // A report new in the file since comes in; the copied one is skipped, and said to be.
        try local(laptop, "alice", "report", "new", "Kiel", "--from", "2026-05-04", "--to", "2026-05-04")
        let third = try copy(laptop, to: admin, "--owner", "alice=alice,bob=bob")
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertTrue(third.stdout.contains("report 1 'Hamburg' already copied as team report 2 on 20"), third.stdout)
        XCTAssertTrue(third.stdout.contains("; skipped\n1 item of no report already copied; skipped"), third.stdout)
        XCTAssertEqual(try count("reports"), "3")
        XCTAssertEqual(try count("reports", "title = 'Hamburg'"), "1")
    }

    /// The markers are the server's: a member with plain psql neither reads nor writes them, nor
    /// calls the function that does, so she can neither keep a colleague's report out by a forged
    /// marker nor have her own copied twice by deleting hers.
    func testAMemberCannotForgeOrDeleteACopyMarker() throws {
        try local(laptop, "alice", "report", "new", "Hamburg", "--from", "2026-04-01", "--to", "2026-04-03")
        XCTAssertEqual(try copy(laptop, to: admin, "--owner", "alice").status, 0)
        let bobs = app.path("bob.sqlite")
        try local(bobs, "bob", "report", "new", "Bob's trip", "--from", "2026-05-01", "--to", "2026-05-02")
        // bob's file has no identity yet: alice guesses at any, and at the ids.
        for attack in [
            "SELECT * FROM copy_markers",
            "INSERT INTO copy_markers VALUES ('00000000-0000-4000-8000-000000000000', 'reports', 1, 1, 'x', 'alice', '2026-12-01')",
            "DELETE FROM copy_markers",
            "UPDATE copy_markers SET source_id = 99",
            "SELECT expenses.copy_marker_add('00000000-0000-4000-8000-000000000000', 'reports', 1, 1, 'x', '2026-12-01')",
        ] {
            let refused = try cluster.psql(as: "alice", password: "alice-pw", sql: attack, database: database)
            XCTAssertNotEqual(refused.status, 0, attack)
            XCTAssertTrue(refused.stderr.contains("permission denied"), "\(attack): \(refused.stderr)")
        }
        XCTAssertEqual(try count("copy_markers"), "1")
        // Her file copied again: nothing. bob's: his report.
        let again = try copy(laptop, to: admin, "--owner", "alice")
        XCTAssertTrue(again.stdout.contains("report 1 'Hamburg' already copied as team report 1"), again.stdout)
        XCTAssertEqual(try copy(bobs, to: admin, "--owner", "bob").status, 0)
        XCTAssertEqual(try count("reports"), "2")
        XCTAssertEqual(try count("copy_markers"), "2")
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
        XCTAssertEqual(
            try Tool.run("/usr/bin/sqlite3", other, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')").status, 0)
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
