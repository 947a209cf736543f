import ExpenseTestSupport
import Foundation
import XCTest

/// Writing an output runs out of room: `report export -o` and `import --rejects` fail with an I/O
/// error (74) and one line that names the file and says why, leave neither the file nor a
/// temporary behind (an existing file they were to replace stays as it was), and the import
/// writes nothing to the database.
///
/// Out of room is the file-size limit (`ExpensesProcess.run(fileSizeLimit:)`): a write past
/// `limit` bytes fails with EFBIG, through the same code as ENOSPC on a full disk. A size limit
/// needs no mount, so the tests run unprivileged in a container too. The limit lies between what
/// the commands write to the database's files and their outputs; each test checks both sides, so
/// a database or an output that changes size fails the test here instead of making it pass for a
/// different reason.
final class DiskFullTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "a full disk under a file's database and its journal") }

    var app: ExpensesProcess!

    /// The largest a file may grow: above the database (1.52 MB with `manyItems`, 0.3 MB without,
    /// the BMF's per-diem table of 2024 to 2026 in it), below the outputs (a 1.8 MB CSV, a 5.7 MB
    /// HTML report, a rejects file over 2 MB).
    static let limit = 1_700_000

    private static let rules = """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.walldorfTrip()
        try Self.rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
    }

    override func tearDown() { app = nil }

    /// 500 items whose merchants are 1,800 double quotes: CSV doubles each, HTML writes `&quot;`,
    /// while the database keeps each once (two rows to a page).
    private func manyItems() throws {
        var statement = "Date,Merchant,Amount\n"
        for index in 1...500 {
            statement += "2026-03-04,\"" + String(repeating: "\"\"", count: 1_800) + " \(index)\",\(index % 90 + 1).25\n"
        }
        try statement.write(toFile: app.path("many.csv"), atomically: true, encoding: .utf8)
        try app.ok("import", app.path("many.csv"), "--rules", app.path("card.rules"), "--report", "1")
    }

    /// The test's folder, without the database's own files: what a failed write must leave as it was.
    private func listing() throws -> [String] {
        let database = URL(fileURLWithPath: app.databasePath).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter { !$0.hasPrefix(database) }.sorted()
    }

    private func size(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }

    func testAnExportThatRunsOutOfRoomLeavesNoFileAndNoTemporary() throws {
        try manyItems()
        XCTAssertLessThan(size(app.databasePath), Self.limit, "the database must fit under the limit, or SQLite is what fails")
        let existing = app.path("existing.csv")
        try "the old export\n".write(toFile: existing, atomically: false, encoding: .utf8)
        // A new file in each format, and one that exists and is to be replaced.
        for (format, target, force) in [
            ("html", app.path("report.html"), false), ("csv", app.path("report.csv"), false),
            ("csv", existing, true),
        ] {
            let before = try listing()
            let result = try app.run(
                fileSizeLimit: Self.limit,
                ["report", "export", "1", "--format", format, "-o", target] + (force ? ["--force"] : []))
            XCTAssertEqual(result.status, 74, "\(format) -o \(target) (an export under the limit succeeds): \(result.stderr)")
            XCTAssertEqual(result.stderr, "expenses: error: cannot write \(target): file too large\n")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(try listing(), before, "\(format) -o \(target): no file and no temporary is left")
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "the old export\n")
        // With room, the same export goes through: the limit was what failed it.
        XCTAssertEqual(
            try app.ok("report", "export", "1", "--format", "csv", "-o", app.path("report.csv")),
            "Exported report 1 to \(app.path("report.csv"))\n")
        XCTAssertGreaterThan(size(app.path("report.csv")), Self.limit)
    }

    func testAnImportWhoseRejectsRunOutOfRoomWritesNothing() throws {
        // Valid rows around two invalid ones of a megabyte each: the rejects file fails half way
        // through, after the rows before it are inserted in the import's transaction.
        let invalid = (1...2).map { "2026-03-32," + String(repeating: "x", count: 1_000_000) + " \($0),1.00\n" }
        let statement =
            "Date,Merchant,Amount\n2026-03-03,Cafe,4.50\n" + invalid[0] + "2026-03-04,Kiosk,2.20\n" + invalid[1]
            + "2026-03-05,Bakery,3.10\n"
        let csv = app.path("march.csv")
        let rules = app.path("card.rules")
        try statement.write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertGreaterThan(invalid.joined().utf8.count, Self.limit, "the rejects file must be larger than the limit")
        // The import's rollback journal holds at most the pages it changes: a database under a
        // third of the limit leaves room for both (it grows with each migration's tables).
        XCTAssertLessThan(size(app.databasePath), Self.limit / 3, "the database and its log must fit under the limit")
        let database = try app.query(".dump")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "3")
        let existing = app.path("existing.csv")
        try "the old rejects\n".write(toFile: existing, atomically: false, encoding: .utf8)
        for (target, force) in [(app.path("rejects.csv"), false), (existing, true)] {
            let before = try listing()
            let result = try app.run(
                fileSizeLimit: Self.limit,
                ["import", csv, "--rules", rules, "--skip-invalid", "--rejects", target]
                    + (force ? ["--force"] : []))
            XCTAssertEqual(result.status, 74, "--rejects \(target): \(result.stderr)")
            XCTAssertEqual(
                result.stderr,
                "\(csv):3: date: '2026-03-32' is not a day of the calendar\n"
                    + "\(csv):5: date: '2026-03-32' is not a day of the calendar\n"
                    + "expenses: error: cannot write the rejects file \(target): file too large\n")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(try listing(), before, "--rejects \(target): no file and no temporary is left")
            XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "3", "no row was imported")
            XCTAssertEqual(try app.query("SELECT count(*) FROM import_batches"), "0")
            XCTAssertEqual(try app.query(".dump"), database, "nothing was written to the database")
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "the old rejects\n")
        // With room, the same import goes through: the limit was what failed it.
        let imported = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", app.path("rejects.csv"))
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "6")
        XCTAssertGreaterThan(size(app.path("rejects.csv")), Self.limit)
    }
}
