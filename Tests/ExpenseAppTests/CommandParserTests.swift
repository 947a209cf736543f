import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

final class CommandParserTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    let parser = CommandParser(registry: Commands.registry)

    private func invocation(_ words: [String]) throws -> (Invocation, GlobalValues) {
        guard case .command(let invocation, let globals) = try parser.parse(words) else {
            XCTFail("not a command: \(words)")
            throw UsageError("not a command", path: [])
        }
        return (invocation, globals)
    }

    private func usageError(_ words: [String]) -> UsageError? {
        do {
            _ = try parser.parse(words)
            return nil
        } catch {
            return error
        }
    }

    func testOptionsAnywhereAndEqualsForm() throws {
        let (add, globals) = try invocation([
            "--db", "x.sqlite", "expense", "add", "--amount=12.50", "--category", "meals", "--format", "json",
        ])
        XCTAssertEqual(add.spec.name, "expense add")
        let euro = try CurrencyTable.standard.require("EUR")
        XCTAssertEqual(try add[ExpenseCommands.Options.amount, in: AmountContext(euro)], Money(minorUnits: 1250, currency: euro))
        XCTAssertEqual(add.value(forOptionNamed: ExpenseCommands.Options.category.spec.name), "meals")
        XCTAssertEqual(globals, GlobalValues(db: "x.sqlite", format: .json))
    }

    func testNegativeNumbersAreValuesAndDoubleDashEndsOptions() throws {
        let (add, _) = try invocation(["expense", "add", "--amount", "-5", "--category", "meals"])
        XCTAssertEqual(add.value(forOptionNamed: ExpenseCommands.Options.amount.spec.name), "-5")
        let (echo, _) = try invocation(["echo", "--", "--not-an-option"])
        XCTAssertEqual(echo.arguments, ["--not-an-option"])
    }

    func testHelpVersionAndDefaults() throws {
        guard case .help(let path) = try parser.parse(["help", "expense", "add"]) else { return XCTFail() }
        XCTAssertEqual(path, ["expense", "add"])
        guard case .help(let same) = try parser.parse(["expense", "add", "-h"]) else { return XCTFail() }
        XCTAssertEqual(same, ["expense", "add"])
        guard case .version = try parser.parse(["--version"]) else { return XCTFail() }
        guard case .empty = try parser.parse([]) else { return XCTFail() }
        XCTAssertEqual(try invocation(["report"]).0.spec.name, "report list")
    }

    func testUsageErrors() {
        XCTAssertEqual(
            usageError(["expense", "add", "--ammount", "3"]),
            UsageError("unknown option '--ammount'", hint: "did you mean '--amount'?", path: ["expense", "add"]))
        XCTAssertEqual(usageError(["expnse"])?.message, "unknown command 'expnse'")
        XCTAssertEqual(usageError(["expnse"])?.hint, "did you mean 'expense'?")
        XCTAssertEqual(usageError(["expense", "add", "--category"])?.message, "missing value for '--category <code>'")
        XCTAssertEqual(usageError(["report", "new"])?.message, "missing argument '<title>'")
        XCTAssertEqual(usageError(["report", "list", "--all=yes"])?.message, "the flag '--all' does not take a value")
        XCTAssertEqual(
            usageError(["report", "new", "A", "--purpose", "x", "--purpose", "y"])?.message,
            "'--purpose <text>' was given more than once")
        XCTAssertEqual(usageError(["report", "list", "extra"])?.message, "unexpected argument 'extra'")
        XCTAssertEqual(usageError(["open"])?.message, "missing subcommand for 'open'")
    }

    func testEveryCommandHasHelpAndAUniquePath() {
        var help = HelpFormatter(registry: Commands.registry)
        help.width = 1000  // no line wrapped: the abstract and the usage whole
        var seen = Set<String>()
        for command in Commands.registry.commands {
            XCTAssertTrue(seen.insert(command.name).inserted, "duplicate \(command.name)")
            XCTAssertFalse(command.abstract.isEmpty, command.name)
            let text = help.help(for: command.path)
            XCTAssertTrue(text.hasPrefix("OVERVIEW: \(command.abstract)"), command.name)
            XCTAssertTrue(text.contains("USAGE: expenses \(command.name)"), command.name)
        }
    }

    /// A hint names commands as typed in a shell; at the prompt as typed there, and prose that
    /// only starts with the word stays.
    func testHintsNameCommandsAsTypedWhereTheyAreRead() {
        var help = HelpFormatter(registry: Commands.registry)
        let hint = "recall it first: expenses report recall 1; expenses reads OFX ('expenses help rules'); expenses --shortcut X"
        XCTAssertEqual(help.asTyped(hint), hint)
        help.audience = .prompt
        XCTAssertEqual(help.asTyped(hint), "recall it first: report recall 1; expenses reads OFX ('help rules'); expenses --shortcut X")
    }
}
