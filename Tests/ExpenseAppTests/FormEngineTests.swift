@testable import ExpenseApp
import ExpenseCore
import Foundation
import XCTest
@testable import ExpenseSupport

/// The form engine with a scripted reader: what is asked, in which order, with which default,
/// and what a bad answer, Enter, Ctrl-C and Ctrl-D do.
final class FormEngineTests: XCTestCase {
    private final class ScriptedReader: LineReader {
        var wakeDescriptor: Int32?
        var answers: [ReplInput]
        var prompts: [String] = []
        var wake: (() -> Bool)?
        init(_ answers: [ReplInput]) { self.answers = answers }
        func read(prompt: String, completion: ((String) -> [String])?) -> ReplInput {
            prompts.append(prompt)
            return answers.isEmpty ? .end : answers.removeFirst()
        }
        func remember(_ line: String) {}
    }

    private let form = Form(heading: "Test", fields: [
        Form.Field("title", "Title", required: true),
        Form.Field("from", "First day").checking { text, _ in try CalendarDate.parse(text).description },
        Form.Field("to", "Last day").suggesting { $0["from"] }.asked { $0["from"] != nil },
    ])

    func testAsksWhatIsNotGivenInOrderWithDefaultsFromEarlierAnswers() throws {
        let reader = ScriptedReader([.line("  Basel  "), .line("2026-04-01"), .line("")])
        let answers = try form.ask(given: [:], reader: reader)
        XCTAssertEqual(answers, ["title": "Basel", "from": "2026-04-01", "to": "2026-04-01"])
        XCTAssertEqual(reader.prompts, ["  Title: ", "  First day (optional): ", "  Last day [2026-04-01]: "])
    }

    func testABadOrMissingAnswerIsAskedAgainAndAnEmptyOptionalOneIsLeftOut() throws {
        let reader = ScriptedReader([.line(""), .line("Basel"), .line("2026-02-30"), .line("")])
        let answers = try form.ask(given: [:], reader: reader)
        XCTAssertEqual(answers, ["title": "Basel"], "no first day, so no last day is asked")
        XCTAssertEqual(reader.prompts, ["  Title: ", "  Title: ", "  First day (optional): ", "  First day (optional): "])
    }

    func testGivenValuesAreNotAsked() throws {
        let reader = ScriptedReader([.line("")])
        XCTAssertEqual(try form.ask(given: ["title": "Basel"], reader: reader), ["title": "Basel"])
        XCTAssertEqual(reader.prompts, ["  First day (optional): "])
    }

    func testCtrlCAndCtrlDCancel() {
        for input in [ReplInput.interrupted(typed: false), .end] {
            XCTAssertThrowsError(try form.ask(given: [:], reader: ScriptedReader([input]))) { error in
                XCTAssertEqual(error as? ExpenseError, Form.cancelled)
            }
        }
    }

    func testTheTripsDayIsTodayWhileItLastsElseItsFirstDay() throws {
        let today = try CalendarDate.parse("2026-03-04")
        var report = Report(id: 1, title: "Munich", currency: try CurrencyTable.standard.require("EUR"), owner: "ana")
        XCTAssertEqual(ExpenseForm.tripDay(report, today: today), today, "no dates: today")
        report.startDate = try CalendarDate.parse("2026-03-02")
        report.endDate = try CalendarDate.parse("2026-03-06")
        XCTAssertEqual(ExpenseForm.tripDay(report, today: today), today)
        report.endDate = try CalendarDate.parse("2026-03-03")
        XCTAssertEqual(ExpenseForm.tripDay(report, today: today), report.startDate)
    }

    func testPathCompletionListsTheDirectorysEntriesWithSlashesOnDirectories() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("receipts"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("receipt.jpg").path, contents: Data())
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(".hidden").path, contents: Data())
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = directory.path + "/"
        XCTAssertEqual(PathCompletion.candidates(base + "rec"), [base + "receipt.jpg", base + "receipts/"])
        XCTAssertEqual(PathCompletion.candidates(base), [base + "receipt.jpg", base + "receipts/"], "hidden ones only when asked")
        XCTAssertEqual(PathCompletion.candidates(base + "."), [base + ".hidden"])
    }
}
