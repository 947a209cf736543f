import ExpenseCore
import ExpenseStore
import ExpenseSupport
import XCTest

/// The policy rules the server decides at submission (`PostgresSchema.policyFunctions`) find
/// what the app's own check (`PolicyCheck`, the rules a file's commands use) finds, by the same
/// keys, on the same data made through the app: one rule in two engines' words, held together.
final class PostgresPolicyParityTests: PostgresTestCase {
    private let eur = CurrencyTable.standard.currency("EUR")!

    func testTheServerFindsWhatTheAppFinds() throws {
        let store = try Store(path: cluster.connectionURI(user: "alice", password: password("alice"), database: database),
                              now: { "2026-03-10T09:00:00Z" })
        let report = try store.write {
            try store.insertReport(Report(id: 0, title: "Walldorf", startDate: CalendarDate(year: 2026, month: 3, day: 2),
                                          endDate: CalendarDate(year: 2026, month: 3, day: 4), currency: eur, owner: "alice"))
        }
        func add(_ category: String, _ cents: Int64, day: Int) throws -> Expense {
            let amount = Money(minorUnits: cents, currency: eur)
            return try store.insertExpense(Expense(reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: day)!,
                                                   category: category, amount: amount,
                                                   conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
        }
        _ = try add("taxi", 4_200, day: 3)                 // above the receipt threshold, no receipt
        let dinner = try add("meals", 5_000, day: 3)        // two meals over the daily limit...
        let lunch = try add("meals", 4_000, day: 3)
        _ = try add("per_diem", 1_000, day: 9)             // after the trip
        _ = try add("taxi", 1_000, day: 2)                 // below every limit
        let bytes = Array("one receipt for two meals".utf8)
        try store.receiptStorage?.store(bytes, hash: SHA256.hex(bytes))
        let receipt = try store.write {
            try store.insertReceipt(Receipt(sha256: SHA256.hex(bytes), mediaType: .png, size: Int64(bytes.count), source: .file,
                                            capturedAt: "2026-03-10T09:00:00Z"))
        }
        try store.attach(receipt: receipt.id, to: dinner.id)   // ...sharing one receipt
        try store.attach(receipt: receipt.id, to: lunch.id)

        let serverRules = Set(PolicyRule.allCases).subtracting([.duplicate])
        func appFindings() throws -> [String] {
            let items = try store.expenses(.report(report.id))
            var check = PolicyCheck(report: try store.report(report.id), items: items, categories: try store.categories())
            check.rules = serverRules
            check.severities = try store.policySeverities()
            check.receipts = try store.receiptHashes(ofItemsIn: report.id)
            check.receiptUses = try store.receiptUses(of: check.receipts.values.joined())
            return check.violations().map { "\($0.rule.rawValue)|\($0.key)|\($0.severity.rawValue)" }.sorted()
        }
        func serverFindings() throws -> [String] {
            try expectSuccess(cluster.psql("SELECT * FROM expenses.policy_findings(\(report.id));", database: database)).sorted()
        }
        let found = try appFindings()
        XCTAssertEqual(found.map { $0.split(separator: "|")[0] }.sorted(),
                       ["daily-limit", "missing-receipt", "outside-trip", "shared-receipt"], "the data shows every rule once")
        XCTAssertEqual(try serverFindings(), found)
        // Severities as configured, and a rule set to off is found by neither.
        for (rule, severity) in [("missing-receipt", "warning"), ("daily-limit", "blocking"), ("outside-trip", "off")] {
            try expectSuccess(sql("fiona", "SELECT expenses.policy_set('\(rule)', '\(severity)');"))
        }
        XCTAssertEqual(try serverFindings(), try appFindings())
        XCTAssertEqual(try serverFindings().count, 3)
    }
}
