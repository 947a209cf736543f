import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// The form engine with a scripted reader: what is asked, in which order, with which default,
/// and what a bad answer, Enter, Ctrl-C and Ctrl-D do.
final class FormEngineTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

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

    static let from = Option.date("from", "First day.")
    static let to = Option.date("to", "Last day.")
    static let currency: Option<Currency?> = .value("currency", "The currency.")
    static let amount: Option<Money?> = .value("amount", "The amount.")
    static let merchant = Option.text("merchant", "name", "Who was paid.")

    private let form = Form(
        heading: "Test",
        fields: [
            Form.Field("title", "Title", required: true),
            Form.Field(from, "First day"),
            Form.Field(to, "Last day").suggesting { $0[from]?.description }.asked { $0[from] != nil },
        ])

    func testAsksWhatIsNotGivenInOrderWithDefaultsFromEarlierAnswers() throws {
        let reader = ScriptedReader([.line("  Basel  "), .line("2026-04-01"), .line("")])
        let answers = try form.ask(reader: reader)
        XCTAssertEqual(answers.words, ["title": "Basel", "from": "2026-04-01", "to": "2026-04-01"])
        XCTAssertEqual(answers[Self.from], try CalendarDate.parse("2026-04-01"), "an answer is a value of its option's type")
        XCTAssertEqual(answers[Self.to], try CalendarDate.parse("2026-04-01"))
        XCTAssertEqual(reader.prompts, ["  Title: ", "  First day (optional): ", "  Last day [2026-04-01]: "])
    }

    func testABadOrMissingAnswerIsAskedAgainAndAnEmptyOptionalOneIsLeftOut() throws {
        let reader = ScriptedReader([.line(""), .line("Basel"), .line("2026-02-30"), .line("")])
        let answers = try form.ask(reader: reader)
        XCTAssertEqual(answers.words, ["title": "Basel"], "no first day, so no last day is asked")
        XCTAssertEqual(reader.prompts, ["  Title: ", "  Title: ", "  First day (optional): ", "  First day (optional): "])
    }

    func testGivenValuesAreNotAsked() throws {
        let reader = ScriptedReader([.line("")])
        var given = Form.Answers()
        given.set("Basel", word: "Basel", for: "title")
        XCTAssertEqual(try form.ask(given: given, reader: reader).words, ["title": "Basel"])
        XCTAssertEqual(reader.prompts, ["  First day (optional): "])
    }

    func testCtrlCAndCtrlDCancel() {
        for input in [ReplInput.interrupted(typed: false), .end] {
            XCTAssertThrowsError(try form.ask(reader: ScriptedReader([input]))) { error in
                XCTAssertEqual(error as? ExpenseError, Form.cancelled)
            }
        }
    }

    /// A form hands the command values, not text to parse again: an amount read in the currency
    /// given on the line, a currency answered, each as the option's type reads it.
    func testFillStoresTypedValuesInTheInvocation() throws {
        let spec = CommandSpec(
            ["try"], abstract: "A command to fill.", options: [Self.currency.required(), Self.amount.required(), Self.from, Self.merchant],
            run: { _, _ in .none })
        let registry = CommandRegistry(commands: [spec], groups: [])
        guard
            case .command(var invocation, _) = try CommandParser(registry: registry).parse(
                ["try", "--currency", "JPY"], requiringAll: false)
        else { return XCTFail() }
        XCTAssertNotNil(invocation.missing)
        let fields = Form(
            heading: "Fill",
            fields: [
                Form.Field(Self.currency, "Currency", required: true),
                Form.Field(Self.amount, "Amount", required: true) { answers in
                    guard let currency = answers[Self.currency] else { throw ExpenseError(.usage, "no currency") }
                    return AmountContext(currency)
                },
                Form.Field(Self.from, "First day"),
                Form.Field(Self.merchant, "Merchant"),
            ])
        let reader = ScriptedReader([.line("12.5"), .line("1250"), .line("2026-03-02"), .line("Isar Taxi")])
        try fields.fill(&invocation, reader: reader)
        XCTAssertEqual(
            reader.prompts, ["  Amount: ", "  Amount: ", "  First day (optional): ", "  Merchant (optional): "],
            "12.5 yen is refused with the yen's digits")
        XCTAssertNil(invocation.missing)
        let yen = try CurrencyTable.standard.require("JPY")
        XCTAssertEqual(
            try invocation[Self.amount, in: AmountContext(try CurrencyTable.standard.require("EUR"))],
            Money(minorUnits: 1250, currency: yen), "the answer's value is the command's")
        XCTAssertEqual(try invocation[Self.from], try CalendarDate.parse("2026-03-02"))
        XCTAssertEqual(try invocation[Self.merchant], "Isar Taxi")
        XCTAssertNil(invocation.value(forOptionNamed: Self.amount.spec.name), "no text to parse again")
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
        let elsewhere = Environment(variables: [:], workingDirectory: "/")
        XCTAssertEqual(PathCompletion.candidates(base + "rec", in: elsewhere), [base + "receipt.jpg", base + "receipts/"])
        XCTAssertEqual(
            PathCompletion.candidates(base, in: elsewhere), [base + "receipt.jpg", base + "receipts/"], "hidden ones only when asked")
        XCTAssertEqual(PathCompletion.candidates(base + ".", in: elsewhere), [base + ".hidden"])
        // A relative name is in the session's working directory, whatever the process's is.
        let inside = Environment(variables: [:], workingDirectory: directory.path)
        XCTAssertEqual(PathCompletion.candidates("rec", in: inside), ["receipt.jpg", "receipts/"])
    }
}
