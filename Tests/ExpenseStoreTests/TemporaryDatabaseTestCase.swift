import ExpenseCore
@testable import ExpenseStore
import Foundation
import XCTest

/// A test case with its own empty directory, removed afterwards, so that every test gets a fresh
/// database file.
class TemporaryDatabaseTestCase: XCTestCase {
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
    func openDatabase(_ name: String = "test.sqlite", busyTimeout: Int32 = 10_000) throws -> Database {
        try Database(path: path(name), busyTimeout: busyTimeout)
    }
}

/// Asserts that `body` throws an `ExpenseError` of `kind`, optionally with text in its message or hint.
@discardableResult
func assertExpenseError<T>(
    _ body: @autoclosure () throws -> T, kind: ExpenseError.Kind, messageContains: String? = nil,
    hintContains: String? = nil, file: StaticString = #filePath, line: UInt = #line
) -> ExpenseError? {
    do {
        let value = try body()
        XCTFail("expected an ExpenseError (\(kind)), got \(value)", file: file, line: line)
        return nil
    } catch let error as ExpenseError {
        XCTAssertEqual(error.kind, kind, "kind of \(error.message)", file: file, line: line)
        if let messageContains {
            XCTAssertTrue(error.message.contains(messageContains),
                          "message '\(error.message)' lacks '\(messageContains)'", file: file, line: line)
        }
        if let hintContains {
            XCTAssertTrue(error.hint?.contains(hintContains) == true,
                          "hint '\(error.hint ?? "nil")' lacks '\(hintContains)'", file: file, line: line)
        }
        return error
    } catch {
        XCTFail("expected an ExpenseError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
}

/// Asserts that `body` throws a `DatabaseError` with the primary result code `code`.
@discardableResult
func assertDatabaseError<T>(
    _ body: @autoclosure () throws -> T, resultCode code: Int32, file: StaticString = #filePath, line: UInt = #line
) -> DatabaseError? {
    do {
        let value = try body()
        XCTFail("expected SQLite error \(code), got \(value)", file: file, line: line)
        return nil
    } catch let error as DatabaseError {
        XCTAssertEqual(error.resultCode, code, error.description, file: file, line: line)
        return error
    } catch {
        XCTFail("expected a DatabaseError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
}
