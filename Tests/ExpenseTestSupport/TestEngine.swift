import Foundation

/// The database engine a test runs on: a file (SQLite), or a team server (PostgreSQL, on the one
/// throwaway cluster of `ServerEngine` or `ServerStore`).
///
/// A run of the tests is on one engine, the one EXPENSES_TEST_ENGINE names (`postgresql`: a team
/// server; else a file), so that the same test bundles run once per engine and each run's
/// output reads as one (`Scripts/test`'s unit and team tiers). Within a run each test is on the
/// run's engine unless its class or the test itself says it runs on a file only
/// (`EngineTestCase`): then it is skipped, saying why, and `Scripts/test` counts it.
public enum TestEngine: Sendable, Equatable {
    case file
    case server

    /// The engine this run of the tests is on.
    public static let ofThisRun: TestEngine =
        ProcessInfo.processInfo.environment["EXPENSES_TEST_ENGINE"] == "postgresql" ? .server : .file

    /// The engine the running test is on: the run's, or a file for a test that runs on a file only
    /// (set by `EngineTestCase` for each test, before its set-up). XCTest runs one test at a time
    /// in a process (`swift test --parallel` runs processes side by side).
    public static var current: TestEngine {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// `body` with `engine` as the running test's engine, the run's again afterwards.
    public static func run<T>(on engine: TestEngine, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        running = engine
        lock.unlock()
        defer {
            lock.lock()
            running = ofThisRun
            lock.unlock()
        }
        return try body()
    }

    nonisolated(unsafe) private static var running: TestEngine = ofThisRun
    private static let lock = NSLock()
}
