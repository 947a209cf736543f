import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// A member with plain psql files no converted total of her own making (issue 39): the server
/// recomputes every conversion into a report's currency from the amount and the rate, half-even,
/// and holds the rate to its source; a rate given by hand is stored, and beyond finance's
/// tolerance of the ECB's rate a finding for the approver.
final class PostgresConversionAttackTests: PostgresTestCase {
    private let day = "2026-05-04"
    private let usd = CurrencyTable.standard.currency("USD")!
    private let eur = CurrencyTable.standard.currency("EUR")!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // 1 EUR = 1.0823 USD: 100.00 USD is 10000 / 1.0823 = 9239.58 cents, 92.40 EUR.
        try expectSuccess(cluster.psql("INSERT INTO exchange_rates VALUES ('USD', '\(day)', '1.0823');", database: database))
    }

    /// `expense_add` of 100.00 USD (or `amount`) into `report`, converted as given.
    private func add(
        _ report: Int64, amount: Int64 = 10_000, currency: String = "USD", rate: String = "1/1.0823",
        rateDate: String? = "2026-05-04", source: String = "table", converted: Int64
    ) -> String {
        """
        SELECT expenses.expense_add(\(report), '\(day)', 'meals', 'Diner', '', \(amount), '\(currency)', '\(rate)',
                                    \(rateDate.map { "'\($0)'" } ?? "NULL"), '\(source)', \(converted), 'personal', '\(day)T12:00:00Z');
        """
    }

    func testAMadeUpConvertedAmountIsRefusedByExpenseAddAndTheRightOneTaken() throws {
        let report = try newReport("alice", "Boston")
        try assertRefused(
            "alice", add(report, converted: 50_000), "the converted amount 500.00 EUR is not 100.00 USD at 1/1.0823, which is 92.40 EUR")
        // The right figure, but at a rate that is not the table's, or not of the item's day.
        try assertRefused(
            "alice", add(report, rate: "1/1.2", converted: 8_333),
            "the rate 1/1.2 of 2026-05-04 is not the rate table's from USD to EUR for the item's day: 1/1.0823 of 2026-05-04")
        try assertRefused(
            "alice", add(report, rateDate: "2026-05-01", converted: 9_240),
            "the rate 1/1.0823 of 2026-05-01 is not the rate table's from USD to EUR for the item's day: 1/1.0823 of 2026-05-04")
        // 'same' is the report's own currency at 1; a rate 'given by hand' for it makes any total.
        try assertRefused(
            "alice", add(report, rate: "1", rateDate: nil, source: "same", converted: 10_000),
            "an amount in USD is not in the report's currency (EUR): rate source 'same' is for that alone")
        try assertRefused(
            "alice", add(report, currency: "EUR", rate: "3", rateDate: nil, source: "manual", converted: 30_000),
            "an amount in the report's currency (EUR) converts at 1 (rate source 'same'), not at a manual rate")
        try assertRefused(
            "alice", add(report, currency: "EUR", rate: "1", rateDate: nil, source: "same", converted: 10_001),
            "the converted amount 100.01 EUR is not 100.00 EUR at 1, which is 100.00 EUR")
        try assertRefused(
            "alice", add(report, rate: "1e3", rateDate: nil, source: "manual", converted: 10_000),
            "'1e3' is not an exchange rate (a positive decimal such as 1.0412, or a quotient such as 0.9612/1.0823)")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM expenses;"), ["0"], "nothing refused was stored")

        let item = try XCTUnwrap(Int64(try rows("alice", add(report, converted: 9_240)).joined()))
        // A refund converts half-even as a payment does: -0.03 USD at 0.5 is -0.015 EUR, -0.02.
        try assertRefused(
            "alice", add(report, amount: -3, rate: "0.5", rateDate: nil, source: "manual", converted: -1),
            "the converted amount -0.01 EUR is not -0.03 USD at 0.5, which is -0.02 EUR")
        _ = try rows("alice", add(report, amount: -3, rate: "0.5", rateDate: nil, source: "manual", converted: -2))
        _ = try rows("alice", add(report, currency: "EUR", rate: "1", rateDate: nil, source: "same", converted: 10_000))
        _ = try rows("alice", add(report, rate: "0.95", rateDate: nil, source: "manual", converted: 9_500))
        XCTAssertEqual(
            try rows("alice", "SELECT converted_minor FROM expenses WHERE id = \(item);"), ["9240"])
        XCTAssertEqual(try rows("alice", "SELECT item_count, total_minor FROM reports WHERE id = \(report);"), ["4|28738"])
    }

    func testAMadeUpConvertedAmountIsRefusedByExpenseEdit() throws {
        let report = try newReport("alice", "Boston")
        let item = try XCTUnwrap(Int64(try rows("alice", add(report, converted: 9_240)).joined()))
        let edit = { (converted: Int64) in
            """
            SELECT expenses.expense_edit(\(item), \(report), '\(self.day)', 'meals', 'Diner', '', 10000, 'USD', '1/1.0823',
                                         '\(self.day)', 'table', \(converted), 'personal', '\(self.day)T13:00:00Z');
            """
        }
        try assertRefused("alice", edit(1), "the converted amount 0.01 EUR is not 100.00 USD at 1/1.0823, which is 92.40 EUR")
        XCTAssertEqual(
            try rows("alice", "SELECT converted_minor, total_minor FROM expenses JOIN reports r ON r.id = report_id;"), ["9240|9240"])
        _ = try rows("alice", edit(9_240))
    }

    /// The rows of an import, staged as `import_begin` lets a member, then inserted by `import_rows`.
    private func importSQL(_ report: Int64, _ rows: [(line: Int, amount: Int64, converted: Int64)]) -> String {
        let values = rows.map { row in
            "(\(row.line), \(report), '\(day)', 'taxi', 'Cab \(row.line)', '', \(row.amount), 'USD', '1/1.0823', '\(day)', 'table', "
                + "\(row.converted), 'personal', \(row.line), NULL)"
        }
        return """
            BEGIN;
            SELECT expenses.import_begin('card.csv', 'rules', \(report), 'now') AS batch \\gset
            INSERT INTO pg_temp.\(PostgresSchema.importStaging) (\(PostgresSchema.stagedColumns)) VALUES
            \(values.joined(separator: ",\n"));
            SELECT expenses.import_rows(:batch, 'now');
            COMMIT;
            """
    }

    func testAMadeUpConvertedAmountInAnImportsStagingTableIsRefusedByItsLine() throws {
        let report = try newReport("alice", "Boston")
        // 200.00 USD is 184.79 EUR; line 7 says 999.99.
        try assertRefused(
            "alice", importSQL(report, [(3, 10_000, 9_240), (7, 20_000, 99_999), (9, 20_000, 1)]),
            "import line 7: the converted amount 999.99 EUR is not 200.00 USD at 1/1.0823, which is 184.79 EUR")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM expenses;"), ["0"])
        XCTAssertEqual(
            try rows("alice", importSQL(report, [(3, 10_000, 9_240), (7, 20_000, 18_479)])), ["BEGIN", "INSERT 0 2", "2", "COMMIT"])
        XCTAssertEqual(try rows("alice", "SELECT total_minor FROM reports WHERE id = \(report);"), ["27719"])
    }

    func testAMadeUpConvertedAdvanceIsRefused() throws {
        let report = try newReport("alice", "Boston")
        let advance = { (converted: Int64) in
            """
            SELECT expenses.advance_add(\(report), '\(self.day)', 10000, 'USD', '1/1.0823', '\(self.day)', 'table', \(converted),
                                        '\(self.day)T12:00:00Z');
            """
        }
        try assertRefused("alice", advance(100_000), "the converted amount 1000.00 EUR is not 100.00 USD at 1/1.0823, which is 92.40 EUR")
        XCTAssertEqual(try rows("alice", advance(9_240)).count, 1)
    }

    /// A report's currency stays while it holds items converted into it, which would otherwise be
    /// worth their figures in another currency.
    func testAReportWithConvertedItemsKeepsItsCurrency() throws {
        let report = try newReport("alice", "Boston")
        let edit = "SELECT expenses.report_edit(\(report), 'Boston', '', '', NULL, NULL, 'JPY', '\(day)T12:00:00Z');"
        _ = try rows("alice", add(report, converted: 9_240))
        try assertRefused("alice", edit, "report \(report) has 1 items converted to EUR; its currency cannot change")
        _ = try rows("alice", "SELECT expenses.report_edit(\(report), 'Boston 2', '', '', NULL, NULL, 'EUR', '\(day)T12:00:00Z');")
        let empty = try newReport("alice", "Tokyo")
        _ = try rows("alice", "SELECT expenses.report_edit(\(empty), 'Tokyo', '', '', NULL, NULL, 'JPY', '\(day)T12:00:00Z');")
    }

    /// The findings `policy_findings` gives for rates given by hand, as `rule|key|severity`.
    private func manualRateFindings(_ report: Int64) throws -> [String] {
        try expectSuccess(cluster.psql("SELECT * FROM expenses.policy_findings(\(report));", database: database))
            .filter { $0.hasPrefix("manual-rate|") }
    }

    func testARateGivenByHandIsStoredAndBeyondTheToleranceAFinding() throws {
        let report = try newReport("alice", "Boston")
        // The ECB's 1/1.0823 is 0.923958; 0.8316 is 10.0 % below it, 0.95 2.8 % above.
        let far = try XCTUnwrap(
            Int64(try rows("alice", add(report, rate: "0.8316", rateDate: nil, source: "manual", converted: 8_316)).joined()))
        _ = try rows("alice", add(report, amount: 12_000, rate: "0.95", rateDate: nil, source: "manual", converted: 11_400))
        XCTAssertEqual(try manualRateFindings(report), ["manual-rate|manual-rate:\(far)|warning"])
        // With no ECB rate of that day or before to compare, a rate given by hand is a finding too.
        let early = try XCTUnwrap(
            Int64(
                try rows(
                    "alice",
                    """
                    SELECT expenses.expense_add(\(report), '2026-05-01', 'meals', 'Diner', '', 1000, 'USD', '0.92', NULL, 'manual', 920,
                                                'personal', '2026-05-04T12:00:00Z');
                    """
                ).joined()))
        XCTAssertEqual(
            try manualRateFindings(report), ["manual-rate|manual-rate:\(far)|warning", "manual-rate|manual-rate:\(early)|warning"])

        try assertRefused(
            "alice", "SELECT expenses.manual_rate_tolerance_set(1200);",
            "only a member of expenses_finance can change the tolerance of rates given by hand")
        XCTAssertEqual(try rows("fiona", "SELECT expenses.manual_rate_tolerance_set(1200);"), ["1"])
        XCTAssertEqual(try rows("fiona", "SELECT expenses.manual_rate_tolerance_set(1200);"), ["0"])
        XCTAssertEqual(try manualRateFindings(report), ["manual-rate|manual-rate:\(early)|warning"])
        try expectSuccess(sql("fiona", "SELECT expenses.policy_set('manual-rate', 'blocking');"))
        try expectSuccess(sql("fiona", "SELECT expenses.policy_set('missing-receipt', 'off');"))
        try assertRefused(
            "alice", stepSQL("alice", .submit, report),
            "report \(report) has blocking policy findings (manual-rate:\(early)): it cannot be submitted")
    }

    /// The app's check (`PolicyCheck`, fed as `report check` feeds it) and the server's find the
    /// same rates given by hand, at the standard tolerance and at finance's.
    func testTheAppAndTheServerFindTheSameRatesGivenByHand() throws {
        let report = try newReport("alice", "Boston")
        for (amount, rate, date) in [(1_000, "0.8316", day), (1_200, "0.95", day), (1_400, "0.9702", day), (900, "0.92", "2026-05-01")] {
            let converted = try ExchangeRate.parse(rate).convert(Money(minorUnits: Int64(amount), currency: usd), to: eur)
            _ = try rows(
                "alice",
                """
                SELECT expenses.expense_add(\(report), '\(date)', 'meals', 'Diner \(amount)', '', \(amount), 'USD', '\(rate)', NULL,
                                            'manual', \(converted.minorUnits), 'personal', '\(day)T12:00:00Z');
                """)
        }
        let store = try Store(
            server: cluster.connectionURI(user: "alice", password: password("alice"), database: database), now: { "2026-05-10T09:00:00Z" })
        func appFindings() throws -> [String] {
            var check = PolicyCheck(
                report: try store.report(report), items: try store.expenses(.report(report)), categories: try store.categories())
            check.rules = [.manualRate]
            let rates = store.rateSource(maximumAgeDays: .some(nil))
            check.referenceRate = { from, to, date in (try? rates.rate(from: from, to: to, on: date)) ?? nil }
            check.manualRateTolerance = try store.manualRateTolerance()
            return check.violations().map { "\($0.rule.rawValue)|\($0.key)|\($0.severity.rawValue)" }.sorted()
        }
        XCTAssertEqual(try appFindings(), try manualRateFindings(report).sorted())
        XCTAssertEqual(try appFindings().count, 3, "0.8316 and 0.9702 (5.006 % above) are beyond 5 %, and 0.92 has no ECB rate")
        _ = try rows("fiona", "SELECT expenses.manual_rate_tolerance_set(505);")
        XCTAssertEqual(try appFindings(), try manualRateFindings(report).sorted())
        XCTAssertEqual(try appFindings().count, 2)
    }

    /// At the tolerance's bounds exactly, as `RateTolerance.admits` decides, and a quotient rate
    /// compared exactly.
    func testTheToleranceIsExactAtItsBounds() throws {
        let cases: [(String, String, Int, String)] = [
            ("2.1", "2", 500, "t"), ("2.1000001", "2", 500, "f"), ("1.9", "2", 500, "t"), ("1.8999999", "2", 500, "f"),
            ("0.9612/1.0823", "0.9612/1.0823", 0, "t"), ("1/1.0823", "0.923958", 0, "f"),
        ]
        for (rate, reference, points, expected) in cases {
            XCTAssertEqual(
                try expectSuccess(cluster.psql("SELECT expenses.rate_within('\(rate)', '\(reference)', \(points));", database: database)),
                [expected], "\(rate) around \(reference)")
            XCTAssertEqual(
                try RateTolerance(basisPoints: points).admits(ExchangeRate.parse(rate), around: ExchangeRate.parse(reference)),
                expected == "t", "\(rate) around \(reference)")
        }
    }
}
