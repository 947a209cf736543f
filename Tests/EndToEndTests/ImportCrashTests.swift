import ExpenseTestSupport
import Foundation
import XCTest

/// An import killed with SIGKILL — while reading, while writing, while committing, after — leaves
/// an intact database holding the whole batch or none of it, and importing again ends with
/// exactly the expected rows.
final class ImportCrashTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "SIGKILL mid-import: what a file's journal leaves") }

    private static let rows = 50_000
    private static let rules = """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """

    /// A statement of `count` distinct rows in date order, with a few identical pairs.
    private static func statement(_ count: Int, merchantPrefix: String) -> String {
        var text = "Date,Merchant,Amount\n"
        text.reserveCapacity(count * 32)
        for index in 0..<count {
            let day = index / 500
            let month = 1 + day / 28
            let dayOfMonth = 1 + day % 28
            let copy = index % 1000 == 999 ? index - 1 : index  // every 1000th row repeats its neighbour
            text +=
                "2025-\(month < 10 ? "0" : "")\(month)-\(dayOfMonth < 10 ? "0" : "")\(dayOfMonth),"
                + "\(merchantPrefix) \(copy % 997),\(1 + copy % 500).\(copy % 90 + 10)\n"
        }
        return text
    }

    func testAKilledImportLeavesTheWholeBatchOrNone() throws {
        let app = try ExpensesProcess()
        let rules = app.path("card.rules")
        let small = app.path("small.csv")
        let large = app.path("large.csv")
        try Self.rules.write(toFile: rules, atomically: true, encoding: .utf8)
        try Self.statement(20, merchantPrefix: "Earlier").write(toFile: small, atomically: true, encoding: .utf8)
        try Self.statement(Self.rows, merchantPrefix: "Shop").write(toFile: large, atomically: true, encoding: .utf8)
        try app.ok("report", "new", "Year", "--currency", "EUR")
        try app.ok("import", small, "--rules", rules, "--report", "1")
        let baseline = app.path("baseline.sqlite")
        try FileManager.default.copyItem(atPath: app.databasePath, toPath: baseline)
        let triggers = try app.query("SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name)")

        func restore() throws {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: app.databasePath + suffix) }
            try FileManager.default.copyItem(atPath: baseline, toPath: app.databasePath)
        }
        func importLarge() throws -> Process {
            let process = Process()
            process.executableURL = ExpensesProcess.binary
            process.arguments = ["import", large, "--rules", rules, "--report", "1"]
            process.environment = app.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        /// Checks the database and returns how many rows of the large batch it holds.
        func check(_ when: String) throws -> Int {
            XCTAssertEqual(try app.query("PRAGMA integrity_check"), "ok", when)
            XCTAssertEqual(
                try app.query("SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name)"),
                triggers, "\(when): the triggers an import sets aside are back")
            XCTAssertEqual(
                try app.query(
                    """
                    SELECT item_count = (SELECT count(*) FROM expenses WHERE report_id = 1)
                       AND total_minor = (SELECT coalesce(sum(converted_minor), 0) FROM expenses WHERE report_id = 1) FROM reports
                    """), "1", "\(when): the report's totals match its items")
            XCTAssertEqual(
                try app.query("SELECT count(*) FROM expenses WHERE import_batch_id = 1"), "20", "\(when): the earlier batch is intact")
            let added = Int(try app.query("SELECT count(*) FROM expenses WHERE import_batch_id > 1")) ?? -1
            XCTAssertTrue(added == 0 || added == Self.rows, "\(when): \(added) rows: the whole batch or none")
            // Every batch that exists is complete: it accounts for every row of its file, and its
            // new rows are all there.
            XCTAssertEqual(
                try app.query(
                    """
                    SELECT count(*) FROM import_batches AS b
                    WHERE rows_new <> (SELECT count(*) FROM expenses WHERE import_batch_id = b.id)
                       OR (id > 1 AND rows_new + rows_duplicate <> \(Self.rows))
                    """), "0", "\(when): batches match their rows")
            XCTAssertEqual(try app.query("SELECT count(*) FROM import_batches WHERE rows_new > 0 AND id > 1"), added == 0 ? "0" : "1", when)
            return added
        }

        // One undisturbed run times the import, to spread the kills over it (nothing is asserted
        // about the time itself).
        try restore()
        let stopwatch = Date()
        let probe = try importLarge()
        probe.waitUntilExit()
        XCTAssertEqual(probe.terminationStatus, 0)
        let duration = Date().timeIntervalSince(stopwatch)
        XCTAssertEqual(try check("after a full run"), Self.rows)

        var outcomes: [Int] = []
        for fraction in [0.03, 0.15, 0.35, 0.55, 0.75, 0.9, 0.97, 1.02, 1.1, 1.4] {
            try restore()
            let process = try importLarge()
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let when = "killed at \(Int(fraction * 100))% (\(process.terminationReason == .uncaughtSignal ? "killed" : "had finished"))"
            outcomes.append(try check(when))
            // Importing again completes the batch, or finds every row already there.
            XCTAssertEqual(try app.run("import", large, "--rules", rules, "--report", "1").status, 0, when)
            XCTAssertEqual(try check("\(when), then imported again"), Self.rows)
            XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), String(Self.rows + 20), when)
        }
        XCTAssertTrue(outcomes.contains(0), "an early kill left nothing: \(outcomes)")
    }
}
