import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 47's bounded load test: `expenses serve` (the built binary) on a throwaway team
/// database, 50 sessions at once for 30 seconds on loopback (Tests/Drivers/web_load.py), each
/// logged in as its person with their own connection, reading the reports list, a report and
/// the approvals over and over, and now and then taking a photo of a receipt (captured, OCR and
/// all). No request may fail and every session must be answered; the latencies are printed, not
/// asserted (the machine is shared).
final class WebLoadTests: TeamDatabaseTestCase {
    override class var engines: Engines {
        .once(because: "starts a team server of its own and serve on it, as TeamDatabaseTestCase")
    }

    static let driver: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Drivers/web_load.py").path
    }()

    /// serve on the team database (no one's credentials in its connection string), started; its URL.
    private func serve(_ arguments: [String] = []) throws -> String {
        let location = uri("alice").replacingOccurrences(of: "alice:alice-pw@", with: "")
        let (process, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"] + arguments, before: ["--db", location])
        addTeardownBlock {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(line.hasPrefix("Serving http://127.0.0.1:"), line)
        return String(line.dropFirst("Serving ".count))
    }

    /// The driver's JSON and its exit status: each session logs in as one of `people`.
    private func load(_ url: String, people: [String], sessions: Int, seconds: Int, _ extra: [String] = []) throws -> (
        [String: Any], Int32
    ) {
        let result = try Tool.run(
            ["/usr/bin/python3", Self.driver, "--url", url, "--sessions", "\(sessions)", "--seconds", "\(seconds)"]
                + people.flatMap { ["--user", "\($0):\($0)-pw"] } + extra)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "web_load.py said: \(result.stdout)")
        return (json, result.status)
    }

    /// Fifty people, each a traveller with a trip of two items (load1 to load5 approvers too, and
    /// load6 to load15's trips submitted to them): fifty sessions are fifty people, as they would
    /// be, not one person fifty times (a person's receipt uploads take turns on the server).
    private func people() throws -> [String] {
        try psqlOK(
            """
            DO $$ BEGIN FOR i IN 1..50 LOOP
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'load' || i) THEN
                    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', 'load' || i, 'load' || i || '-pw');
                END IF;
            END LOOP; END $$;
            """)
        try psqlOK(
            """
            DO $$ BEGIN FOR i IN 1..50 LOOP
                EXECUTE format('GRANT expenses_traveller TO %I', 'load' || i);
                IF i <= 5 THEN EXECUTE format('GRANT expenses_approver TO %I', 'load' || i); END IF;
            END LOOP; END $$;
            """, in: database)
        let people = (1...50).map { "load\($0)" }
        for (index, person) in people.enumerated() {
            let created = try ok(as: person, "report", "new", "\(person)'s trip <b>&</b>", "--from", "2026-03-02", "--to", "2026-03-06")
            let report = try XCTUnwrap(created.split(separator: " ").dropFirst(2).first?.split(separator: ":").first, created)
            for day in 3...4 {
                try ok(
                    as: person, "expense", "add", "--report", "\(report)", "--date", "2026-03-0\(day)", "--amount", "1\(day).50",
                    "--category", "taxi", "--merchant", "Taxi \(day)")
            }
            if (6...15).contains(index + 1) { try ok(as: person, "report", "submit", "\(report)") }
        }
        return people
    }

    func testFiftySessionsForThirtySecondsOnLoopbackAllAnswered() throws {
        let people = try people()
        let url = try serve()
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        let photo = ReceiptSamples.path("kiosk-munich-de.jpg")
        let (result, status) = try load(
            url, people: people, sessions: 50, seconds: 30, ["--upload", photo, "--upload-interval", "60"])
        print("web load, 50 sessions × 30 s: \(result)")
        XCTAssertEqual(status, 0, "\(result["failures"] ?? "")")
        XCTAssertEqual(result["errors"] as? Int, 0, "\(result["failures"] ?? "")")
        XCTAssertEqual(result["sessions_finished"] as? Int, 50)
        // Every session was answered, each of its three pages at least once.
        XCTAssertGreaterThanOrEqual(result["fewest_requests_of_a_session"] as? Int ?? 0, 3, "\(result)")
        XCTAssertGreaterThan(result["requests"] as? Int ?? 0, 150)
        XCTAssertGreaterThan(result["uploads"] as? Int ?? 0, 0, "\(result)")
        print(
            "web load: pages' p99 \(result["p99_ms"] ?? "?") ms at \(result["requests_per_second"] ?? "?") requests/s;"
                + " uploads \(result["uploads"] ?? "?"), their p50 \(result["upload_p50_ms"] ?? "?") ms")
    }
}
