import ExpenseCore
import ExpenseStore
import ExpenseSupport
import XCTest

/// The policy the server holds at submission (`PostgresSchema.policyFunctions`) finds what the
/// app's own check (`PolicyCheck`, the rules a file's commands use) finds, by the same keys, on the
/// same data made through the app: each rule in two engines' words, held together.
final class PostgresPolicyParityTests: PostgresTestCase {
    private let eur = CurrencyTable.standard.currency("EUR")!

    func testTheServerFindsWhatTheAppFinds() throws {
        let store = try Store(
            server: cluster.connectionURI(user: "alice", password: password("alice"), database: database),
            now: { "2026-03-10T09:00:00Z" })
        let report = try store.write {
            try store.insertReport(
                Report(
                    id: 0, title: "Walldorf", startDate: CalendarDate(year: 2026, month: 3, day: 2),
                    endDate: CalendarDate(year: 2026, month: 3, day: 4), currency: eur, owner: "alice", country: .germany))
        }
        func add(_ category: String, _ cents: Int64, day: Int, vat: String? = nil) throws -> Expense {
            let amount = Money(minorUnits: cents, currency: eur)
            return try store.insertExpense(
                Expense(
                    reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: day)!,
                    category: category, amount: amount,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: amount),
                    vat: try vat.map { try VATSplit.parse($0, amount: amount) }))
        }
        _ = try add("taxi", 4_200, day: 3, vat: "19")  // above the receipt threshold, no receipt, and its VAT unreclaimable
        let dinner = try add("meals", 5_000, day: 3, vat: "7:30.00,19:20.00")  // two meals over the daily limit (VAT with a receipt)...
        let lunch = try add("meals", 4_000, day: 3)
        _ = try add("per_diem", 1_000, day: 9)  // after the trip, and typed beside the computed per diems
        _ = try add("taxi", 1_000, day: 2)  // below every limit, but twice...
        _ = try add("taxi", 1_000, day: 2)
        let day2 = CalendarDate(year: 2026, month: 3, day: 2)!  // ...and once more outside the report: three possible duplicates
        _ = try store.insertExpense(Expense(date: day2, category: "taxi", merchant: "Cab", amount: Money(minorUnits: 1_000, currency: eur)))
        let bytes = Array("one receipt for two meals".utf8)
        try store.receiptStorage?.store(bytes, hash: SHA256.hex(bytes))
        let receipt = try store.write {
            try store.insertReceipt(
                Receipt(
                    sha256: SHA256.hex(bytes), mediaType: .png, size: Int64(bytes.count), source: .file,
                    capturedAt: "2026-03-10T09:00:00Z"))
        }
        try store.attach(receipt: receipt.id, to: dinner.id, by: .tester)  // ...sharing one receipt
        try store.attach(receipt: receipt.id, to: lunch.id, by: .tester)

        func appFindings() throws -> [String] {
            let items = try store.expenses(.report(report.id))
            var check = PolicyCheck(report: try store.report(report.id), items: items, categories: try store.categories())
            check.severities = try store.policySeverities()
            check.otherItems = try store.duplicateCandidates(of: items, in: try store.report(report.id))
            check.receipts = try store.receiptHashes(ofItemsIn: report.id)
            check.receiptUses = try store.receiptUses(of: check.receipts.values.joined())
            return check.violations().map { "\($0.rule.rawValue)|\($0.key)|\($0.severity.rawValue)" }.sorted()
        }
        func serverFindings() throws -> [String] {
            try expectSuccess(cluster.psql("SELECT * FROM expenses.policy_findings(\(report.id));", database: database)).sorted()
        }
        let found = try appFindings()
        XCTAssertEqual(
            found.map { $0.split(separator: "|")[0] }.sorted(),
            ["daily-limit", "duplicate", "missing-receipt", "outside-trip", "shared-receipt", "typed-per-diem", "vat-without-receipt"],
            "the data shows every rule once")
        XCTAssertEqual(try serverFindings(), found)
        // Severities as configured, and a rule set to off is found by neither.
        for (rule, severity) in [("missing-receipt", "warning"), ("daily-limit", "blocking"), ("outside-trip", "off")] {
            try expectSuccess(sql("fiona", "SELECT expenses.policy_set('\(rule)', '\(severity)');"))
        }
        XCTAssertEqual(try serverFindings(), try appFindings())
        XCTAssertEqual(try serverFindings().count, 6)
    }

    /// A report in dollars: its limits, set in euros, converted at the ECB's rate of the item's day
    /// (or the last before), rounded half-even, by both; at exactly the limit, no finding.
    func testLimitsInEurosAreConvertedAlikeForAReportInAnotherCurrency() throws {
        // 25.00 EUR at 1.0822 is 27.055 USD: half-even 27.06. 80.00 EUR is 86.576: 86.58.
        try expectSuccess(cluster.psql("INSERT INTO exchange_rates VALUES ('USD', '2026-03-02', '1.0822');", database: database))
        let store = try Store(
            server: cluster.connectionURI(user: "alice", password: password("alice"), database: database),
            now: { "2026-03-10T09:00:00Z" })
        let usd = CurrencyTable.standard.currency("USD")!
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Boston", currency: usd, owner: "alice")) }
        for (category, cents, day) in [
            ("taxi", 2_706, 3), ("taxi", 2_707, 4), ("meals", 2_000, 5), ("meals", 6_658, 5),
            ("meals", 2_000, 6), ("meals", 6_659, 6), ("taxi", 900, 1),
        ] {
            let amount = Money(minorUnits: Int64(cents), currency: usd)
            _ = try store.insertExpense(
                Expense(
                    reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: day)!,
                    category: category, amount: amount,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
        }
        let items = try store.expenses(.report(report.id))
        var check = PolicyCheck(report: try store.report(report.id), items: items, categories: try store.categories())
        check.severities = try store.policySeverities()
        check.otherItems = try store.duplicateCandidates(of: items, in: try store.report(report.id))
        let rates = store.rateSource()
        check.convertLimit = { limit, currency, date in
            limit.currency == currency
                ? limit
                : try? Expense.Conversion.of(limit, on: date, into: currency, manualRate: nil, rates: rates).converted
        }
        let app = check.violations().map { "\($0.rule.rawValue)|\($0.key)|\($0.severity.rawValue)" }.sorted()
        let server = try expectSuccess(cluster.psql("SELECT * FROM expenses.policy_findings(\(report.id));", database: database)).sorted()
        XCTAssertEqual(server, app)
        // The meals on the 5th and the taxi on the 3rd are at their limits exactly: found by neither.
        XCTAssertEqual(
            app.map { $0.split(separator: "|")[1] }.filter { !$0.hasPrefix("missing-receipt") },
            ["daily-limit:meals:2026-03-06"])
        // items by date: the 9.00 taxi, then the one at 27.06 (no finding) and the one at 27.07.
        XCTAssertTrue(app.contains { $0.contains("missing-receipt:\(items[2].id)|") }, "\(app)")
        XCTAssertFalse(app.contains { $0.contains("missing-receipt:\(items[1].id)|") }, "\(app)")
    }

    /// A lodging bill for several nights is held to the daily limit per night, on its own, and a
    /// mileage item needs no receipt, by both.
    func testNightsAndMileageAreJudgedAlike() throws {
        try expectSuccess(cluster.psql("UPDATE categories SET receipt_required_above = 0 WHERE code = 'mileage';", database: database))
        let store = try Store(
            server: cluster.connectionURI(user: "alice", password: password("alice"), database: database),
            now: { "2026-03-10T09:00:00Z" })
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Boston", currency: eur, owner: "alice")) }
        let day = CalendarDate(year: 2026, month: 3, day: 2)!
        func add(_ category: String, _ cents: Int64, nights: Int? = nil, journey: Journey? = nil) throws {
            let amount = Money(minorUnits: cents, currency: eur)
            _ = try store.insertExpense(
                Expense(
                    reportID: report.id, date: day, category: category, amount: amount,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: amount), journey: journey, nights: nights))
        }
        try add("lodging", 75_000, nights: 3)  // 250.00 a night: at the limit
        try add("lodging", 75_001, nights: 3)  // a cent over it
        try add("lodging", 20_000, nights: 1)  // one night with...
        try add("lodging", 6_000)  // ...another bill that day: 260.00
        try add("mileage", 3_000, journey: Journey(distance: try Distance(tenths: 1_000), vehicle: .car))
        let items = try store.expenses(.report(report.id))
        var check = PolicyCheck(report: try store.report(report.id), items: items, categories: try store.categories())
        check.severities = try store.policySeverities()
        let app = check.violations().filter { $0.rule != .duplicate }.map { "\($0.rule.rawValue)|\($0.key)|\($0.severity.rawValue)" }
            .sorted()
        let server = try expectSuccess(cluster.psql("SELECT * FROM expenses.policy_findings(\(report.id));", database: database))
            .filter { !$0.hasPrefix("duplicate|") }.sorted()
        XCTAssertEqual(server, app)
        XCTAssertEqual(
            app.map { String($0.split(separator: "|")[1]) }.filter { $0.hasPrefix("daily-limit") }.sorted(),
            ["daily-limit:lodging:2026-03-02", "daily-limit:lodging:2026-03-02:\(items[1].id)"])
        XCTAssertFalse(app.contains { $0.contains("missing-receipt:\(items[4].id)|") }, "\(app)")
    }
}
