import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 47's bounded load test: `expenses serve` (the built binary) on a throwaway team
/// database, 50 sessions at once for 30 seconds on loopback (Tests/Drivers/web_load.py), each
/// logged in as its person with their own connection, reading the reports list, a report and
/// the approvals over and over. No request may fail and every session must be answered; the
/// latencies are printed, not asserted (the machine is shared).
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

    /// The driver's JSON and its exit status.
    private func load(_ url: String, sessions: Int, seconds: Int, _ extra: [String] = []) throws -> ([String: Any], Int32) {
        let result = try Tool.run(
            [
                "/usr/bin/python3", Self.driver, "--url", url, "--user", "alice:alice-pw", "--user", "bob:bob-pw",
                "--sessions", "\(sessions)", "--seconds", "\(seconds)",
            ] + extra)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "web_load.py said: \(result.stdout)")
        return (json, result.status)
    }

    /// alice's trip with items, one of them submitted to bob: every page has something to read.
    private func trips() throws {
        for trip in 1...3 {
            try ok(as: "alice", "report", "new", "Trip \(trip) <b>&</b>", "--from", "2026-03-02", "--to", "2026-03-06")
            for day in 3...5 {
                try ok(
                    as: "alice", "expense", "add", "--report", "\(trip)", "--date", "2026-03-0\(day)", "--amount", "1\(day).50",
                    "--category", "taxi", "--merchant", "Taxi \(day)")
            }
        }
        try ok(as: "alice", "report", "submit", "1")
        try ok(as: "bob", "report", "new", "Bob's trip", "--from", "2026-03-02", "--to", "2026-03-06")
    }

    func testFiftySessionsForThirtySecondsOnLoopbackAllAnswered() throws {
        try trips()
        let url = try serve()
        let (result, status) = try load(url, sessions: 50, seconds: 30)
        print("web load, 50 sessions × 30 s: \(result)")
        XCTAssertEqual(status, 0, "\(result["failures"] ?? "")")
        XCTAssertEqual(result["errors"] as? Int, 0, "\(result["failures"] ?? "")")
        XCTAssertEqual(result["sessions_finished"] as? Int, 50)
        // Every session was answered, each of its three pages at least once.
        XCTAssertGreaterThanOrEqual(result["fewest_requests_of_a_session"] as? Int ?? 0, 3, "\(result)")
        XCTAssertGreaterThan(result["requests"] as? Int ?? 0, 150)
        print("web load p99: \(result["p99_ms"] ?? "?") ms at \(result["requests_per_second"] ?? "?") requests/s")
    }
}
