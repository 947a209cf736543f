import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ScriptTests` that need the built binary as a process of its own.
extension ScriptTests {

    func testExecutableScriptWithShebang() throws {
        // `env -S expenses run` finds expenses on PATH.
        app.environment["PATH"] = ExpensesProcess.binary.deletingLastPathComponent().path + ":" + (app.environment["PATH"] ?? "")
        let path = try write("#!/usr/bin/env -S expenses run --bail\nreport new Shebang\necho ok\n", to: "run-me")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let result = try app.run([], executable: URL(fileURLWithPath: path))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Created report 1: Shebang\nok\n")
    }
}
