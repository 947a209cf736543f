import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// A test case with its own empty directory, removed afterwards, so that every test gets a fresh
/// database file.
class TemporaryDatabaseTestCase: EngineTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("expense-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        try super.tearDownWithError()
    }

    /// A path in the test's directory.
    func path(_ name: String = "test.sqlite") -> String {
        directory.appendingPathComponent(name).path
    }

    /// A new connection to a fresh (or the named) database file.
    func openDatabase(_ name: String = "test.sqlite", busyTimeout: Int32 = 10_000) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path(name), busyTimeout: busyTimeout)
    }

    /// A fresh database migrated up to and including the migration `last`, as an older expenses left it.
    func database(migratedUpTo last: String) throws -> SQLiteDatabase {
        var older = Migrator()
        for migration in Schema.migrator.migrations {
            older.register(migration.id, migration.apply)
            if migration.id == last { break }
        }
        let db = try openDatabase()
        try older.migrate(db, now: "2026-03-01T08:00:00Z")
        return db
    }
}

/// Asserts that `body` throws a `DatabaseError` with the primary result code `code` (or, from
/// PostgreSQL, of the same kind).
@discardableResult
func assertDatabaseError<T>(
    _ body: @autoclosure () throws -> T, resultCode code: Int32, file: StaticString = #filePath, line: UInt = #line
) -> DatabaseError? {
    do {
        let value = try body()
        XCTFail("expected SQLite error \(code), got \(value)", file: file, line: line)
        return nil
    } catch let error as DatabaseError where error.resultCode == nil {
        // Another engine's error (a suite run on a team database): of the kind SQLite's code is,
        // a constraint including a trigger's refusal, as SQLite's primary code includes it.
        let expected = DatabaseError(extendedResultCode: code, message: "").kind
        XCTAssertTrue(
            error.kind == expected || (expected == .constraint && error.kind == .rule),
            "expected a failure of SQLite's kind \(code) (\(expected)), got \(error)", file: file, line: line)
        return error
    } catch let error as DatabaseError {
        XCTAssertEqual(error.resultCode, code, error.description, file: file, line: line)
        return error
    } catch {
        XCTFail("expected a DatabaseError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
}

/// SQLite's extended result codes that the tests check; Swift does not import them (they are
/// macros over expressions).
// swift-format-ignore: AlwaysUseLowerCamelCase
let SQLITE_CONSTRAINT_CHECK = SQLITE_CONSTRAINT | (1 << 8)
// swift-format-ignore: AlwaysUseLowerCamelCase
let SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT | (3 << 8)
