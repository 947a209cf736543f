import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import Foundation
import StatementReading
import XCTest

@testable import ExpenseApp

/// The help topics: complete, true to the code they describe, and the same in `help TOPIC`
/// and the manual pages.
final class HelpTopicTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheRulesTopicNamesEveryDirectiveAndField() {
        let text = HelpTopics.rules.terminalText
        for directive in ImportRules.directives {
            XCTAssertTrue(text.contains("\n  \(directive) "), "directive \(directive) is not described")
        }
        let terms = HelpTopics.rules.blocks.flatMap { block -> [String] in
            if case .terms(let terms) = block { return terms.flatMap { $0.term.components(separatedBy: ", ") } }
            return []
        }
        for field in ImportRules.Field.allCases { XCTAssertTrue(terms.contains(field.rawValue), "field \(field.rawValue)") }
        for encoding in ["utf-8", "latin-1", "windows-1252"] { XCTAssertTrue(text.contains(encoding), encoding) }
    }

    func testTheRulesExampleIsTheFixtureTheImportTestsImport() throws {
        let fixture = try String(contentsOf: root.appendingPathComponent("Tests/Fixtures/import/amex.rules"), encoding: .utf8)
        XCTAssertEqual(HelpTopics.amexExample, fixture)
        XCTAssertTrue(HelpTopics.rules.blocks.contains(.example(fixture)))
        XCTAssertNoThrow(try ImportRules.parse(HelpTopics.amexExample, path: "help rules"))
    }

    func testThePolicyTopicNamesEveryRuleAndSeverity() {
        let text = HelpTopics.policy.terminalText
        for rule in PolicyRule.allCases { XCTAssertTrue(text.contains("\n  \(rule.rawValue) "), rule.rawValue) }
        for severity in PolicySeverity.allCases { XCTAssertTrue(text.contains("\n  \(severity.rawValue) "), severity.rawValue) }
    }

    func testThePerDiemTopicHasEveryRuleAndAnExampleTheCodeComputes() throws {
        let text = HelpTopics.perDiem.terminalText
        for term in [
            "full day", "partial day", "one day", "over midnight", "place", "rates", "meals", "lodging flat", "two trips", "currency",
            "frozen", "typed",
        ] {
            XCTAssertTrue(text.contains("\n  \(term) "), term)
        }
        // Two hotel breakfasts and a customer's dinner: 14.00 + 22.40 + 11.20 + 28.00 + 14.00.
        XCTAssertTrue(HelpTopics.workedExample.hasSuffix("Per diems total: 89.60 EUR\n"), HelpTopics.workedExample)
        XCTAssertTrue(
            HelpTopics.workedExample.contains(
                "2026-03-04  DE       breakfast,  28.00 EUR  -16.80 EUR  11.20 EUR  full day\n"
                    + "                     dinner\n"),
            HelpTopics.workedExample)
        XCTAssertTrue(HelpTopics.perDiem.blocks.contains(.example(HelpTopics.workedExample)))
        // Paris in 2026, breakfasts on the second and third day: 39.00 + (58.00 − 11.60) + (39.00 − 11.60).
        XCTAssertTrue(HelpTopics.abroadExample.hasSuffix("Per diems total: 112.80 EUR\n"), HelpTopics.abroadExample)
        XCTAssertTrue(HelpTopics.perDiem.blocks.contains(.example(HelpTopics.abroadExample)))
        // Its commands are the language's.
        let parser = CommandParser(registry: Commands.registry)
        for case .example(let lines) in HelpTopics.perDiem.blocks where lines.hasPrefix("expenses ") {
            for line in lines.split(separator: "\n") {
                let words = try Tokenizer.words(String(line.dropFirst("expenses ".count)))
                XCTAssertNoThrow(try parser.parse(words), String(line))
            }
        }
    }

    func testTheExitCodesTopicHasEveryStatusOfTheTable() {
        let text = HelpTopics.exitCodes.terminalText
        for status in [0, 1, 64, 65, 66, 69, 70, 73, 74, 75, 77] {
            XCTAssertTrue(text.contains("\n  \(status) "), "exit status \(status)")
        }
    }

    /// Every line of every topic fits the width it is laid out at, examples too: a command is
    /// broken with `\\` (the same words), at the prompt without `expenses`; a file's lines fit as
    /// they are; a computed table is laid out for the width.
    func testEveryLineFitsTheWidthAndCommandsAreAsTypedWhereTheyAreRead() {
        for topic in HelpTopics.all {
            for width in [80, 120] {
                let text = topic.terminalText(width: width)
                // The OVERVIEW line is a command's abstract, as long as the abstracts of command help.
                for line in text.split(separator: "\n").dropFirst() {
                    XCTAssertLessThanOrEqual(TerminalWidth.columns(String(line)), width, "\(topic.name) at \(width): \(line)")
                }
                XCTAssertEqual(Self.words(text), Self.words(topic.terminalText(width: 1000)), topic.name)
            }
            let atThePrompt = topic.terminalText(width: 80, audience: .prompt)
            XCTAssertFalse(atThePrompt.contains("'expenses "), "\(topic.name) at the prompt")
            XCTAssertFalse(atThePrompt.contains("\n  expenses "), "\(topic.name) at the prompt")
        }
        XCTAssertEqual(HelpTopic.wrap("one two three four", indent: 2, width: 12), "  one two\n  three four\n")
        XCTAssertEqual(HelpTopic.row("term", "text"), "  term" + String(repeating: " ", count: 20) + "text\n")
        XCTAssertEqual(
            HelpTopic.row(String(repeating: "x", count: 30), "text"),
            "  " + String(repeating: "x", count: 30) + "\n" + String(repeating: " ", count: 26) + "text\n")
    }

    /// The words of `text`, a `\\` that continues a command's line left out.
    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0 != "\\" }
    }

    func testHelpShowsATopicAndAGroupEndsWithItsTopic() {
        let help = HelpFormatter(registry: Commands.registry)
        XCTAssertEqual(help.help(for: ["rules"]), HelpTopics.rules.terminalText)
        let policy = help.help(for: ["policy"])
        XCTAssertTrue(policy.hasPrefix("OVERVIEW: The expense policy's rules and their severity, and who approves."), policy)
        XCTAssertTrue(policy.contains("SUBCOMMANDS:\n  list (default)"), policy)
        XCTAssertTrue(policy.hasSuffix(HelpTopics.policy.groupSection), policy)
        let root = help.help(for: [])
        for topic in HelpTopics.all { XCTAssertTrue(root.contains("\n  \(topic.name) "), topic.name) }
    }

    func testParsingHelpOfATopic() throws {
        let parser = CommandParser(registry: Commands.registry)
        guard case .help(let path) = try parser.parse(["help", "exit-codes"]) else { return XCTFail() }
        XCTAssertEqual(path, ["exit-codes"])
        XCTAssertThrowsError(try parser.parse(["help", "rulez"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unknown command 'rulez'")
            XCTAssertEqual((error as? UsageError)?.hint, "did you mean 'rules'?")
        }
        XCTAssertThrowsError(try parser.parse(["help", "rules", "list"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "'rules' is a help topic: 'expenses help rules' takes nothing after it")
        }
        XCTAssertThrowsError(try parser.parse(["rules"]), "a topic is no command")
    }
}
