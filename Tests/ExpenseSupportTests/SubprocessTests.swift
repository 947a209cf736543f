import XCTest

@testable import ExpenseSupport

/// Other programs run with an argv array (no shell ever reads a word), their output captured,
/// and stopped at their time limit.
final class SubprocessTests: XCTestCase {
    func testCapturesOutputAndStatus() throws {
        let result = try Subprocess(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"]).run()
        XCTAssertEqual(result.stdoutText, "out\n")
        XCTAssertEqual(result.stderrText, "err\n")
        XCTAssertEqual(result.termination, .exited(3))
        XCTAssertFalse(result.succeeded)
    }

    func testWordsReachTheProgramAsTheyAre() throws {
        let result = try Subprocess(["printf", "%s|", "$HOME", "a b", "; rm -rf /", "`id`", "{output}"]).run()
        XCTAssertEqual(result.stdoutText, "$HOME|a b|; rm -rf /|`id`|{output}|")
        XCTAssertTrue(result.succeeded)
    }

    func testStdinIsEmptyNotOurs() throws {
        XCTAssertEqual(try Subprocess(["cat"], timeLimit: 5).run().stdoutText, "")
    }

    func testATimeLimitStopsItAndWhatItStarted() throws {
        let started = Stopwatch()
        let result = try Subprocess(["/bin/sh", "-c", "sleep 30 & sleep 30; echo never"], timeLimit: 0.3).run()
        XCTAssertTrue(result.timedOut)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.stdoutText, "")
        XCTAssertLessThan(started.seconds, 10, "the background sleep held the pipe: the group was not stopped")
    }

    func testAMissingProgram() {
        XCTAssertThrowsError(try Subprocess(["no-such-program-\(getpid())"]).run()) { error in
            XCTAssertEqual(error as? Subprocess.Failure, .notFound("no-such-program-\(getpid())"))
        }
        XCTAssertThrowsError(try Subprocess(["/etc/hostname"]).run()) { error in
            guard case .cannotStart = error as? Subprocess.Failure else { return XCTFail("\(error)") }
        }
    }

    func testExtraEnvironment() throws {
        var process = Subprocess(["/bin/sh", "-c", "echo $OMP_THREAD_LIMIT"])
        process.extraEnvironment = ["OMP_THREAD_LIMIT": "1"]
        XCTAssertEqual(try process.run().stdoutText, "1\n")
    }

    /// A session's subprocess starts in the session's directory, not the process's; a relative
    /// program is found there.
    func testItStartsInItsDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "#!/bin/sh\npwd\n".write(toFile: directory + "/where", atomically: true, encoding: .utf8)
        chmod(directory + "/where", 0o755)
        var process = Subprocess(["./where"])
        process.directory = directory
        XCTAssertEqual(try process.run().stdoutText, directory + "\n")
        // Run from elsewhere, the relative program is not there.
        process.directory = "/"
        XCTAssertThrowsError(try process.run()) { error in XCTAssertEqual(error as? Subprocess.Failure, .notFound("./where")) }
    }
}
