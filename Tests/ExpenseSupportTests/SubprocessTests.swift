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
}
