import Foundation
import XCTest

/// What the receipt suites need around a run: bytes on stdin and stdout, the vault's files, a
/// JSON object a command printed.
extension InProcessApp {
    /// Runs `arguments` with `bytes` on standard input (a picture piped in).
    public func run(_ arguments: [String], stdinBytes bytes: Data) throws -> Result {
        let (status, stdout, stderr) = try run(arguments, stdinBytes: [UInt8](bytes))
        return Result(status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `arguments` and returns standard output as bytes (an exported picture).
    public func stdoutBytes(_ arguments: String...) throws -> Data {
        let (status, stdout, stderr) = try run(arguments, stdinBytes: [])
        XCTAssertEqual(status, 0, String(decoding: stderr, as: UTF8.self))
        return Data(stdout)
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

    /// A JSON object a command printed.
    public func object(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    }
}

extension InProcessApp {
    /// Writes an executable script into the test's directory and returns its path.
    public func script(_ name: String, _ body: String) throws -> String {
        let path = self.path(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }
}
