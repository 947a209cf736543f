import Foundation

/// The binary on a real pseudo-terminal, driven by Support/pty_drive.py: keys typed in, the
/// screen read back. The REPL's tests use it.
extension ExpensesProcess {
    /// Prepares the environment a terminal session needs: its own history file and a terminal type.
    /// - Parameter columns: the terminal's width, as a window of that size tells it (not $COLUMNS).
    func useTerminal(columns: Int? = nil) {
        environment["EXPENSES_HISTORY"] = path("history")
        environment["TERM"] = "xterm"
        environment["PTY_DRIVE_COLUMNS"] = columns.map(String.init)
    }

    /// Runs `expenses ARGUMENTS` in a pty through the driver's steps (`send`, `expect`, `run`) and
    /// returns the transcript; status 124 means an expectation timed out.
    func terminal(arguments: [String] = [], steps: [[String: Any]]) throws -> Result {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/pty_drive.py")
        let input = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        return try run(
            [driver.path, ExpensesProcess.binary.path] + arguments, stdin: input,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
    }
}

/// Launches on a terminal of their own, as a launcher's terminal window starts `expenses
/// --shortcut TYPE`, run meanwhile from the pty driver (a `run` step).
extension ExpensesProcess {
    /// A shell command that runs `expenses ARGUMENTS` with a pseudo-terminal for stdin and stdout
    /// (script(1) gives it one), leaving what it printed in NAME.out and its exit status in
    /// NAME.status in the test's folder. `timeout` ends it, and the session it may have opened,
    /// should it wait for keys that never come.
    func onTerminal(_ arguments: [String], as name: String) -> String {
        let command = ([ExpensesProcess.binary.path] + arguments).map(Self.shellQuoted).joined(separator: " ")
        return
            "timeout -k 2 10 script -qec \(Self.shellQuoted(command)) /dev/null </dev/null >\(Self.shellQuoted(path(name + ".out"))) 2>&1;"
            + " echo $? >\(Self.shellQuoted(path(name + ".status")))"
    }

    /// A pty driver step that runs the shell commands at once and goes on when all have ended.
    static func runAtOnce(_ commands: [String]) -> [String: Any] {
        ["run": ["/bin/sh", "-c", commands.map { "{ \($0); } &" }.joined(separator: " ") + " wait"]]
    }

    /// What the launch NAME printed (its terminal's \r\n made \n) and its exit status.
    func launched(_ name: String) -> (status: Int32?, output: String) {
        let output = (try? String(contentsOfFile: path(name + ".out"), encoding: .utf8)) ?? ""
        let status = (try? String(contentsOfFile: path(name + ".status"), encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return (status, output.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    static func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
