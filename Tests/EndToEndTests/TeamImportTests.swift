import Foundation
import XCTest

/// Statement imports into a team database (COPY into a staging table, one set-based insert):
/// the same rows, fingerprints and validation as into a file, duplicates per person, hostile
/// cells kept byte for byte.
final class TeamImportTests: TeamDatabaseTestCase {
    private func fixture(_ name: String) throws -> String {
        let target = app.path(name)
        if !FileManager.default.fileExists(atPath: target) {
            try FileManager.default.copyItem(atPath: ImportTests.fixtures.appendingPathComponent(name).path, toPath: target)
        }
        return target
    }

    private static let columns =
        "date, category, merchant, description, amount_minor, currency, rate, converted_minor, paid_by, "
        + "external_id, import_key, import_line"

    /// The rows as the server has them, in the sqlite3 shell's `a|b|c` form.
    private func serverRows(_ owner: String) throws -> String {
        let result = try cluster.psql("SELECT \(Self.columns) FROM expenses WHERE owner = '\(owner)' ORDER BY id", database: database)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// The same import into a file of its own, for comparison.
    private func fileRows(_ arguments: [String]) throws -> String {
        let local = try ExpensesProcess()
        local.environment["HOME"] = app.directory.path
        XCTAssertEqual(try local.run(["report", "new", "Trip", "--from", "2026-03-01", "--to", "2026-03-31"]).status, 0)
        XCTAssertEqual(try local.run(["rates", "import", try fixture("eurofxref-hist.csv")]).status, 0)
        let result = try local.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try local.query("SELECT \(Self.columns) FROM expenses ORDER BY id")
    }

    func testBothREADMEStatementsImportAsIntoAFileOncePerPerson() throws {
        // The ECB's rates are the team's, loaded by finance; the card statement has a CHF row.
        try ok(as: "fiona", "rates", "import", try fixture("eurofxref-hist.csv"))
        try ok(as: "alice", "report", "new", "Trip", "--from", "2026-03-01", "--to", "2026-03-31")
        for name in ["amex", "bank-de"] {
            let arguments = ["import", try fixture("\(name).csv"), "--rules", try fixture("\(name).rules"), "--report", "1"]
            let first = try app.run(["--db", uri("alice")] + arguments)
            XCTAssertEqual(first.status, 0, first.stderr)
            let again = try app.run(["--db", uri("alice")] + arguments)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stdout.contains(": 0 new, "), "\(name) twice: \(again.stdout)")
        }
        let local = try fileRows(["import", try fixture("amex.csv"), "--rules", try fixture("amex.rules"), "--report", "1"])
        let server = try serverRows("alice")
        XCTAssertTrue(server.hasPrefix(local), "server:\n\(server)\nfile:\n\(local)")
        // Another person's identical statement is theirs, not a duplicate of alice's.
        try ok(as: "bob", "report", "new", "Bob's trip", "--from", "2026-03-01", "--to", "2026-03-31")
        let bob = try run(as: "bob", "import", try fixture("amex.csv"), "--rules", try fixture("amex.rules"), "--report", "2")
        XCTAssertEqual(bob.status, 0, bob.stderr)
        XCTAssertTrue(bob.stdout.contains(": 5 new, 0 duplicate"), bob.stdout)
        let totals = try cluster.psql(
            """
            SELECT count(*) FROM reports r WHERE total_minor <> (SELECT coalesce(sum(converted_minor), 0) FROM expenses e WHERE e.report_id = r.id)
               OR item_count <> (SELECT count(*) FROM expenses e WHERE e.report_id = r.id)
            """, database: database)
        XCTAssertEqual(totals.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        // Undo takes the batch back out, on the server as on a file.
        let undo = try run(as: "alice", "import", "undo", "1")
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertFalse(try serverRows("alice").contains("HOTEL ASTORIA"))
    }

    /// Tabs, backslashes, line breaks and COPY's own `\N` inside cells reach the server as they are.
    func testHostileCellsSurviveCopy() throws {
        try ok(as: "alice", "report", "new", "Trip", "--from", "2026-03-01", "--to", "2026-03-31")
        let merchants = ["Tab\there", "Back\\slash", "Line\nbreak", "\\N", "CR\r\nLF", "e\u{301}mile", "\u{202E}evil"]
        var csv = "Date,Merchant,Amount\n"
        for (day, merchant) in merchants.enumerated() {
            csv += "2026-03-0\(day + 1),\"\(merchant)\",1\(day).00\n"
        }
        try csv.write(toFile: app.path("hostile.csv"), atomically: true, encoding: .utf8)
        try """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """.write(toFile: app.path("hostile.rules"), atomically: true, encoding: .utf8)
        let result = try run(as: "alice", "import", app.path("hostile.csv"), "--rules", app.path("hostile.rules"), "--report", "1")
        XCTAssertEqual(result.status, 0, result.stderr)
        let stored = try cluster.psql(
            "SELECT encode(convert_to(merchant, 'UTF8'), 'base64') FROM expenses ORDER BY import_line",
            database: database)
        let decoded = stored.stdout.split(separator: "\n").map {
            String(
                decoding: Data(base64Encoded: String($0).replacingOccurrences(of: "\n", with: ""), options: .ignoreUnknownCharacters)
                    ?? Data(), as: UTF8.self)
        }
        let local = try fileRows(["import", app.path("hostile.csv"), "--rules", app.path("hostile.rules"), "--report", "1"])
        XCTAssertEqual(decoded.count, merchants.count, stored.stdout + stored.stderr)
        XCTAssertEqual(try serverRows("alice"), local)
    }
}
