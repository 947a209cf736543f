import ExpenseCore
import ExpenseShortcuts
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport
@testable import PropertyList

/// A launch's words: `--shortcut TYPE` becoming the `shortcut` command, read by the ordinary
/// parser (its own options kept, the rest passed on), the action table, and a launch resolved
/// once however it comes.
final class ShortcutLaunchTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    typealias Options = ShortcutCommands.Options

    func testTheShortcutOptionBecomesTheCommand() {
        XCTAssertEqual(ShortcutLaunch.commandLine(["--shortcut", "a.b", "--amount", "3"]), ["shortcut", "a.b", "--amount", "3"])
        XCTAssertEqual(ShortcutLaunch.commandLine(["--shortcut=a.b"]), ["shortcut", "a.b"])
        XCTAssertEqual(ShortcutLaunch.commandLine(["--format", "json", "--shortcut", "a.b"]), ["--format", "json", "shortcut", "a.b"])
        XCTAssertEqual(
            ShortcutLaunch.commandLine(["report", "list", "--shortcut", "a.b"]), ["report", "list", "--shortcut", "a.b"],
            "only before a command")
        XCTAssertEqual(ShortcutLaunch.commandLine([]), [])
    }

    private func launch(_ words: [String]) throws -> (Invocation, GlobalValues) {
        guard
            case .command(let invocation, let globals) = try CommandParser(registry: Commands.registry)
                .parse(ShortcutLaunch.commandLine(words), requiringAll: false)
        else { throw UsageError("not a command", path: []) }
        return (invocation, globals)
    }

    func testTheParserKeepsTheLaunchsOwnOptionsAndPassesTheRestOn() throws {
        let (launch, globals) = try self.launch([
            "--shortcut", "a.b", "--info", "report=3", "--amount", "12", "--defer", "--info=x=y=z",
            "--catalog", "c.plist", "--format", "csv", "--db", "x.sqlite", "Title", "--", "--defer",
        ])
        XCTAssertTrue(ShortcutLaunch.isLaunch(launch))
        XCTAssertEqual(try launch[ShortcutCommands.launchType], "a.b")
        XCTAssertEqual(try launch[Options.info], [ShortcutParameter(key: "report", value: "3"), ShortcutParameter(key: "x", value: "y=z")])
        XCTAssertTrue(launch[Options.defer])
        XCTAssertFalse(launch[Options.repl])
        XCTAssertEqual(try launch[Options.catalog], "c.plist")
        XCTAssertEqual(globals, GlobalValues(db: "x.sqlite", format: .csv), "a global option is the launch line's, wherever it is")
        XCTAssertEqual(try launch[ShortcutCommands.passedOn], ["--amount", "12", "Title", "--", "--defer"])
        XCTAssertEqual(
            try ShortcutLaunch.replayWords(launch), ["--info", "report=3", "--info", "x=y=z", "--amount", "12", "Title", "--", "--defer"])
        XCTAssertThrowsError(try self.launch(["--shortcut", "a.b", "--info", "novalue"]).0[Options.info])
        XCTAssertThrowsError(try self.launch(["--shortcut", "a.b", "--format", "xml"]))
        XCTAssertThrowsError(try self.launch(["--shortcut", "a.b", "--catalog"]))
        XCTAssertThrowsError(try self.launch(["shortcut", "--amount", "3"]), "before the type an unknown option is an error") { error in
            XCTAssertEqual((error as? UsageError)?.message, "unknown option '--amount'")
        }
        guard case .help(let path) = try CommandParser(registry: Commands.registry).parse(["shortcut", "a.b", "--help"]) else {
            return XCTFail()
        }
        XCTAssertEqual(path, ["shortcut"])
    }

    func testEveryActionNamesACommandOfTheLanguageAndEveryShippedItemAnAction() throws {
        let names = ShortcutActions.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for action in ShortcutActions.all {
            XCTAssertNotNil(Commands.registry.command(action.commandPath), "\(action.name) -> \(action.commandPath)")
        }
        XCTAssertEqual(ShortcutActions.named("unassignedExpenses")?.command, ["expense", "list", "--unassigned"])
        let options = ShortcutCatalog.Options(variables: .standard(appID: "com.sap.example", version: "0.1.0"), languages: [])
        let types =
            try BundledCatalog.load(options: options).items.map(\.type) + AppShortcuts.load(options: options).defaults.map(\.item.type)
        for type in types {
            XCTAssertNotNil(ShortcutActions.named(String(type.split(separator: ".").last ?? "")), type)
        }
    }

    /// However a launch comes, it is resolved once and its command runs once: on a terminal the
    /// entry resolves it (to offer it to an open session) and the REPL runs that resolution.
    func testALaunchIsResolvedOnceAndItsCommandRunsOnce() throws {
        let resolved = Counter()
        let ran = Counter()
        let echo = CommandSpec(
            ["echo"], abstract: "Runs.",
            run: { _, _ in
                ran.add()
                return .message("ran")
            })
        var launch = CommandSpec(
            ["shortcut"], abstract: "Launches.", arguments: [ShortcutCommands.launchType, ShortcutCommands.passedOn],
            options: [Options.info, Options.defer, Options.catalog, Options.repl],
            run: { _, _ in throw ExpenseError(.internal, "ran the launch itself") })
        launch.passesOnUnknownOptions = true
        launch.standsFor = { _, _, parser in
            resolved.add()
            guard case .command(let command, let globals) = try parser.parse(["echo"]) else { throw ExpenseError(.internal, "no command") }
            return .command(command, globals: globals) { _ in 7 }
        }
        let runner = Runner(registry: CommandRegistry(commands: [echo, launch], groups: []))
        let session = try Session(environment: Environment(variables: ["EXPENSES_DB": ":memory:", "EXPENSES_USER": "alice"]))
        guard case .command(let line, let globals) = try runner.parser.parse(["shortcut", "a.b", "--amount", "3"]) else { return XCTFail() }
        XCTAssertEqual(Entry.launchOnTerminal(line, globals: globals, runner: runner, session: session, reader: { EndingReader() }), .ok)
        XCTAssertEqual(resolved.value, 1)
        XCTAssertEqual(ran.value, 1)
        XCTAssertEqual(runner.run(["shortcut", "a.b"], in: session), .ok)
        XCTAssertEqual(resolved.value, 2, "a line at the prompt or in a script: once")
        XCTAssertEqual(ran.value, 2)
        XCTAssertEqual(session.navigation, [7], "left at the landing")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A terminal whose person leaves at once.
private final class EndingReader: LineReader {
    var wake: (() -> Bool)?
    var wakeDescriptor: Int32?
    func read(prompt: String, completion: ((String) -> [String])?) -> ReplInput { .end }
    func remember(_ line: String) {}
}
