import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// The expense `receipt capture --create` proposes, and the REPL's dialog about it, driven by a
/// scripted line reader.
final class DraftConfirmationTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    private final class ScriptedReader: LineReader {
        var wakeDescriptor: Int32?
        var answers: [ReplInput]
        var prompts: [String] = []
        init(_ answers: [ReplInput]) { self.answers = answers }
        var wake: (() -> Bool)?
        func read(prompt: String, completion: ((String) -> [String])?) -> ReplInput {
            prompts.append(prompt)
            return answers.isEmpty ? .end : answers.removeFirst()
        }
        func remember(_ line: String) {}
    }

    private var directory: URL!
    private var store: Store!
    private var report: Report!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("drafts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Store(path: directory.appendingPathComponent("e.sqlite").path, now: { "2026-03-10T09:00:00Z" })
        report = try store.write {
            try store.insertReport(Report(id: 0, title: "Walldorf", currency: try CurrencyTable.standard.require("EUR"), owner: "ana"))
        }
    }

    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private let read = ReceiptSuggestion(
        merchant: "HOTEL ASTORIA", date: try? CalendarDate.parse("2026-03-06"), amount: "1234.56",
        currency: "EUR", category: "lodging")

    private func draft(_ suggestion: ReceiptSuggestion? = nil, overrides: [String: String] = [:]) throws -> ReceiptExpenseDraft {
        ReceiptExpenseDraft(
            suggestion: suggestion ?? read, takenOn: try CalendarDate.parse("2026-03-05"), overrides: overrides,
            report: report, defaultCurrency: "CHF", today: try CalendarDate.parse("2026-03-10"))
    }

    func testFieldsComeFromOptionsThenTheReceiptThenDefaults() throws {
        let full = try draft()
        XCTAssertEqual(
            [full.date.value, full.amount.value, full.currency.value, full.merchant.value, full.category.value],
            ["2026-03-06", "1234.56", "EUR", "HOTEL ASTORIA", "lodging"])
        XCTAssertTrue(full.needsConfirmation)
        let given = try draft(overrides: ["amount": "99.90", "date": "2026-03-04", "category": "meals"])
        XCTAssertFalse(given.needsConfirmation, "nothing that counts was guessed")
        XCTAssertEqual(given.merchant.origin, .receipt)
        let blank = try draft(ReceiptSuggestion())
        XCTAssertEqual(blank.date.value, "2026-03-05", "the photo's date")
        XCTAssertEqual(blank.date.origin, .photo)
        XCTAssertEqual(blank.currency.value, "EUR", "the report's")
        XCTAssertEqual(blank.amount.origin, .missing)
        assertThrows(try blank.expense(in: store), "no total was read")
    }

    func testTheExpenseIsCheckedAndConverted() throws {
        let item = try draft().expense(in: store)
        XCTAssertEqual(item.amount.description, "1,234.56 EUR")
        XCTAssertEqual(item.reportID, report.id)
        XCTAssertEqual(item.conversion?.converted.description, "1,234.56 EUR")
        assertThrows(try draft(overrides: ["category": "hotel"]).expense(in: store), "unknown category 'hotel'")
        assertThrows(try draft(overrides: ["amount": "12.345"]).expense(in: store), "EUR has 2 decimals")
        var swiss = try draft(overrides: ["currency": "CHF", "amount": "38.50"])
        try swiss.change("rate", to: "1.0412")
        XCTAssertEqual(try swiss.expense(in: store).conversion?.converted.description, "40.09 EUR")
    }

    func testTheDialogAcceptsChangesThenYes() throws {
        var proposal = try draft()
        let reader = ScriptedReader([
            .line("amount 1,200.00"), .line("categroy meals"), .line("category meals"), .line("maybe"), .line("y"),
        ])
        XCTAssertEqual(try DraftConfirmation(reader: reader, store: store).confirm(&proposal, receiptLabel: "receipt abc"), .create)
        XCTAssertEqual(proposal.amount.value, "1,200.00")
        XCTAssertEqual(proposal.category.value, "meals")
        XCTAssertEqual(try proposal.expense(in: store).amount.minorUnits, 120_000)
        XCTAssertEqual(reader.prompts.count, 5)
    }

    func testYesIsRefusedUntilTheDraftIsComplete() throws {
        var proposal = try draft(ReceiptSuggestion(merchant: "Kiosk"))
        let reader = ScriptedReader([.line(""), .line("amount 7.40"), .line("yes"), .line("category other"), .line("")])
        XCTAssertEqual(try DraftConfirmation(reader: reader, store: store).confirm(&proposal, receiptLabel: "receipt abc"), .create)
        XCTAssertEqual(reader.prompts.count, 5, "the first two yeses were refused")
    }

    func testNoKeepsTheReceiptAndCtrlCCancelsEverything() throws {
        var proposal = try draft()
        XCTAssertEqual(
            try DraftConfirmation(reader: ScriptedReader([.line("n")]), store: store).confirm(&proposal, receiptLabel: "r"), .skip)
        XCTAssertThrowsError(
            try DraftConfirmation(reader: ScriptedReader([.interrupted(typed: false)]), store: store)
                .confirm(&proposal, receiptLabel: "r")
        ) { error in
            XCTAssertEqual(error as? ExpenseError, Cancellation.cancelled)
        }
        XCTAssertThrowsError(try DraftConfirmation(reader: ScriptedReader([.end]), store: store).confirm(&proposal, receiptLabel: "r"))
    }

    private func assertThrows<T>(_ body: @autoclosure () throws -> T, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try body()
            XCTFail("expected an error with '\(text)'", file: file, line: line)
        } catch let error as ExpenseError {
            XCTAssertTrue(error.message.contains(text), error.message, file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }
}
