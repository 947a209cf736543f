import ExpenseTestSupport
import Foundation
import XCTest

/// Usage errors in the argument-parser style (exit 64), and help (stdout, exit 0).
final class UsageAndHelpTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private func assertUsage(_ arguments: [String], _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, 64, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr, expected, file: file, line: line)
    }

    func testUnknownOptionSuggestsTheNearest() throws {
        try assertUsage(
            ["expense", "add", "--ammount", "3"],
            """
            expenses: error: unknown option '--ammount'
            hint: did you mean '--amount'?
            usage: expenses expense add --amount <amount> --category <code> [<options>]
              see 'expenses help expense add'

            """)
    }

    func testUnknownCommandAndSubcommand() throws {
        try assertUsage(
            ["reprot", "list"],
            """
            expenses: error: unknown command 'reprot'
            hint: did you mean 'report'?
            usage: expenses <subcommand> [<options>]
              see 'expenses help'

            """)
        try assertUsage(
            ["report", "lsit"],
            """
            expenses: error: unknown command 'report lsit'
            hint: did you mean 'report list'?
            usage: expenses report <subcommand> [<options>]
              see 'expenses help report'

            """)
    }

    func testMissingValueMissingArgumentAndUnexpected() throws {
        try assertUsage(
            ["expense", "add", "--category", "meals", "--amount"],
            """
            expenses: error: missing value for '--amount <amount>'
            usage: expenses expense add --amount <amount> --category <code> [<options>]
              see 'expenses help expense add'

            """)
        try assertUsage(
            ["expense", "add", "--category", "meals"],
            """
            expenses: error: missing argument '--amount <amount>' (or '--distance' instead)
            usage: expenses expense add --amount <amount> --category <code> [<options>]
              see 'expenses help expense add'

            """)
        try assertUsage(
            ["report", "new"],
            """
            expenses: error: missing argument '<title>'
            usage: expenses report new [<options>] <title>
              see 'expenses help report new'

            """)
        try assertUsage(
            ["report", "show", "1", "2", "3"],
            """
            expenses: error: 2 unexpected arguments: '2', '3'
            usage: expenses report show <id>
              see 'expenses help report show'

            """)
    }

    func testValueNotAllowedListsTheAllowedOnes() throws {
        try assertUsage(
            ["report", "list", "--format", "xml"],
            """
            expenses: error: invalid value 'xml' for '--format <format>': give one of 'table', 'json' or 'csv'
            usage: expenses report list [<options>]
              see 'expenses help report list'

            """)
        try assertUsage(
            ["expense", "add", "--amount", "1", "--category", "meals", "--paid-by", "boss"],
            """
            expenses: error: invalid value 'boss' for '--paid-by <who>': give one of 'personal' or 'company'
            usage: expenses expense add --amount <amount> --category <code> [<options>]
              see 'expenses help expense add'

            """)
        try assertUsage(
            ["report", "show", "abc"],
            """
            expenses: error: invalid value 'abc' for '<id>': expected a positive number
            usage: expenses report show <id>
              see 'expenses help report show'

            """)
    }

    func testHelpIsTheSameThreeWays() throws {
        let help = try app.run("help", "expense", "add")
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        XCTAssertEqual(try app.run("expense", "add", "--help").stdout, help.stdout)
        XCTAssertEqual(try app.run("expense", "add", "-h").stdout, help.stdout)
        var position = help.stdout.startIndex
        for section in ["OVERVIEW: Add an expense", "USAGE: expenses expense add", "OPTIONS:", "  --amount <amount>", "EXAMPLES:"] {
            let found = try XCTUnwrap(help.stdout.range(of: section, range: position..<help.stdout.endIndex), section)
            position = found.upperBound
        }
        XCTAssertTrue(help.stdout.contains("(values: personal, company)"))
    }

    func testRootAndGroupHelp() throws {
        let root = try app.run("help")
        XCTAssertEqual(root.status, 0)
        for word in ["SUBCOMMANDS:", "  report", "  expense", "  category", "  currency", "  run"] {
            XCTAssertTrue(root.stdout.contains(word), word)
        }
        XCTAssertEqual(try app.run("--help").stdout, root.stdout)
        // Help about help is the overview, which says how to ask (it said "Unknown command 'help'. Did you mean 'help'?").
        let helpHelp = try app.run("help", "help")
        XCTAssertEqual(helpHelp.status, 0, helpHelp.stderr)
        XCTAssertEqual(helpHelp.stdout, root.stdout)
        let group = try app.run("help", "report")
        XCTAssertTrue(group.stdout.contains("  list (default)"), group.stdout)
        XCTAssertEqual(try app.run("report", "--help").stdout, group.stdout)
        XCTAssertEqual(try app.run("--version").stdout, "expenses 0.1.0\n")
    }

    // MARK: - Help topics: what the binary alone tells

    func testHelpListsItsTopicsAndShowsEach() throws {
        let root = try app.ok("help")
        for topic in ["rules", "policy", "quick-actions", "exit-codes"] {
            XCTAssertTrue(root.contains("HELP TOPICS:\n") && root.contains("\n  \(topic) "), topic)
            let help = try app.run("help", topic)
            XCTAssertEqual(help.status, 0, topic)
            XCTAssertEqual(help.stderr, "", topic)
        }
        let exitCodes = try app.ok("help", "exit-codes")
        XCTAssertTrue(exitCodes.contains("  77                      Permission denied: not your report"), exitCodes)
        let policy = try app.ok("help", "policy")
        XCTAssertTrue(
            policy.contains("SUBCOMMANDS:\n  list (default)") && policy.contains("\nPOLICY:\n") && policy.contains("  missing-receipt "),
            policy)
        XCTAssertEqual(try app.ok("policy", "--help"), policy)
        XCTAssertTrue(try app.ok("help", "import").contains("'expenses help rules'"), "import sends the reader to the rules topic")
        try assertUsage(
            ["help", "rulez"],
            """
            expenses: error: unknown command 'rulez'
            hint: did you mean 'rules'?
            usage: expenses <subcommand> [<options>]
              see 'expenses help'

            """)
    }

    /// Someone with only the binary copies the example of 'help rules' and imports a card
    /// statement with it.
    func testTheRulesTopicsExampleImportsTheCardStatement() throws {
        let help = try app.ok("help", "rules")
        for part in ["DIRECTIVES:\n", "  date-format FORMAT ", "  if FIELD matches REGEX then ACTION\n", "FIELDS:\n", "  external-id "] {
            XCTAssertTrue(help.contains(part), part)
        }
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  # American Express export") })
        let example = lines[start...].prefix { !$0.isEmpty }.map { $0.dropFirst(2) + "\n" }.joined()
        try example.write(toFile: app.path("amex.rules"), atomically: true, encoding: .utf8)
        let statement = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/import/amex.csv").path
        let imported = try app.run("import", statement, "--rules", app.path("amex.rules"))
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains(": 5 new, 0 duplicate, 0 invalid, 1 skipped"), imported.stdout)
    }

    func testHelpDoesNotCreateADatabase() throws {
        try app.ok("help", "report", "new")
        try app.ok("help", "rules")
        try app.ok("--version")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath))
    }

    func testGroupAloneRunsItsDefault() throws {
        try app.ok("report", "new", "Trip")
        XCTAssertEqual(try app.ok("report"), try app.ok("report", "list"))
    }
}
