import ExpenseTestSupport
import Foundation
import XCTest

/// What the `expenses import` tests share: the binary in a directory of its own, the fixtures,
/// statements written on the fly, and the summary line without its timing.
class ImportTestCase: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import")

    /// Copies a fixture into the test's directory and returns its path there.
    func fixture(_ name: String) throws -> String {
        let target = app.path(name)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: target)
        return target
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let path = app.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let cardRules = """
        # A card export: Date,Merchant,Amount with ISO dates, charges positive.
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals
        if merchant matches taxi then category taxi

        """

    /// A statement with one row per day between `first` and `last` day of March 2026, plus
    /// `extra` rows.
    func statement(days: ClosedRange<Int>, extra: [String] = []) -> String {
        "Date,Merchant,Amount\n" + days.map { "2026-03-\($0 < 10 ? "0" : "")\($0),Cafe \($0),\($0).50\n" }.joined()
            + extra.map { $0 + "\n" }.joined()
    }

    func count(_ sql: String = "SELECT count(*) FROM expenses") throws -> Int { Int(try app.query(sql)) ?? -1 }

    /// "Imported FILE as batch N: ... in 0.01 s (123 rows/s)" without the timing.
    func summary(_ stdout: String) -> String {
        stdout.replacingOccurrences(of: #" in [0-9.]+ s( \([0-9,]+ rows/s\))?"#, with: "", options: .regularExpression)
    }
}

extension Data {
    /// The bytes with each `target` replaced (a rejects file fixed as a person would).
    func replacingOccurrences(of target: Data, with replacement: Data) -> Data {
        var result = Data()
        var index = startIndex
        while let range = self[index...].firstRange(of: target) {
            result += self[index..<range.lowerBound] + replacement
            index = range.upperBound
        }
        return result + self[index...]
    }
}
