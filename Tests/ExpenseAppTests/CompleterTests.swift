import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

final class CompleterTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    var session: Session!
    let completer = Completer(registry: Commands.registry, extraCommands: Repl.commands)

    override func setUpWithError() throws {
        session = try Session(environment: Environment(variables: ["EXPENSES_DB": ":memory:", "EXPENSES_USER": "alice"]))
        let store = try session.store()
        _ = try store.write {
            try store.insertReport(Report(id: 0, title: "Trip", currency: CurrencyTable.standard.currency("EUR")!, owner: "alice"))
        }
    }

    private func complete(_ line: [String], _ current: String) -> [String] {
        completer.candidates(after: line, current: current, session: session).words
    }

    func testCommandWords() {
        XCTAssertEqual(complete([], "ex"), ["expense", "exit"])
        XCTAssertEqual(complete(["report"], "sh"), ["show"])
        XCTAssertEqual(Set(complete(["report"], "s")), ["show", "stop", "submit", "summary"])
        XCTAssertEqual(complete(["allowance"], ""), ["rates", "mileage"], "groups within a group")
        XCTAssertEqual(complete(["allowance", "rates"], ""), ["import", "list"])
        XCTAssertEqual(complete(["help"], "cat"), ["category"])
        XCTAssertEqual(complete(["help"], "ru"), ["run", "rules"], "help topics too")
        XCTAssertEqual(complete(["help"], "ex"), ["expense", "exit-codes"])
        XCTAssertEqual(complete(["help"], "po"), ["policy"], "a group with a topic once")
        XCTAssertEqual(complete(["help", "report"], "sh"), ["show"], "then the group's commands")
        XCTAssertEqual(complete(["help", "rules"], ""), [])
        XCTAssertFalse(complete([], "").contains("__complete"), "plumbing stays hidden")
    }

    func testOptionsSkipThoseGiven() {
        XCTAssertEqual(complete(["expense", "add", "--amount", "5"], "--am"), [])
        XCTAssertEqual(complete(["expense", "add"], "--pa"), ["--paid-by"])
        XCTAssertEqual(complete(["expense", "add", "--paid-by"], ""), ["personal", "company"])
    }

    /// What TAB offers for a value is its type's: a closed set's values, a currency's codes, an
    /// icon's names, for options and positional arguments alike (and so the shells' scripts,
    /// which ask `__complete`).
    func testValuesComeFromEachType() {
        XCTAssertEqual(complete(["policy", "set"], "dup"), ["duplicate"])
        XCTAssertEqual(complete(["policy", "set", "duplicate"], "b"), ["blocking"])
        XCTAssertEqual(complete(["report", "export", "1", "--format"], "p"), ["pdf"])
        XCTAssertEqual(complete(["rates", "show"], "chf"), ["CHF"], "a positional currency completes as the option does")
        XCTAssertEqual(complete(["shortcuts", "add", "x.y", "--icon"], "capture"), ["capturePhoto", "captureVideo"])
        XCTAssertEqual(complete(["report", "list", "--format"], "j"), ["json"])
    }

    func testValuesFromTheDatabase() {
        XCTAssertEqual(complete(["report", "show"], ""), ["1"])
        XCTAssertEqual(complete(["expense", "add", "--report"], ""), ["1"])
        XCTAssertEqual(
            complete(["report", "new", "Trip", "--country"], "d"), ["DE", "DJ", "DK", "DO", "DZ"], "the countries of the rate table")
        XCTAssertEqual(complete(["report", "meals", "1", "--provided"], "breakfast,d"), ["breakfast,dinner"])
        XCTAssertEqual(complete(["expense", "add", "--category"], "me"), ["meals"])
        XCTAssertEqual(complete(["expense", "add", "--currency"], "jp"), ["JPY"])
        XCTAssertTrue(completer.candidates(after: ["run"], current: "", session: session).wantsFiles)
    }
}
