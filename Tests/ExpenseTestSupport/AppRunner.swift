import Foundation
import XCTest

/// What a command line gave: its exit status and standard output and error, as text.
public struct CommandResult {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A way to run the app's command lines for a test, in a directory and on a database of the
/// test's own: in this process (`InProcessApp`, as `Entry.main` runs them: fast) or as the built
/// binary (`EndToEndTests`' `ExpensesProcess`: what only a process shows, a terminal, a signal,
/// the environment). A suite that both test bundles share (`Tests/AppSuites`) is written once
/// against this, with its fixtures once; each bundle names its runner `App`.
public protocol AppRunner: AnyObject {
    /// A fresh directory, the test's database in it (or on a team database, when the run is on one).
    init() throws

    /// The test's own directory: the run's working directory and HOME.
    var directory: URL { get }
    /// The environment each run is given.
    var environment: [String: String] { get set }
    /// The database as a launcher names it: the file, or on a team database the person's
    /// connection string (no password in it).
    var databasePath: String { get }

    /// Runs `arguments` with `input` as standard input; the exit status and output as bytes.
    func execute(_ arguments: [String], input: Data) throws -> (status: Int32, stdout: Data, stderr: Data)

    /// Runs `sql` on the test's database as its administrator, past every rule of the app: the
    /// sqlite3 shell on a file, psql as the superuser on a team database. Both print a row's
    /// columns between `|`, a row a line.
    func query(_ sql: String) throws -> String
}

extension AppRunner {
    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    public func run(_ arguments: String..., stdin: String? = nil) throws -> CommandResult {
        try run(arguments, stdin: stdin)
    }

    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try run(arguments, stdinBytes: Data((stdin ?? "").utf8))
    }

    /// Runs `arguments` with `bytes` on standard input (a picture piped in).
    public func run(_ arguments: [String], stdinBytes bytes: Data) throws -> CommandResult {
        let (status, stdout, stderr) = try execute(arguments, input: bytes)
        return CommandResult(
            status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `arguments` and returns standard output as bytes (an exported picture).
    public func stdoutBytes(_ arguments: String...) throws -> Data {
        let (status, stdout, stderr) = try execute(arguments, input: Data())
        XCTAssertEqual(status, 0, String(decoding: stderr, as: UTF8.self))
        return stdout
    }

    /// Runs a command that must succeed, and returns its stdout.
    @discardableResult
    public func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 0, "expenses \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// The JSON document a command printed.
    public func json(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        let result = try run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// A JSON object a command printed.
    public func object(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    }

    /// The vault beside the test's database (expenses.sqlite → expenses.receipts).
    public var vaultPath: String { directory.appendingPathComponent("expenses.receipts").path }

    /// The files in the vault, by path relative to it, temporary ones included.
    public func vaultFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: vaultPath) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: vaultPath + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Writes an executable script into the test's directory and returns its path.
    public func script(_ name: String, _ body: String) throws -> String {
        let path = self.path(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// The Walldorf trip of the README: report 1 with three items, one in CHF paid by the company.
    public func walldorfTrip() throws {
        try ok(
            "report", "new", "Walldorf customer workshop", "--purpose", "Workshop prep", "--destination", "Walldorf, DE",
            "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
        try ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "412.80", "--currency", "EUR",
            "--category", "lodging", "--merchant", "Hotel Astoria")
        try ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "38.50", "--currency", "CHF",
            "--rate", "1.0412", "--category", "meals", "--merchant", "Bahnhof Buffet", "--paid-by", "company")
        try ok("expense", "add", "--date", "2026-03-04", "--amount", "12", "--currency", "EUR", "--category", "taxi")
        try ok("expense", "move", "3", "--report", "1")
    }
}
