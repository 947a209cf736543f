@testable import ExpenseApp
import ExpenseCore
import ExpenseShortcuts
import XCTest
@testable import ExpenseSupport
@testable import PropertyList

/// The launch's words: `--shortcut TYPE` becoming the `shortcut` command, the options a launch
/// keeps for itself, the REPL hook, and an action whose command this build lacks.
final class ShortcutLaunchTests: XCTestCase {
    func testTheShortcutOptionBecomesTheCommand() {
        XCTAssertEqual(ShortcutLaunch.commandLine(["--shortcut", "a.b", "--amount", "3"]), ["shortcut", "a.b", "--amount", "3"])
        XCTAssertEqual(ShortcutLaunch.commandLine(["--shortcut=a.b"]), ["shortcut", "a.b"])
        XCTAssertEqual(ShortcutLaunch.commandLine(["--format", "json", "--shortcut", "a.b"]), ["--format", "json", "shortcut", "a.b"])
        XCTAssertEqual(ShortcutLaunch.commandLine(["--shortcut", "a.b", "--db", "x.sqlite", "--", "--db", "y"]),
                       ["--db", "x.sqlite", "shortcut", "a.b", "--", "--db", "y"], "--db moves before, up to --")
        XCTAssertEqual(ShortcutLaunch.commandLine(["report", "list", "--shortcut", "a.b"]), ["report", "list", "--shortcut", "a.b"],
                       "only before a command")
        XCTAssertEqual(ShortcutLaunch.commandLine([]), [])
    }

    func testSplittingTheREPLRequest() {
        XCTAssertEqual(ShortcutLaunch.splittingREPL(["--shortcut", "a.b", "--repl", "x"]).arguments, ["shortcut", "a.b", "x"])
        XCTAssertTrue(ShortcutLaunch.splittingREPL(["--shortcut", "a.b", "--repl"]).startsREPL)
        XCTAssertFalse(ShortcutLaunch.splittingREPL(["--shortcut", "a.b", "--", "--repl"]).startsREPL)
        XCTAssertFalse(ShortcutLaunch.splittingREPL(["report", "list", "--repl"]).startsREPL)
        XCTAssertEqual(ShortcutLaunch.splittingREPL(["report", "list"]).arguments, ["report", "list"])
    }

    func testLaunchWordsKeepTheirOwnOptionsAndPassTheRestOn() throws {
        let words = try LaunchWords.parse(["a.b", "--info", "report=3", "--amount", "12", "--defer", "--info=x=y=z", "--catalog",
                                           "c.plist", "--format", "csv", "Title", "--", "--defer"])
        XCTAssertEqual(words.type, "a.b")
        XCTAssertEqual(words.info, [.init(key: "report", value: "3"), .init(key: "x", value: "y=z")])
        XCTAssertTrue(words.deferred)
        XCTAssertEqual(words.catalog, "c.plist")
        XCTAssertEqual(words.format, .csv)
        XCTAssertEqual(words.arguments, ["--amount", "12", "Title", "--", "--defer"])
        XCTAssertEqual(words.replayWords, ["--info", "report=3", "--info", "x=y=z", "--amount", "12", "Title", "--", "--defer"])
        XCTAssertThrowsError(try LaunchWords.parse(["a.b", "--info", "novalue"]))
        XCTAssertThrowsError(try LaunchWords.parse(["a.b", "--format", "xml"]))
        XCTAssertThrowsError(try LaunchWords.parse(["a.b", "--catalog"]))
    }

    func testAnActionWhoseCommandIsMissingIsUnavailable() throws {
        let action = ShortcutAction("scanReceipt", ["receipt", "scan"], unavailableHint: "scanning comes with the scanner feature")
        let route = ShortcutRoute(item: ShortcutItem(type: "com.sap.example.scanReceipt", title: "Scan a Receipt"), action: action,
                                  parameters: PropertyListDictionary(), arguments: ["photo.jpg"])
        XCTAssertThrowsError(try ShortcutLaunch.commandLine(route, registry: Commands.registry)) { error in
            guard let error = error as? ExpenseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .unavailable)
            XCTAssertEqual(error.message, "'Scan a Receipt' (com.sap.example.scanReceipt) needs the command 'expenses receipt scan', which this build of expenses does not have")
            XCTAssertEqual(error.hint, "scanning comes with the scanner feature")
        }
    }

    func testEveryActionNamesACommandOfTheLanguage() {
        // Except one whose feature comes later, which says so (takePhoto before receipt capture).
        for action in ShortcutActions.all where action.unavailableHint == nil {
            XCTAssertNotNil(Commands.registry.command(action.commandPath), "\(action.name) -> \(action.commandPath)")
        }
    }
}
