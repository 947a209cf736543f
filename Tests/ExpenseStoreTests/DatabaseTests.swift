import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

final class DatabaseTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "SQLite's own connection, statements and settings") }

    private struct Stop: Error {}

    // MARK: - Opening

    func testOpensWithWALNormalSyncForeignKeysAndABusyTimeout() throws {
        let db = try openDatabase()
        XCTAssertEqual(try db.queryFirst("PRAGMA journal_mode") { $0.string(0) }, "wal")
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), 1)
        XCTAssertEqual(try db.scalar("PRAGMA synchronous"), 1)  // NORMAL
        XCTAssertEqual(try db.scalar("PRAGMA busy_timeout"), 10_000)
        XCTAssertEqual(try SQLiteDatabase(path: path("other.sqlite"), busyTimeout: 250).scalar("PRAGMA busy_timeout"), 250)
        XCTAssertEqual(db.path, path())
        XCTAssertFalse(db.isInsideTransaction)
    }

    func testCreatesTheFileAndWALPersistsInIt() throws {
        XCTAssertFalse(FileManager.default.fileExists(atPath: path()))
        do {
            let db = try openDatabase()
            try db.execute("CREATE TABLE t (x)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path()))
        // journal_mode=WAL is stored in the file: a plain sqlite3 open sees it too.
        let header = try XCTUnwrap(FileManager.default.contents(atPath: path()))
        XCTAssertEqual(Array(header.prefix(16)), Array("SQLite format 3\0".utf8))
        XCTAssertEqual(header[18], 2, "file format write version 2 means WAL")
    }

    private func mode(_ name: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path(name))[.posixPermissions] as? Int
    }

    func testANewDatabaseAndItsWALAreReadableByTheOwnerOnly() throws {
        let saved = umask(0o022)
        defer { umask(saved) }
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES (1)")
        // Open, in WAL mode: the log and the shared memory take the database file's mode.
        XCTAssertEqual(try mode("test.sqlite"), 0o600)
        XCTAssertEqual(try mode("test.sqlite-wal"), 0o600)
        XCTAssertEqual(try mode("test.sqlite-shm"), 0o600)
    }

    func testAnExistingDatabaseKeepsItsMode() throws {
        do { _ = try openDatabase() }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path())
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x)")
        XCTAssertEqual(try mode("test.sqlite"), 0o640)
    }

    func testASymlinkAtANewDatabaseNameIsLeftToSQLite() throws {
        // Not created through by the 0600 creation (O_NOFOLLOW): SQLite opens it as it always did.
        try FileManager.default.createSymbolicLink(atPath: path("link.sqlite"), withDestinationPath: path("target.sqlite"))
        _ = try SQLiteDatabase(path: path("link.sqlite"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.sqlite")), path("target.sqlite"))
    }

    func testAnInMemoryDatabaseWorks() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (41); UPDATE t SET x = x + 1;")
        XCTAssertEqual(try db.scalar("SELECT x FROM t"), 42)
    }

    func testATextFileIsNotADatabase() throws {
        let text = String(repeating: "Hotel Astoria, 412.80 EUR, 2026-03-02\n", count: 100)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path("notes.txt")))
        let error = assertDatabaseError(try SQLiteDatabase(path: path("notes.txt")), resultCode: SQLITE_NOTADB)
        XCTAssertEqual(error?.kind, .notADatabase)
        // The probe runs before the pragmas: the file was not touched.
        XCTAssertEqual(try String(contentsOfFile: path("notes.txt"), encoding: .utf8), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("notes.txt-wal")))
    }

    func testAShortTextFileIsNotADatabaseEither() throws {
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path("short.txt")))
        assertDatabaseError(try SQLiteDatabase(path: path("short.txt")), resultCode: SQLITE_NOTADB)
    }

    func testAMissingDirectoryCannotBeOpened() throws {
        assertDatabaseError(try SQLiteDatabase(path: path("no/such/dir/db.sqlite")), resultCode: SQLITE_CANTOPEN)
    }

    // MARK: - Values

    func testEveryStorageClassRoundTrips() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, value)")  // no affinity: values stay as bound
        let values: [DatabaseValue] = [
            .null, .integer(0), .integer(.max), .integer(.min), .integer(-42), .real(3.25), .real(-0.1),
            .text(""), .text("Zürich – 東京 🚕 Straße"), .text("it's \"quoted\""),
            .blob([0, 1, 2, 254, 255, 0]), .blob(Array(repeating: 0xAB, count: 100_000)),
        ]
        for (index, value) in values.enumerated() {
            try db.execute("INSERT INTO v (id, value) VALUES (?, ?)", [DatabaseValue(index), value])
        }
        let read = try db.query("SELECT value, typeof(value) FROM v ORDER BY id") { row -> DatabaseValue in
            switch row.string(1) {
            case "null": return .null
            case "integer": return .integer(row.int64(0))
            case "real": return .real(row.double(0))
            case "text": return .text(row.string(0))
            case "blob": return .blob(row.blob(0))
            default: return .text("unexpected type \(row.string(1))")
            }
        }
        XCTAssertEqual(read, values)
    }

    func testTextWithANULIsRefusedNotCut() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE v (value TEXT)")
        let error = assertDatabaseError(try db.execute("INSERT INTO v (value) VALUES (?)", [.text("a\u{0}b")]), resultCode: SQLITE_MISMATCH)
        XCTAssertEqual(error?.kind, .invalidValue)
        XCTAssertEqual(try db.query("SELECT count(*) FROM v") { $0.int64(0) }, [0])
    }

    func testAnEmptyBlobStaysABlob() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE v (value)")
        try db.execute("INSERT INTO v VALUES (?)", [.blob([])])
        XCTAssertEqual(
            try db.queryFirst("SELECT typeof(value), length(value) FROM v") { "\($0.string(0)) \($0.int(1))" },
            "blob 0")
    }

    func testRowAccessorsForNullAndOptionals() throws {
        let db = try openDatabase()
        let row = try XCTUnwrap(
            db.queryFirst("SELECT NULL, 7, 'x', 2.5") { row in
                (
                    row.columnCount, row.isNull(0), row.isNull(1), row.optionalInt64(0), row.optionalInt64(1),
                    row.optionalString(0), row.optionalString(2), row.int(1), row.double(3), row.string(0), row.blob(0)
                )
            })
        XCTAssertEqual(row.0, 4)
        XCTAssertTrue(row.1)
        XCTAssertFalse(row.2)
        XCTAssertNil(row.3)
        XCTAssertEqual(row.4, 7)
        XCTAssertNil(row.5)
        XCTAssertEqual(row.6, "x")
        XCTAssertEqual(row.7, 7)
        XCTAssertEqual(row.8, 2.5)
        XCTAssertEqual(row.9, "")
        XCTAssertEqual(row.10, [])
    }

    func testRowsReadByColumnNameOrAlias() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, note TEXT, price REAL, data BLOB)")
        try db.execute("INSERT INTO t (name, note, price, data) VALUES ('a', NULL, 2.5, x'0102')")
        let sql = "SELECT data, price, note, name, id, (SELECT count(*) FROM t) AS total FROM t"
        for _ in 0..<2 {  // the second run reuses the cached statement and its column names
            let row = try XCTUnwrap(
                db.queryFirst(sql) { row in
                    (
                        row.int64("id"), row.string("name"), row.optionalString("note"), row.isNull("note"), row.double("price"),
                        row.blob("data"), row.int("total"), row.optionalInt64("id"), row.index("name")
                    )
                })
            XCTAssertEqual(row.0, 1)
            XCTAssertEqual(row.1, "a")
            XCTAssertNil(row.2)
            XCTAssertTrue(row.3)
            XCTAssertEqual(row.4, 2.5)
            XCTAssertEqual(row.5, [1, 2])
            XCTAssertEqual(row.6, 1)
            XCTAssertEqual(row.7, 1)
            XCTAssertEqual(row.8, 3)
        }
    }

    func testDatabaseValueConveniences() {
        XCTAssertEqual(DatabaseValue(nil as String?), .null)
        XCTAssertEqual(DatabaseValue("x" as String?), .text("x"))
        XCTAssertEqual(DatabaseValue(nil as Int64?), .null)
        XCTAssertEqual(DatabaseValue(5 as Int64?), .integer(5))
        XCTAssertEqual(DatabaseValue(5), .integer(5))
        let literals: [DatabaseValue] = ["text", 12, nil]
        XCTAssertEqual(literals, [.text("text"), .integer(12), .null])
    }

    func testBindingIsPositionalAndNeverInterpolated() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (a TEXT, b INTEGER)")
        let hostile = "x'); DROP TABLE t; --"
        try db.execute("INSERT INTO t (a, b) VALUES (?, ?)", [.text(hostile), .integer(2)])
        XCTAssertEqual(try db.query("SELECT a, b FROM t") { "\($0.string(0))|\($0.int(1))" }, ["\(hostile)|2"])
    }

    // MARK: - Queries

    func testQueryScalarAndQueryFirst() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x INTEGER)")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), 0)
        XCTAssertEqual(try db.scalar("SELECT max(x) FROM t"), 0)  // NULL reads as 0
        XCTAssertNil(try db.queryFirst("SELECT x FROM t") { $0.int(0) })
        for value in [5, 3, 9] { try db.execute("INSERT INTO t VALUES (?)", [DatabaseValue(value)]) }
        XCTAssertEqual(db.lastInsertedRowID, 3)
        XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY x") { $0.int(0) }, [3, 5, 9])
        XCTAssertEqual(try db.queryFirst("SELECT x FROM t ORDER BY x DESC") { $0.int(0) }, 9)
        XCTAssertEqual(try db.scalar("SELECT sum(x) FROM t WHERE x > ?", [4]), 14)
        try db.execute("UPDATE t SET x = x + 1 WHERE x < ?", [6])
        XCTAssertEqual(db.changes, 2)
        var streamed: [Int] = []
        try db.forEachRow("SELECT x FROM t ORDER BY x") { streamed.append($0.int(0)) }
        XCTAssertEqual(streamed, [4, 6, 9])
    }

    func testQueryFirstLeavesTheStatementReusable() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);")
        for _ in 0..<3 {
            XCTAssertEqual(try db.queryFirst("SELECT x FROM t ORDER BY x") { $0.int(0) }, 1)
        }
        // Nothing stays pending: a schema change is possible right after.
        try db.execute("DROP TABLE t")
    }

    func testAMapThatThrowsLeavesNoStatementPending() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);")
        var thrown: Error?
        do {
            _ = try db.query("SELECT x FROM t", [], Self.failingMap)
        } catch {
            thrown = error
        }
        XCTAssertTrue(thrown is Stop, "\(String(describing: thrown))")
        // Left mid-step, the SELECT would hold the table: DROP fails with SQLITE_LOCKED.
        let dropError = Self.error { () throws(DatabaseError) in try db.execute("DROP TABLE t" as SQL) }
        XCTAssertNil(dropError, "the statement was not reset after the map threw")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 't'"), 0)
    }

    private static func failingMap(_ row: Row) throws -> Int { throw Stop() }

    private static func error(_ body: () throws(DatabaseError) -> Void) -> DatabaseError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Errors and the statement cache

    func testASyntaxErrorCarriesCodeMessageAndSQL() throws {
        let db = try openDatabase()
        let error = assertDatabaseError(try db.execute("SELEC 1"), resultCode: SQLITE_ERROR)
        XCTAssertEqual(error?.sql, "SELEC 1")
        XCTAssertTrue(error?.message.contains("syntax error") ?? false, error?.message ?? "")
        XCTAssertTrue(error?.description.contains("`SELEC 1`") ?? false)
        XCTAssertEqual(error?.kind, .other)
        XCTAssertEqual(try db.scalar("SELECT 1"), 1)
    }

    func testAConstraintErrorHasTheExtendedCodeButNotTheBoundValues() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x TEXT NOT NULL CHECK (length(x) < 5))")
        let error = assertDatabaseError(
            try db.execute("INSERT INTO t VALUES (?)", [.text("secret-card-number")]),
            resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(error?.extendedResultCode, SQLITE_CONSTRAINT_CHECK)
        XCTAssertFalse(error?.description.contains("secret-card-number") ?? true)
        XCTAssertFalse(error?.message.contains("secret-card-number") ?? true)
    }

    func testTheCacheReusesAPreparedStatement() throws {
        let db = try openDatabase()
        let first = try db.cachedStatement("SELECT 1")
        XCTAssertTrue(first === (try db.cachedStatement("SELECT 1")))
        XCTAssertFalse(first === (try db.cachedStatement("SELECT 2")))
    }

    func testAFailingStatementIsEvictedAndAGoodOneStillWorks() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL UNIQUE)")
        let sql = "INSERT INTO t VALUES (?)"
        try db.execute(sql, [1])
        let cached = try db.cachedStatement(sql)
        assertDatabaseError(try db.execute(sql, [1]), resultCode: SQLITE_CONSTRAINT)
        let fresh = try db.cachedStatement(sql)
        XCTAssertFalse(cached === fresh, "the statement that failed is still cached")
        // The same SQL with good values, and other SQL, still run.
        try db.execute(sql, [2])
        XCTAssertTrue(fresh === (try db.cachedStatement(sql)))
        XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY x") { $0.int(0) }, [1, 2])
    }

    func testAStatementBrokenByASchemaChangeIsRepairedOrEvicted() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE t (x INTEGER)")
        try db.execute("INSERT INTO t VALUES (?)", [1])
        XCTAssertEqual(try db.query("SELECT * FROM t") { $0.columnCount }, [1])
        try db.execute("DROP TABLE t")
        assertDatabaseError(try db.query("SELECT * FROM t") { $0.columnCount }, resultCode: SQLITE_ERROR)
        try db.execute("CREATE TABLE t (x INTEGER, y INTEGER)")
        try db.execute("INSERT INTO t VALUES (?, ?)", [1, 2])
        XCTAssertEqual(try db.query("SELECT * FROM t") { $0.columnCount }, [2])
    }

    func testInterruptCancelsTheRunningStatement() throws {
        let db = try openDatabase()
        var rows = 0
        let error = assertDatabaseError(
            try db.forEachRow("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 100000) SELECT i FROM n") { _ in
                rows += 1
                if rows == 1000 { db.interrupt() }
            }, resultCode: SQLITE_INTERRUPT)
        XCTAssertEqual(error?.kind, .interrupted)
        XCTAssertEqual(rows, 1000)
        XCTAssertEqual(try db.scalar("SELECT 2"), 2)  // the connection goes on
    }
}
