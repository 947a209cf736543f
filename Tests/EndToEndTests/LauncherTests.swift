import Foundation
import XCTest

/// A desktop entry's action launched as a person's desktop launches it, driven by
/// Support/launcher_drive.py: GLib's own launch code on a virtual screen, where a Terminal=true
/// action opens in xterm, and the screen read back with tesseract.
extension ExpensesProcess {
    struct LauncherError: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        var description: String { "launcher_drive.py failed (\(status)): \(stderr)" }
    }

    /// Launches `action` of `desktopFile`, waits `wait` seconds, then reads the screen until every
    /// text of `expect` is on it or `timeout` seconds have passed since the launch; with `keys`,
    /// then types them into the terminal (a newline is Return) and reads until every text of
    /// `expectAfter` is there. Returns the driver's status (0 when every text was read, 1 when
    /// not), the last text read and how many terminal windows were still open then. The driver
    /// needs Scripts/bootstrap's packages (python3-gi, xvfb, xterm, imagemagick, xdotool...).
    func launch(action: String, desktopFile: String, expect: [String], timeout: TimeInterval = 20, wait: TimeInterval = 3,
                keys: String? = nil, expectAfter: [String] = []) throws -> (status: Int32, text: String, windows: Int) {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/launcher_drive.py")
        var arguments = [driver.path, "--desktop-file", desktopFile, "--action", action, "--wait", "\(wait)", "--timeout", "\(timeout)"]
        arguments += expect.flatMap { ["--expect", $0] }
        if let keys { arguments += ["--keys", keys] }
        arguments += expectAfter.flatMap { ["--expect-after", $0] }
        let result = try run(arguments, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        guard result.status == 0 || result.status == 1,
              let output = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
              let text = output["text"] as? String, let windows = output["windows"] as? Int
        else { throw LauncherError(status: result.status, stderr: result.stderr + result.stdout) }
        return (result.status, text, windows)
    }
}

final class LauncherTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    /// The driver itself, on an action whose terminal stays open by its own doing: it must read
    /// the text, count the one window, and leave nothing running once it is done.
    func testTheDriverReadsAWindowThatStaysOpen() throws {
        let script = app.path("stays-open.sh")
        try "echo Munich trip report\nsleep 30\n".write(toFile: script, atomically: true, encoding: .utf8)
        let entry = app.path("stays-open.desktop")
        try """
            [Desktop Entry]
            Type=Application
            Name=Stays open
            Exec=sh "\(script)"
            Terminal=true
            Actions=show;

            [Desktop Action show]
            Name=Show
            Exec=sh "\(script)"

            """.write(toFile: entry, atomically: true, encoding: .utf8)
        let launched = try app.launch(action: "show", desktopFile: entry, expect: ["Munich trip report"])
        XCTAssertEqual(launched.status, 0, launched.text)
        XCTAssertTrue(launched.text.contains("Munich trip report"), launched.text)
        XCTAssertEqual(launched.windows, 1, "the terminal should still be open after --wait: \(launched.text)")
        // The terminal and the script in it are stopped with the driver (the path is this test's own).
        XCTAssertEqual(try Tool.run("/usr/bin/pgrep", "-f", script).status, 1, "a process of the launch is still running")
    }
}
