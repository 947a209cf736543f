import ExpenseTestSupport
import Foundation
import XCTest

/// Which engines a test runs on is declared in code (`EngineTestCase`): a restricted test runs on
/// a file, and on a team server it is a skip that says why in words `Scripts/test` counts; and
/// every suite that opens a database can declare it.
final class EngineDeclarationTests: EngineTestCase {
    override class var engines: Engines { .once(because: "the declaration itself, without a database") }

    func testASuiteOnBothEnginesRunsOnTheRunsEngine() {
        XCTAssertEqual(Engines.fileAndServer.plan(on: .file).engine, .file)
        XCTAssertNil(Engines.fileAndServer.plan(on: .file).skip)
        XCTAssertEqual(Engines.fileAndServer.plan(on: .server).engine, .server)
        XCTAssertNil(Engines.fileAndServer.plan(on: .server).skip)
    }

    func testARestrictedSuiteRunsOnAFileAndIsASkipWithItsReasonOnAServer() {
        for engines in [Engines.fileOnly(because: "SQLite's journal"), .once(because: "no database")] {
            XCTAssertEqual(engines.plan(on: .file).engine, .file)
            XCTAssertNil(engines.plan(on: .file).skip)
            // Its set-up opens a file, never the server, before the skip.
            XCTAssertEqual(engines.plan(on: .server).engine, .file)
        }
        XCTAssertEqual(
            Engines.fileOnly(because: "SQLite's journal").plan(on: .server).skip, "on a file only, by design: SQLite's journal")
        XCTAssertEqual(Engines.once(because: "no database").plan(on: .server).skip, "once, not on each engine: no database")
    }

    func testASingleTestOnAFileOnlyRunsOnAFileAndIsASkipWithItsReasonOnAServer() throws {
        try TestEngine.run(on: .file) { try fileOnly(because: "a second connection to the same file") }
        XCTAssertThrowsError(try TestEngine.run(on: .server) { try fileOnly(because: "a second connection to the same file") }) {
            XCTAssertEqual((($0 as? XCTSkip)?.message), "on a file only, by design: a second connection to the same file")
        }
        XCTAssertEqual(TestEngine.current, TestEngine.ofThisRun, "the run's engine again afterwards")
    }

    /// Scripts/test counts the skips by these words, and fails on any other skip.
    func testScriptsTestCountsTheSkipsByTheirWords() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("Scripts/test"), encoding: .utf8)
        for restriction in [EngineRestriction.fileOnly, .once] {
            XCTAssertTrue(script.contains(restriction.rawValue), "Scripts/test does not count '\(restriction.rawValue)'")
        }
    }

    /// A suite of the engine-aware targets that is a plain XCTestCase cannot say it runs on a
    /// file only, and its tests would run again in the team tier uncounted.
    func testEverySuiteThatMayOpenADatabaseCanDeclareItsEngines() throws {
        var plain: [String] = []
        for target in ["ExpenseStoreTests", "ExpenseAppTests", "EndToEndTests"] {
            let directory = Self.root.appendingPathComponent("Tests/\(target)")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n")
                where line.wholeMatch(of: /(final )?class \w+: XCTestCase \{/) != nil {
                    plain.append("\(target)/\(name): \(line)")
                }
            }
        }
        XCTAssertEqual(plain, [], "subclass EngineTestCase (ExpenseTestSupport), and say if a suite does not run on both engines")
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
