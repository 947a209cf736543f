import Foundation

/// The binary on a real pseudo-terminal, driven by Support/pty_drive.py: keys typed in, the
/// screen read back. The REPL's tests use it.
extension ExpensesProcess {
    /// Prepares the environment a terminal session needs: its own history file and a terminal type.
    func useTerminal() {
        environment["EXPENSES_HISTORY"] = path("history")
        environment["TERM"] = "xterm"
    }

    /// Runs `expenses ARGUMENTS` in a pty through the driver's steps (`send`, `expect`, `run`) and
    /// returns the transcript; status 124 means an expectation timed out.
    func terminal(arguments: [String] = [], steps: [[String: Any]]) throws -> Result {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/pty_drive.py")
        let input = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        return try run([driver.path, ExpensesProcess.binary.path] + arguments, stdin: input,
                       executable: URL(fileURLWithPath: "/usr/bin/python3"))
    }
}
