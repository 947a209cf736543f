import ExpenseTestSupport
import Foundation
import XCTest

/// The working directory is a session's, not the process's: two apps run in this process at the
/// same time, each in its own directory and naming every file relative to it, and each reads and
/// writes only there. (`InProcessApp` runs without a lock or `chdir`: the app makes every path it
/// is given absolute against the session's directory where it reads it.)
final class SideBySideRunTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "each app names its database by a relative --db, a file in its own directory")
    }

    /// The rules both statements are read with: the columns of `statement(for:)`, in euros.
    private static let rules = """
        date-format %Y-%m-%d
        date = Date
        amount = Amount
        currency = Currency
        merchant = Description
        external-id = Reference
        default category taxi
        default paid-by company

        """

    /// A statement of `round` whose every merchant names `owner`, so that a row read from the
    /// other directory shows in what this one exported.
    private static func statement(for owner: String, round: Int) -> String {
        "Date,Description,Amount,Currency,Reference\n"
            + (1...20).map { "2026-03-0\(2 + $0 % 4),TAXI \(owner) \($0),\($0).50,EUR,\(owner)-\(round)-\($0)" }
            .joined(separator: "\n") + "\n"
    }

    /// One app's runs, all with relative paths: a report in `data.sqlite`, the statement imported
    /// into it with its rules, skipped rows written to a relative rejects file, then exported to a
    /// relative file; each `rounds` times. The failures, as text.
    private static func work(_ app: InProcessApp, owner: String, rounds: Int) -> [String] {
        var failures: [String] = []
        func ok(_ arguments: String...) {
            do {
                let result = try app.run(["--db", "data.sqlite"] + arguments)
                if result.status != 0 { failures.append("\(owner): \(arguments.joined(separator: " ")): \(result.stderr)") }
            } catch {
                failures.append("\(owner): \(arguments.joined(separator: " ")): \(error)")
            }
        }
        for round in 1...rounds {
            ok("report", "new", "Trip \(owner) \(round)", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
            ok(
                "import", "statement-\(round).csv", "--rules", "card.rules", "--report", "\(round)", "--skip-invalid", "--rejects",
                "rejects-\(round).csv")
            ok("report", "export", "\(round)", "--format", "csv", "--output", "out-\(round).csv")
        }
        return failures
    }

    func testTwoAppsAtOnceEachReadAndWriteOnlyInTheirOwnDirectory() throws {
        let here = FileManager.default.currentDirectoryPath
        let strays = ["data.sqlite", "statement-1.csv", "card.rules", "out-1.csv", "rejects-1.csv"]
        let straysBefore = strays.filter { FileManager.default.fileExists(atPath: here + "/" + $0) }
        let apps = [("ANNA", try InProcessApp()), ("BORIS", try InProcessApp())]
        let rounds = 6
        for (owner, app) in apps {
            for round in 1...rounds {
                try Self.statement(for: owner, round: round).write(
                    toFile: app.path("statement-\(round).csv"), atomically: true, encoding: .utf8)
            }
            try Self.rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        }
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        nonisolated(unsafe) var failures: [[String]] = [[], []]
        for (index, (owner, app)) in apps.enumerated() {
            nonisolated(unsafe) let app = app
            group.enter()
            Thread {
                start.wait()
                failures[index] = Self.work(app, owner: owner, rounds: rounds)
                group.leave()
            }.start()
        }
        start.signal()
        start.signal()
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success, "the two apps did not finish")
        XCTAssertEqual(failures.flatMap { $0 }, [])
        for (owner, app) in apps {
            let other = apps.map(\.0).first { $0 != owner }!
            for round in 1...rounds {
                let exported = (try? String(contentsOfFile: app.path("out-\(round).csv"), encoding: .utf8)) ?? ""
                XCTAssertTrue(exported.contains("TAXI \(owner) 20"), "\(owner)'s export \(round) lacks its statement: \(exported)")
                XCTAssertFalse(exported.contains(other), "\(owner)'s export \(round) holds \(other)'s rows: \(exported)")
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("data.sqlite")), "\(owner)'s database is not in its directory")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: app.path("expenses.sqlite")),
                "\(owner)'s default database (EXPENSES_DB) was made: --db data.sqlite went elsewhere")
        }
        XCTAssertEqual(
            strays.filter { FileManager.default.fileExists(atPath: here + "/" + $0) }, straysBefore,
            "a run read or wrote a relative path in the process's working directory")
    }
}

/// A path named relative to the session's directory is opened there, and messages name it as
/// it was written, not as the absolute path the app made of it.
final class RelativePathMessageTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "--db names a file relative to the session's directory")
    }

    func testAFileNamedRelativelyIsNamedSoInMessages() throws {
        let app = try InProcessApp()
        try app.ok("--db", "trips.sqlite", "report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-03")
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("trips.sqlite")))
        XCTAssertEqual(try app.ok("--db", "trips.sqlite", "config", "get", "database"), "trips.sqlite\n")
        XCTAssertEqual(
            try app.ok("--db", "trips.sqlite", "report", "export", "1", "--format", "csv", "--output", "out.csv"),
            "Exported report 1 to out.csv\n")
        let again = try app.run("--db", "trips.sqlite", "report", "export", "1", "--format", "csv", "--output", "out.csv")
        XCTAssertNotEqual(again.status, 0)
        XCTAssertTrue(again.stderr.hasPrefix("expenses: error: out.csv exists\n"), again.stderr)
        let missing = try app.run("--db", "trips.sqlite", "import", "nowhere.csv")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "expenses: error: cannot read the statement nowhere.csv: no such file\n")
        let script = try app.run("--db", "trips.sqlite", "run", "nowhere.expenses")
        XCTAssertEqual(script.status, 66)
        XCTAssertEqual(script.stderr, "expenses: error: cannot read the script nowhere.expenses: no such file or not readable\n")
    }
}
