import ExpenseTestSupport
import Foundation
import XCTest

/// The manual pages `expenses manpages DIR` writes from the command declarations: groff reads
/// them without a warning, lexgrog finds their whatis lines, and each command of each group is
/// on its page (man-db and groff-base, installed by Scripts/bootstrap).
final class ManualPageTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    var app: ExpensesProcess!
    var directory: String!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        directory = app.path("man")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        app.environment["SOURCE_DATE_EPOCH"] = "1773100800"  // 2026-03-10
        try app.ok("manpages", directory)
    }

    override func tearDown() { app = nil }

    private func tool(_ path: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(path) is missing: run Scripts/bootstrap (man-db, groff-base)")
            throw MissingTool(path)
        }
        return path
    }

    /// `man -l PAGE` as text, 200 columns wide, and what groff warned about it when run as
    /// lintian runs it.
    private func render(_ page: String) throws -> (text: String, warnings: String) {
        let man = URL(fileURLWithPath: try tool("/usr/bin/man"))
        let checked = try app.run(["--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page], executable: man)
        XCTAssertEqual(checked.status, 0, "\(page): \(checked.stderr)")
        app.environment["MANWIDTH"] = "200"
        defer { app.environment["MANWIDTH"] = nil }
        let result = try app.run(["-l", page], executable: man)
        XCTAssertEqual(result.status, 0, "\(page): \(result.stderr)")
        return (result.stdout, checked.stderr)
    }

    private var pages: [String] {
        ["man1", "man5"].flatMap { section in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + section)) ?? []).sorted().map {
                "\(directory!)/\(section)/\($0)"
            }
        }
    }

    /// The words that help lists under SUBCOMMANDS for `path`.
    private func subcommands(_ path: [String]) throws -> [String] {
        let result = try app.run(["help"] + path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let help = result.stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        // A line indented further is an abstract wrapped under its column.
        return help[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  See ") }
            .filter { !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The pages under docs/man, which a newcomer reads before installing (`man -l
    /// docs/man/man1/expenses.1`), are the ones this binary makes: a command whose declaration
    /// changed without `Scripts/manpages` fails here (issue 31, point 10). A directory that is not
    /// there is made.
    func testTheCheckedInPagesAreTheBinarys() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let made = app.path("made/man")
        app.environment["SOURCE_DATE_EPOCH"] = "1796083200"  // as Scripts/manpages dates them
        try app.ok("manpages", made)
        for section in ["man1", "man5"] {
            let checkedIn = repository.appendingPathComponent("docs/man/\(section)").path
            let names = try FileManager.default.contentsOfDirectory(atPath: made + "/" + section).sorted()
            XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: checkedIn).sorted(), "run Scripts/manpages")
            for name in names {
                XCTAssertEqual(
                    try String(contentsOfFile: checkedIn + "/" + name, encoding: .utf8),
                    try String(contentsOfFile: made + "/\(section)/" + name, encoding: .utf8),
                    "docs/man/\(section)/\(name) is not what the binary makes: run Scripts/manpages")
            }
        }
    }

    func testGroffWarnsOfNothingAndLexgrogReadsEachName() throws {
        let names = pages.map { ($0 as NSString).lastPathComponent }
        XCTAssertTrue(names.contains("expenses.1") && names.contains("expenses-report.1") && names.contains("expenses-rules.5"), "\(names)")
        for page in pages {
            XCTAssertEqual(try render(page).warnings, "", page)
            let whatis = try app.run([page], executable: URL(fileURLWithPath: try tool("/usr/bin/lexgrog")))
            XCTAssertEqual(whatis.status, 0, "\(page): \(whatis.stdout)")
            let name = ((page as NSString).lastPathComponent as NSString).deletingPathExtension
            XCTAssertTrue(whatis.stdout.hasPrefix("\(page): \"\(name) - "), whatis.stdout)
            let text = try String(contentsOfFile: page, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix(".TH \"\(name.uppercased().replacingOccurrences(of: "-", with: "\\-"))\" "), page)
            XCTAssertTrue(text.contains("\"2026\\-03\\-10\""), "dated by SOURCE_DATE_EPOCH")
            XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(page): ASCII whatever man's encoding")
        }
    }

    func testEveryCommandOfEveryGroupIsOnItsPage() throws {
        let main = try render(directory + "/man1/expenses.1").text
        var checked = 0
        for word in try subcommands([]) where word != "help" {
            let groupPage = directory + "/man1/expenses-\(word).1"
            if FileManager.default.fileExists(atPath: groupPage) {
                XCTAssertTrue(main.contains("expenses \(word)\n") && main.contains("See expenses-\(word)(1)."), word)
                let text = try render(groupPage).text
                for command in try subcommands([word]) {
                    let name = command == "(default)" ? nil : command
                    guard let name else { continue }
                    XCTAssertTrue(text.contains("   expenses \(word) \(name)"), "expenses \(word) \(name) is not in expenses-\(word)(1)")
                    checked += 1
                }
            } else {
                XCTAssertTrue(main.contains("   expenses \(word)"), "expenses \(word) is not in expenses(1)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 60, "every command was looked for")
        for section in ["OPTIONS", "EXIT STATUS", "QUICK ACTIONS", "ENVIRONMENT", "SEE ALSO"] {
            XCTAssertTrue(main.contains("\n\(section)\n"), section)
        }
        XCTAssertTrue(main.contains("--db path"), "the global options")
        let rules = try render(directory + "/man5/expenses-rules.5").text
        for part in [
            "DIRECTIVES", "date-format FORMAT", "if FIELD matches REGEX then ACTION", "FIELDS", "external-id",
            "if merchant matches ^PAYMENT RECEIVED then skip",
        ] {
            XCTAssertTrue(rules.contains(part), part)
        }
    }

    func testPagesThatExistAreReplacedOnlyWithForce() throws {
        let again = try app.run("manpages", directory)
        XCTAssertEqual(again.status, 73)
        XCTAssertTrue(again.stderr.hasPrefix("expenses: error: \(directory!)/man1/expenses.1 exists"), again.stderr)
        XCTAssertTrue(try app.ok("manpages", directory, "--force").hasPrefix("Wrote 24 manual pages to \(directory!): expenses(1), "))
        // A directory that is not there is made; a file where it should be is refused.
        XCTAssertEqual(try app.run("manpages", app.path("nowhere")).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("nowhere/man1/expenses.1")))
        XCTAssertTrue(FileManager.default.createFile(atPath: app.path("a-file"), contents: Data("x".utf8)))
        XCTAssertEqual(try app.run("manpages", app.path("a-file")).status, 73)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath), "no database is made for them")
    }
}
