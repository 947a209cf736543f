import Foundation
import XCTest

/// What the receipt tests need around the binary: bytes on stdin, the vault's files, the samples,
/// small executable scripts (a fake camera) and the truth about the samples.
extension ExpensesProcess {
    /// Runs the binary with `bytes` on its standard input (a picture piped in).
    func run(_ arguments: [String], stdinBytes bytes: Data) throws -> Result {
        let (status, stdout, stderr) = try launch(arguments, stdin: bytes)()
        return Result(status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs the binary and returns its standard output as bytes (an exported picture).
    func stdoutBytes(_ arguments: String...) throws -> Data {
        let (status, stdout, stderr) = try launch(arguments, stdin: Data())()
        XCTAssertEqual(status, 0, String(decoding: stderr, as: UTF8.self))
        return stdout
    }

    /// The vault beside the test's database (expenses.sqlite → expenses.receipts).
    var vaultPath: String { directory.appendingPathComponent("expenses.receipts").path }

    /// The files in the vault, by path relative to it, temporary ones included.
    func vaultFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: vaultPath) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: vaultPath + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Writes an executable script into the test's directory and returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let path = self.path(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// A JSON object a command printed.
    func object(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    }
}
