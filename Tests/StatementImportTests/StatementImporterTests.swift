import ExpenseCore
import ExpenseStore
import StatementReading
import XCTest

@testable import ExpenseSupport
@testable import StatementImport

/// The importer over camt.053 and OFX beside CSV, in process: the format by content, rules
/// checked per format before anything is written, pending entries counted, re-imports adding nothing.
final class StatementImporterTests: XCTestCase {
    private var directory = ""
    private var store: Store!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("importer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try Store(path: directory + "/db.sqlite", now: { "2026-04-01T09:00:00Z" })
    }

    override func tearDownWithError() throws {
        store = nil
        try FileManager.default.removeItem(atPath: directory)
    }

    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/import/\(name)").path
    }

    private func run(_ files: [String], rules: String? = nil, rejects: String? = nil) throws -> StatementImporter.Outcome {
        let parsed = try rules.map { try ImportRules.parse($0, path: "test.rules", complete: false) }
        return try StatementImporter(
            store: store,
            request: .init(
                files: files, rules: parsed, reportID: nil, skipInvalid: rejects != nil,
                rejectsPath: rejects)
        ).run()
    }

    private func expenses() throws -> Int64 {
        try store.db.queryFirst("SELECT count(*) FROM expenses" as SQL) { $0.int64(0) } ?? -1
    }

    func testEntriesImportOncePendingOnesAreCounted() throws {
        let files = [fixture("camt053-001-02.xml"), fixture("camt053-001-08.xml"), fixture("card-ofx102.ofx"), fixture("bank-ofx220.ofx")]
        let first = try run(files)
        XCTAssertEqual(first.files.map(\.counts.new), [2, 2, 4, 3])
        XCTAssertEqual(first.files.map(\.pending), [1, 1, 0, 0])
        XCTAssertEqual(first.pending, 2)
        XCTAssertEqual(first.files.map(\.bankCreditsSkipped), [1, 0, 0, 1], "a bank account's credits, not the card's")
        XCTAssertEqual(first.files.map(\.counts.skipped), [0, 0, 0, 0])
        let again = try run(files, rules: "credits skip\n")
        XCTAssertEqual(again.total.new, 0)
        XCTAssertEqual(again.total.duplicate, 10)
        XCTAssertEqual(again.total.skipped, 3, "the credits, skipped before they are looked up")
        XCTAssertEqual(again.bankCreditsSkipped, 0)
        XCTAssertEqual(try expenses(), 11)
    }

    func testRulesAreCheckedPerFormatBeforeAnythingIsWritten() throws {
        let amex = fixture("amex.csv")
        XCTAssertThrowsError(try run([amex])) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .usage)
            XCTAssertEqual((error as? ExpenseError)?.message, "\(amex) is a CSV statement: reading it needs a rules file")
        }
        XCTAssertThrowsError(try run([fixture("bank-ofx220.ofx")], rules: "default category meals\nskip 2\n")) { error in
            XCTAssertEqual((error as? ExpenseError)?.location, "test.rules:2")
        }
        XCTAssertThrowsError(try run([amex], rules: "credits skip\n")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "the rules map no date column", "rules without columns do not read a CSV")
        }
        let amexRules = try String(contentsOfFile: fixture("amex.rules"), encoding: .utf8)
        XCTAssertThrowsError(try run([amex, fixture("card-ofx102.ofx")], rules: amexRules)) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .usage)
            XCTAssertEqual(
                (error as? ExpenseError)?.message,
                "\(amex) is a CSV statement and \(self.fixture("card-ofx102.ofx")) is not: one import reads CSV statements or camt, OFX, MT940 and QIF ones, not both"
            )
            XCTAssertEqual(
                (error as? ExpenseError)?.hint,
                "import the CSV statements through their rules, and the camt.052, camt.053, camt.054, OFX, MT940 and QIF ones on their own")
        }
        XCTAssertEqual(try expenses(), 0)
    }

    func testMarkupThatIsNeitherFormatIsBadDataAtItsFirstLine() throws {
        let path = directory + "/plist.xml"
        try Data("<?xml version=\"1.0\"?>\n<plist/>".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try run([path])) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertEqual((error as? ExpenseError)?.location, "\(path):1")
            for format in ["CSV", "camt.052", "camt.053", "camt.054", "OFX", "MT940", "QIF"] {
                XCTAssertTrue((error as? ExpenseError)?.hint?.contains(format) == true, "\(error) names \(format)")
            }
        }
    }
}
