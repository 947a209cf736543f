import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ShortcutCatalogTests` that need the built binary as a process of its own.
extension ShortcutCatalogTests {

    /// A catalog that is a FIFO (or a device) is refused at once: opening one waited for a writer
    /// that never came. Each run is under `timeout`, so that the test fails rather than hangs.
    func testACatalogThatIsAFIFOIsRefusedAtOnce() throws {
        let fifo = app.path("catalog.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let refusal = "expenses: error: \(fifo): cannot read it: it is a FIFO, not a regular file\n"
        for arguments in [["--shortcut", "com.sap.example.showReports", "--catalog", fifo], ["shortcuts", "check", "--catalog", fifo]] {
            let result = try app.run(["10", ExpensesProcess.binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
            XCTAssertEqual(result.status, 65, "\(arguments) (124: it waited): \(result.stderr)")
            XCTAssertEqual(result.stderr, refusal)
        }
        let device = try app.run(
            ["10", ExpensesProcess.binary.path, "shortcuts", "check", "--catalog", "/dev/zero"],
            executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        XCTAssertEqual(device.status, 65, device.stderr)
        XCTAssertEqual(device.stderr, "expenses: error: /dev/zero: cannot read it: it is a character device, not a regular file\n")
    }

    /// A queued launch names its catalog by path; a FIFO put there since is refused in the open
    /// session that takes the launch, which stays at its prompt (it froze there).
    func testALaunchWhoseCatalogBecameAFIFOIsRefusedInTheOpenSession() throws {
        try fileOnly(
            because:
                "an open session on a server takes a queued launch at once (LISTEN/NOTIFY), before the test can swap its catalog for a FIFO; on a file it looks when Enter is pressed"
        )
        app.useTerminal()
        try app.ok("report", "new", "Munich trip")
        let catalog = try write(plist([item("com.sap.example.showReports", "Show Reports")]))
        let queue = [ExpensesProcess.binary.path, "--shortcut", "com.sap.example.showReports", "--defer", "--catalog", catalog]
            .map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let swap = "rm \(ExpensesProcess.shellQuoted(catalog)) && mkfifo \(ExpensesProcess.shellQuoted(catalog))"
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["run": ["/bin/sh", "-c", "\(queue) >/dev/null && \(swap)"]],
            ["send": "\r"],
            ["expect": "running quick action com.sap.example.showReports from the launcher"],
            ["expect": "\(catalog): cannot read it: it is a FIFO, not a regular file"], ["expect": "expenses> "],
            ["send": "report list\r"], ["expect": "Munich trip"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, "the session froze or failed (124: a step timed out): \(result.stdout)")
        XCTAssertEqual(try app.query("SELECT state || ' ' || exit_status FROM shortcut_launches"), "failed 65")
    }
}
