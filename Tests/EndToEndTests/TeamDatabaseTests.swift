import Foundation
import XCTest

/// A team on one PostgreSQL server, as its people use it. Who they are comes from the server;
/// what they may do is held by it; a bad connection gets one clear line and the right exit code.
final class TeamDatabaseTests: TeamDatabaseTestCase {
    func testSetupTwiceChangesNothing() throws {
        let migrations = "SELECT string_agg(id || ' ' || applied_at, ',' ORDER BY id) FROM schema_migrations"
        let before = try cluster.psql(migrations, database: database).stdout
        let again = try app.run("--db", uri("postgres", cluster.superuserPassword), "setup")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains(": the schema was already up to date (version "), again.stdout)
        XCTAssertFalse(again.stdout.contains(cluster.superuserPassword), "the password is shown: \(again.stdout)")
        XCTAssertEqual(try cluster.psql(migrations, database: database).stdout, before)
        XCTAssertFalse(before.isEmpty)
    }

    /// `setup` says what it did: the first run created the schema, which the person sees.
    func testSetupSaysWhenItCreatedTheSchema() throws {
        let fresh = database + "_fresh"
        try psqlOK("CREATE DATABASE \(fresh) LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let administrator = cluster.connectionURI(user: "postgres", password: cluster.superuserPassword, database: fresh)
        let created = try app.run("--db", administrator, "setup")
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(created.stdout.contains(": created the database schema (version "), created.stdout)
        XCTAssertFalse(created.stdout.contains("up to date"), created.stdout)
        let again = try app.run("--db", administrator, "setup")
        XCTAssertTrue(again.stdout.contains(": the schema was already up to date (version "), again.stdout)
    }

    /// `config set database` names the team database, as --db and EXPENSES_DB do; --db still wins.
    func testTheConfigFileNamesTheTeamDatabase() throws {
        try ok(as: "alice", "report", "new", "Configured trip")
        let set = try app.run("config", "set", "database", uri("alice"))
        XCTAssertEqual(set.status, 0, set.stderr)
        let listed = try app.run("config", "list").stdout
        XCTAssertFalse(set.stdout.contains("alice-pw") || listed.contains("alice-pw"), "the password is shown: \(set.stdout)\(listed)")
        let reports = try app.run("report", "list")
        XCTAssertEqual(reports.status, 0, reports.stderr)
        XCTAssertTrue(reports.stdout.contains("Configured trip"), reports.stdout)
        let shown = try app.run("show")
        XCTAssertTrue(shown.stdout.contains("alice@/"), shown.stdout)
        XCTAssertFalse(shown.stdout.contains("alice-pw"), "the password is shown: \(shown.stdout)")
        let local = try app.run("--db", app.path("own.sqlite"), "report", "list")
        XCTAssertFalse(local.stdout.contains("Configured trip"), local.stdout)
    }

    func testATripGoesFromTravellerToApproverToFinance() throws {
        try ok(as: "alice", "report", "new", "Berlin", "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20.50", "--category", "taxi")
        try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "24", "--category", "taxi")
        XCTAssertFalse(try ok(as: "bob", "report", "list").contains("Berlin"), "bob sees alice's draft")
        try ok(as: "alice", "report", "submit", "1")
        XCTAssertTrue(try ok(as: "bob", "report", "list").contains("Berlin"), "bob does not see alice's submitted report")
        XCTAssertFalse(try ok(as: "fiona", "report", "list").contains("Berlin"), "finance sees a report not yet approved")
        assertFails(try run(as: "alice", "report", "approve", "1"), 77, "owns report 1 and cannot approve it")
        // Who one is comes from the login there: the hint names no --user (which is refused).
        let refused = try run(as: "alice", "report", "approve", "1")
        XCTAssertTrue(refused.stderr.contains("hint: someone with the approver role must, logged in as themselves"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("--user"), refused.stderr)
        try ok(as: "bob", "report", "approve", "1")
        try ok(as: "fiona", "report", "reimburse", "1", "--reference", "PAY-7")
        let history = try ok(as: "alice", "report", "history", "1")
        for (actor, action) in [("alice", "submit"), ("bob", "approve"), ("fiona", "reimburse")] {
            XCTAssertTrue(history.split(separator: "\n").contains { $0.contains(actor) && $0.contains(action) }, history)
        }
        let show = try ok(as: "alice", "report", "show", "1", "--format", "json")
        XCTAssertTrue(show.contains("\"status\": \"reimbursed\""), show)
        let total = try cluster.psql(
            "SELECT total_minor, item_count, (SELECT sum(converted_minor) FROM expenses) FROM reports",
            database: database)
        XCTAssertEqual(total.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "4450|2|4450")
    }

    func testTheServerSaysWhoYouAre() throws {
        try ok(as: "bob", "report", "new", "Bob's own", "--from", "2026-03-02", "--to", "2026-03-03")
        try ok(as: "bob", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "9", "--category", "taxi")
        try ok(as: "bob", "report", "submit", "1")
        // An approver cannot approve his own report, whatever name he gives.
        assertFails(try run(as: "bob", "report", "approve", "1"), 77, "owns report 1")
        assertFails(try run(as: "bob", "--user", "alice", "report", "approve", "1"), 77, "--user cannot name the user")
        app.environment["EXPENSES_USER"] = "alice"
        assertFails(try run(as: "bob", "report", "approve", "1"), 77, "EXPENSES_USER cannot name the user")
        app.environment["EXPENSES_USER"] = nil
        // Nor with psql, straight to the server: the row is not his to approve.
        let direct = try cluster.psql(
            as: "bob", password: "bob-pw",
            sql: """
                UPDATE reports SET status = 'approved' WHERE id = 1;
                """, database: database)
        XCTAssertNotEqual(direct.status == 0 && direct.stdout.contains("UPDATE 1"), true, direct.stdout + direct.stderr)
        XCTAssertTrue(try ok(as: "bob", "report", "show", "1").contains("submitted"))
    }

    /// A role spelled with a decomposed accent (`alice` + U+0301) is not the name the app would
    /// store for it (`alicé`, composed): refused, where Swift's == took the two for one.
    func testARoleWithADecomposedAccentIsRefused() throws {
        let role = "alice\u{301}"
        try psqlOK(
            """
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN
                CREATE ROLE "\(role)" LOGIN PASSWORD 'decomposed-pw'; END IF; END $$;
            """)
        try psqlOK("GRANT expenses_traveller TO \"\(role)\"", in: database)
        // Reading too, which no function of the server's checks: the app refuses the name itself.
        for arguments in [["report", "list"], ["report", "new", "Trip"]] {
            let result = try app.run(["--db", uri(role, "decomposed-pw")] + arguments)
            assertFails(result, 77, "is not written as expenses writes user names ('alic\u{e9}'): lower case, composed")
        }
        // And the server's functions refuse it too, whatever program connects.
        let direct = try cluster.psql(
            as: role, password: "decomposed-pw",
            sql: "SELECT expenses.report_new('T', '', '', NULL, NULL, 'EUR', 'now');", database: database)
        XCTAssertNotEqual(direct.status, 0, direct.stdout)
        XCTAssertTrue(direct.stderr.contains("is not written as expenses writes user names (composed)"), direct.stderr)
        XCTAssertEqual(try cluster.psql("SELECT count(*) FROM reports", database: database).stdout, "0\n")
    }

    /// Loading the ECB's rates is finance's: a traveller is told so, not to join a group she is in.
    func testATravellerLoadingRatesIsToldWhoDoes() throws {
        let rates = app.path("eurofxref-hist.csv")
        try FileManager.default.copyItem(atPath: ImportTests.fixtures.appendingPathComponent("eurofxref-hist.csv").path, toPath: rates)
        let refused = try run(as: "alice", "rates", "import", rates)
        assertFails(refused, 77, "only a member of expenses_finance can load exchange rates")
        XCTAssertFalse(refused.stderr.contains("your role needs one of"), refused.stderr)
        XCTAssertEqual(try cluster.psql("SELECT count(*) FROM exchange_rates", database: database).stdout, "0\n")
        try ok(as: "fiona", "rates", "import", rates)
        XCTAssertNotEqual(try cluster.psql("SELECT count(*) FROM exchange_rates", database: database).stdout, "0\n")
    }

    /// libpq (and the TLS, Kerberos and LDAP libraries it brings) is loaded when a team database is
    /// opened, never for a file: the dynamic loader's own account of what it opened says so.
    func testOnlyATeamDatabaseLoadsLibpq() throws {
        app.environment["LD_DEBUG"] = "files"
        let file = try app.run("--db", app.path("own.sqlite"), "report", "list")
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertFalse(file.stderr.contains("libpq.so"), "a file's command loaded libpq")
        let server = try run(as: "alice", "report", "list")
        XCTAssertEqual(server.status, 0, server.stderr)
        XCTAssertTrue(server.stderr.contains("file=libpq.so.5"), "the loader's account names no libpq: \(server.stderr.suffix(500))")
    }

    /// Every line of a script is the role's, not only the first (which opens the connection): the
    /// login name of the machine (here root or the CI user) never becomes an owner.
    func testEachLineOfAScriptIsTheRolesOwn() throws {
        let script = try app.run(["--db", uri("alice"), "run", "-"], stdin: "report new 'Trip 1'\nreport new 'Trip 2'\n")
        XCTAssertEqual(script.status, 0, script.stderr)
        XCTAssertEqual(
            try cluster.psql("SELECT string_agg(owner, ',' ORDER BY id) FROM reports", database: database).stdout,
            "alice,alice\n")
    }

    func testARuleTheServerHoldsReadsAsOnAFile() throws {
        try ok(as: "alice", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-03")
        try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "9", "--category", "taxi")
        try ok(as: "alice", "report", "submit", "1")
        let onServer = try run(
            as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "5", "--category", "taxi")
        let local = try ExpensesProcess()
        _ = try local.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-03")
        _ = try local.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "9", "--category", "taxi")
        _ = try local.ok("report", "submit", "1")
        let onFile = try local.run("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(onServer.status, onFile.status)
        XCTAssertEqual(onServer.stderr, onFile.stderr)
    }

    func testBadConnectionsGetOneClearLine() throws {
        let secret = "s3cret-Pa55"
        assertFails(try app.run("--db", uri("alice", "wrong-\(secret)"), "report", "list"), 77, "password authentication failed")
        let missing = cluster.connectionURI(user: "alice", password: "alice-pw", database: "no_such_db")
        assertFails(try app.run("--db", missing, "report", "list"), 69, "does not exist")
        assertFails(
            try app.run("--db", "postgresql://alice:\(secret)@/x?host=/nonexistent-dir", "report", "list"), 69,
            "cannot connect to the database")
        let malformed = try app.run("--db", "postgresql://alice:\(secret)@[oops/x", "report", "list")
        assertFails(malformed, 69, "cannot connect")
        for result in [malformed] { XCTAssertFalse(result.stderr.contains(secret), "the password is shown: \(result.stderr)") }
        // A server set up by nobody yet.
        try psqlOK("CREATE DATABASE bare_\(database)")
        let bare = cluster.connectionURI(user: "postgres", password: cluster.superuserPassword, database: "bare_\(database)")
        assertFails(try app.run("--db", bare, "report", "list"), 69, "has no expenses schema yet")
        // A role the administrator made but gave no group.
        try psqlOK(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mallory') THEN CREATE ROLE mallory LOGIN PASSWORD 'm'; END IF; END $$"
        )
        assertFails(
            try app.run("--db", cluster.connectionURI(user: "mallory", password: "m", database: database), "report", "list"),
            77, "permission denied")
    }

    /// Where a server's socket would be, one that takes connections and never answers, writing a
    /// line to `attempts` for each: a server that is down (or a host that swallows packets). Its
    /// connection string and the listener, to terminate.
    private func silentServer() throws -> (database: String, attempts: String, listener: Process) {
        let directory = app.path("silent")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let attempts = app.path("attempts")
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        listener.arguments = [
            "-c",
            """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(50)
            print("ready", flush=True)
            held = []
            while True:
                c, _ = s.accept(); held.append(c)
                open(sys.argv[2], "a").write("connect\\n")
            """, directory + "/.s.PGSQL.5432", attempts,
        ]
        let ready = Pipe()
        listener.standardOutput = ready
        try listener.run()
        _ = ready.fileHandleForReading.availableData
        return ("postgresql://alice:x@/team?host=\(directory.replacingOccurrences(of: "/", with: "%2F"))", attempts, listener)
    }

    /// A session on a server that is down: it tries once at its prompt, not at every key and every
    /// look for launches, and a command says what is wrong and gives the prompt back.
    func testASessionOnAServerThatIsDownTriesOnceAndStaysResponsive() throws {
        let (database, attempts, listener) = try silentServer()
        defer { listener.terminate() }
        app.useTerminal()
        app.environment["PGCONNECT_TIMEOUT"] = "1"
        let result = try app.terminal(
            arguments: ["--db", database],
            steps: [
                ["expect": "expenses> "],
                ["send": "echo still here\r"], ["expect": "still here"],
                ["send": "report list\r"], ["expect": "timeout expired"],
                ["expect": "expenses> "],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        let count = ((try? String(contentsOfFile: attempts, encoding: .utf8)) ?? "").split(separator: "\n").count
        // Once for the session at its prompt, once for `report list`: not four times a second.
        XCTAssertLessThanOrEqual(count, 3, "the session kept trying the server: \(count) connections")
        XCTAssertGreaterThanOrEqual(count, 1)
    }

    /// A server that takes the connection and never answers: the connect timeout ends the wait.
    func testAServerThatNeverAnswersTimesOut() throws {
        let (database, _, listener) = try silentServer()
        defer { listener.terminate() }
        app.environment["PGCONNECT_TIMEOUT"] = "2"
        let start = Date()
        let result = try app.run("--db", database, "report", "list")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "it hung")
        assertFails(result, 69, "timeout expired")
    }
}
