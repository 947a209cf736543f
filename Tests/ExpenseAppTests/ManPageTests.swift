import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// Roff as the manual pages are written: nothing of a help's text can become a request or an
/// escape, and the pages hold every command.
final class ManPageTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    func testTextIsEscaped() {
        XCTAssertEqual(ManPage.escape(#"--db C:\x"#), #"\-\-db C:\(rsx"#)
        XCTAssertEqual(ManPage.escape("a — b, é"), #"a \[u2014] b, \[u00E9]"#)
        XCTAssertEqual(ManPage.escape("tab\there"), "tab here")
        XCTAssertEqual(ManPage.line(".SH not a request"), #"\&.SH not a request"#)
        XCTAssertEqual(ManPage.line("'br"), #"\&'br"#)
        XCTAssertEqual(ManPage.line("a.b"), "a.b")
        XCTAssertEqual(ManPage.argument(#"say "hi""#), #""say \(dqhi\(dq""#)
        XCTAssertEqual((Roff.bold("--amount") + " " + .italic("amount")).text, #"\fB\-\-amount\fR \fIamount\fR"#)
    }

    func testAPageStartsWithItsTitleAndAWhatisLine() {
        var page = ManPage(
            name: "expenses-x", section: 1, summary: "Things to do.", date: "2026-03-10", source: "expenses 0.1.0",
            manual: "Expenses Manual")
        page.paragraph(".leading dot")
        page.example("first\n\n.second\n")
        XCTAssertEqual(
            page.text,
            #"""
            .TH "EXPENSES\-X" 1 "2026\-03\-10" "expenses 0.1.0" "Expenses Manual"
            .nh
            .SH NAME
            expenses\-x \- Things to do
            .PP
            \&.leading dot
            .PP
            .RS 4
            .nf
            first
            \&
            \&.second
            .fi
            .RE

            """#)
        XCTAssertEqual(page.fileName, "expenses-x.1")
    }

    func testEveryCommandIsOnItsGroupsPageOrTheMainOne() {
        let manual = ManualPages(registry: Commands.registry, date: "2026-03-10", version: "0.1.0")
        let pages = Dictionary(uniqueKeysWithValues: manual.pages.map { ($0.name, $0.text) })
        // A group within a group (allowance rates) is on its parent's page.
        let groups = Commands.registry.groups.filter { !$0.name.contains(" ") }
        XCTAssertEqual(pages.count, groups.count + 2, "expenses(1), a page a group, expenses-rules(5)")
        for command in Commands.registry.commands where !command.hidden {
            let page = Commands.registry.isGroup([command.path[0]]) ? "expenses-\(command.path[0])" : "expenses"
            let heading = ".SS\n\\fB" + ManPage.escape("expenses " + command.name) + "\\fR"
            XCTAssertTrue(pages[page]?.contains(heading) == true, "\(command.name) is not in \(page)")
        }
        XCTAssertFalse(pages.values.contains { $0.contains("__complete") || $0.contains("manpages") }, "hidden commands stay hidden")
        XCTAssertTrue(pages["expenses-policy"]?.contains(".SH\nPOLICY\n") == true)
        XCTAssertTrue(pages["expenses"]?.contains(".SH\nEXIT STATUS\n") == true)
        XCTAssertTrue(pages["expenses-import"]?.contains("\\fBexpenses\\-rules\\fR(5)") == true, "import points to the rules page")
    }
}
