import XCTest

/// A test case that says which database engines its tests run on, in code beside its tests:
/// every test of the suites that open a database (`ExpenseStoreTests`, `ExpenseAppTests`,
/// `EndToEndTests`) runs on a file and again on a team server (`Scripts/test`'s team tiers,
/// EXPENSES_TEST_ENGINE=postgresql), unless its class declares otherwise with the reason:
///
///     final class DatabaseTests: TemporaryDatabaseTestCase {
///         override class var engines: Engines { .fileOnly(because: "SQLite's own connection") }
///
/// and a single test of a class that runs on both says so first thing:
///
///     func testTwoStoresOnOneFileBothWrite() throws {
///         try fileOnly(because: "a second connection to the same file")
///
/// A test that does not run on the run's engine is skipped with a message that starts with one
/// of `EngineRestriction`'s phrases: `Scripts/test` counts those and prints their reasons, and
/// fails on any other skip. Never return early on an engine instead: that is a test that passes
/// without running, and nobody counts it.
open class EngineTestCase: XCTestCase {
    /// Which engines the tests of a class run on.
    public enum Engines: Sendable, Equatable {
        /// A file and a team server: the default, so that a new suite runs on both.
        case fileAndServer
        /// A file only, for the reason given: what only a file does, or a server does otherwise by design.
        case fileOnly(because: String)
        /// Once, in the file tier, for the reason given: the tests choose no engine (they touch no
        /// database) or choose their own (they start a team server themselves).
        case once(because: String)

        /// The engine a test of such a class runs on in a run on `run`, and the skip that says
        /// why it runs on none there (nil when it runs).
        public func plan(on run: TestEngine) -> (engine: TestEngine, skip: String?) {
            switch (self, run) {
            case (.fileAndServer, _): return (run, nil)
            case (.fileOnly, .file), (.once, .file): return (.file, nil)
            case (.fileOnly(let reason), .server): return (.file, EngineRestriction.fileOnly.message(reason))
            case (.once(let reason), .server): return (.file, EngineRestriction.once.message(reason))
            }
        }
    }

    /// The engines this class's tests run on; override it to restrict them, with the reason.
    open class var engines: Engines { .fileAndServer }

    /// Runs the test on the engine its class's plan gives: a restricted test's own set-up opens
    /// a file, never the server, before it is skipped.
    override open func invokeTest() {
        TestEngine.run(on: Self.engines.plan(on: TestEngine.ofThisRun).engine) { super.invokeTest() }
    }

    /// Skips every test of a class that does not run on the run's engine. XCTest calls this
    /// set-up first, before `setUpWithError` and `setUp`, which subclasses override and need not
    /// call (those still run, on a file; the test's body does not).
    override open func setUp() async throws {
        try await super.setUp()
        if let skip = Self.engines.plan(on: TestEngine.ofThisRun).skip { throw XCTSkip(skip) }
    }

    /// The same skip again, for the suites whose own set-up calls this first
    /// (`TemporaryDatabaseTestCase`, `PostgresTestCase`): XCTest runs every set-up after a
    /// skip, and theirs would start a server for a test that is then skipped.
    override open func setUpWithError() throws {
        try super.setUpWithError()
        if let skip = Self.engines.plan(on: TestEngine.ofThisRun).skip { throw XCTSkip(skip) }
    }

    /// Declares that this one test runs on a file only, for `reason`: on a team server it is
    /// skipped here, counted, and its reason printed. Call it first in the test.
    public func fileOnly(because reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard TestEngine.current == .server else { return }
        throw XCTSkip(EngineRestriction.fileOnly.message(reason), file: file, line: line)
    }
}

/// The two ways a test does not run on an engine by design, as its skip's message begins.
/// `Scripts/test` matches these phrases: keep them in step.
public enum EngineRestriction: String, Sendable {
    case fileOnly = "on a file only, by design"
    case once = "once, not on each engine"

    public func message(_ reason: String) -> String { "\(rawValue): \(reason)" }
}
