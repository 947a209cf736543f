import ExpenseApp
import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// Ctrl-C is a session's, not the process's: two sessions run side by side in one process, and
/// the one interrupted stops while the other finishes. (The binary's own Ctrl-C, its SIGINT
/// handler raising `Cancellation.process`: EndToEndTests' ReplTests and ImportCrashTests.)
final class SessionCancellationTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(
            because: "two sessions run through Entry.main itself, each on a file of its own; the flag is the session's on any database")
    }

    /// A camera that says it started, then takes two seconds to give its picture: long enough to
    /// be interrupted while the other session's camera runs too.
    private func slowCamera(_ app: InProcessApp) throws {
        let camera = try app.script(
            "camera",
            """
            touch "$(dirname "$0")/started"
            sleep 2
            cp '\(ReceiptSamples.path("taxi-zurich-ch.png"))' "$1"
            """)
        try app.ok("config", "set", "camera.command", "\(camera) {output}")
    }

    /// Runs `arguments` through `Entry.main` on another thread, as `app`'s session with `app`'s
    /// Ctrl-C; returns a function that waits for its exit status and standard error.
    private func start(_ app: InProcessApp, _ arguments: [String]) throws -> () -> (status: Int32, stderr: String) {
        let output = try OpenFile(app.path("stdout"))
        let error = try OpenFile(app.path("stderr"))
        let input = try OpenFile(app.path("stdin"))
        let streams = ConsoleStreams(input: input.descriptor, output: output.descriptor, error: error.descriptor)
        nonisolated(unsafe) let environment = Environment(variables: app.environment, workingDirectory: app.directory.path)
        let cancellation = app.cancellation
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status: Int32 = -1
        let thread = Thread {
            status =
                Entry.main(arguments, environment: environment, streams: streams, cancellation: cancellation) { _, _ in
                    fatalError("a session without a terminal asked for a line editor")
                }.rawValue
            done.signal()
        }
        thread.start()
        return {
            done.wait()
            withExtendedLifetime((input, output, error)) {}
            let text = { (name: String) in (try? String(contentsOfFile: app.path(name), encoding: .utf8)) ?? "" }
            return (status, text("stderr") + text("stdout"))
        }
    }

    func testTwoSessionsAtOnceEachStopOnlyAtItsOwnCtrlC() throws {
        let interrupted = try InProcessApp()
        let other = try InProcessApp()
        try slowCamera(interrupted)
        try slowCamera(other)

        let waitInterrupted = try start(interrupted, ["receipt", "capture", "--camera", "--no-ocr"])
        let waitOther = try start(other, ["receipt", "capture", "--camera", "--no-ocr"])
        // Both cameras are running: the two sessions are in Entry.main at the same time.
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: interrupted.path("started"))
            || !FileManager.default.fileExists(atPath: other.path("started"))
        {
            XCTAssertLessThan(Date(), deadline, "the cameras did not both start")
            if Date() > deadline { break }
            usleep(20_000)
        }
        interrupted.interrupt()

        let stopped = waitInterrupted()
        let finished = waitOther()
        XCTAssertEqual(stopped.status, 1, stopped.stderr)
        XCTAssertTrue(stopped.stderr.contains("cancelled (Ctrl-C)"), stopped.stderr)
        XCTAssertEqual(finished.status, 0, "the other session saw a Ctrl-C that was not its own: \(finished.stderr)")
        XCTAssertEqual(try interrupted.query("SELECT count(*) FROM receipts"), "0")
        XCTAssertEqual(try other.query("SELECT count(*) FROM receipts"), "1")
    }
}

/// A file a session's stream reads or writes, created (or emptied) at `path`.
private final class OpenFile {
    let descriptor: Int32

    init(_ path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    deinit { close(descriptor) }
}
