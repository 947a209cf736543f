import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// The web sessions' clock-driven rules, on a clock the test moves: a session unused for its
/// lifetime is gone, and failed log-ins count per address and per name.
final class WebSessionTests: EngineTestCase {
    override class var engines: Engines { .once(because: "sessions' bookkeeping on a fake clock, the same on either engine") }
    final class Clock: @unchecked Sendable {
        var now = 1000.0
    }

    func testASessionUnusedForItsLifetimeIsEndedAndUseKeepsItAlive() throws {
        let clock = Clock()
        let sessions = WebSessions(lifetime: 60, clock: { clock.now })
        let store = try Store(path: ":memory:", now: { "2026-01-01T00:00:00Z" })
        let session = sessions.open(person: "alice", store: store)
        XCTAssertEqual(session.token.count, 32)
        XCTAssertNotEqual(session.token, session.csrf)
        clock.now += 50
        XCTAssertNotNil(sessions.session(session.token), "used within its lifetime")
        clock.now += 50
        XCTAssertNotNil(sessions.session(session.token), "each use pushes the expiry on")
        clock.now += 61
        XCTAssertNil(sessions.session(session.token))
        XCTAssertEqual(sessions.count, 0, "an expired session is dropped, its store with it")
        // One abandoned, never asked for again, is ended when another opens.
        _ = sessions.open(person: "alice", store: store)
        clock.now += 61
        _ = sessions.open(person: "bob", store: store)
        XCTAssertEqual(sessions.count, 1)
        XCTAssertNil(sessions.session("not a token"))
        XCTAssertNil(sessions.session(nil))
    }

    /// A request holds its session for as long as it runs (OCR included); looking that session
    /// up meanwhile, for a second tab or another person's request, does not wait for it.
    func testLookingASessionUpDoesNotWaitForItsRunningRequest() throws {
        let sessions = WebSessions(lifetime: 60)
        let store = try Store(path: ":memory:", now: { "2026-01-01T00:00:00Z" })
        let session = sessions.open(person: "alice", store: store)
        let running = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            session.withStore { _ in
                running.signal()
                release.wait()
            }
        }
        running.wait()
        let found = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = sessions.session(session.token)
            found.signal()
        }
        let waited = found.wait(timeout: .now() + 5)
        release.signal()
        XCTAssertEqual(waited, .success, "the lookup waited for the running request")
    }

    func testFailedLogInsAreLimitedPerAddressAndPerNameUntilTheWindowPasses() {
        let clock = Clock()
        let attempts = LoginAttempts(limit: 3, window: 100, clock: { clock.now })
        for index in 0..<3 {
            XCTAssertNil(attempts.retryAfter(address: "10.0.0.\(index)", name: "alice"))
            attempts.failed(address: "10.0.0.\(index)", name: "alice")
        }
        // alice's password guessed from three addresses: a fourth waits too.
        XCTAssertEqual(attempts.retryAfter(address: "10.0.0.9", name: "alice"), 100)
        XCTAssertNil(attempts.retryAfter(address: "10.0.0.9", name: "bob"))
        for name in ["b", "c", "d"] { attempts.failed(address: "10.0.0.9", name: name) }
        // One address trying many names waits as well.
        XCTAssertNotNil(attempts.retryAfter(address: "10.0.0.9", name: "erin"))
        clock.now += 60
        XCTAssertEqual(attempts.retryAfter(address: "10.0.0.1", name: "alice"), 40)
        clock.now += 41
        XCTAssertNil(attempts.retryAfter(address: "10.0.0.1", name: "alice"))
    }

    func testTokensAreComparedWhole() {
        XCTAssertTrue(RandomToken.equal("abc", "abc"))
        XCTAssertFalse(RandomToken.equal("abc", "abd"))
        XCTAssertFalse(RandomToken.equal("abc", "ab"))
        XCTAssertFalse(RandomToken.equal("", "a"))
        XCTAssertNotEqual(RandomToken.make(), RandomToken.make())
    }
}
