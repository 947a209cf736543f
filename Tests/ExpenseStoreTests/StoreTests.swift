import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

final class StoreTests: TemporaryDatabaseTestCase {
    /// A clock that ticks one second per reading, so that stamps are exact and distinct, and a
    /// real time also past the first minute: the server's clock, pinned to it, takes nothing else.
    final class Clock: @unchecked Sendable {
        private var seconds = 0
        private let lock = NSLock()
        func now() -> String {
            lock.lock()
            defer { lock.unlock() }
            seconds += 1
            return "2026-03-02T\(twoDigits(10 + seconds / 3600)):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))Z"
        }

        private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    }

    struct Abort: Error {}

    /// A repeatable pseudo-random sequence (a 64-bit LCG), so a failure can be replayed.
    struct SeededRandom {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    var clock: Clock!
    var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        clock = Clock()
        let clock = clock!
        // On a file, or a team database (`ServerStore`) as ana.
        store =
            ServerStore.isSelected ? try ServerStore.open(as: "ana", now: { clock.now() }) : try Store(path: path(), now: { clock.now() })
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    // MARK: - Helpers

    func currency(_ code: String) throws -> Currency { try CurrencyTable.standard.require(code) }
    func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    func money(_ text: String, _ code: String) throws -> Money { try Money.parse(text, currency: try currency(code)) }

    func newReport(
        _ title: String = "Walldorf workshop", currency code: String = "EUR", from: String? = "2026-03-02",
        to: String? = "2026-03-06"
    ) throws -> Report {
        try store.insertReport(
            Report(
                id: 0, title: title, purpose: "Customer workshop", destination: "Walldorf",
                startDate: try from.map(date), endDate: try to.map(date),
                currency: try currency(code), owner: "ana"))
    }

    /// An item of `amount` in `code`, in `report` (converted at `rate`) or unassigned.
    func newExpense(
        _ amount: String, _ code: String = "EUR", in report: Report? = nil, rate: String? = nil,
        on day: String = "2026-03-03", category: String = "meals",
        paidBy: PaidBy = .personal
    ) throws -> Expense {
        var item = Expense(
            reportID: report?.id, date: try date(day), category: category, merchant: "Bahnhof Buffet",
            amount: try money(amount, code), paidBy: paidBy)
        if let report {
            item.conversion = try Expense.Conversion.of(
                item.amount, on: item.date, into: report.currency,
                manualRate: try rate.map(ExchangeRate.parse), rates: nil)
        }
        return try store.insertExpense(item)
    }

    func counts(_ report: Report) throws -> (items: Int, total: Int64) {
        let fresh = try store.report(report.id)
        return (fresh.itemCount, fresh.total.minorUnits)
    }

    /// Checks that every report's kept count and total equal what its items add up to.
    func assertTotalsMatchItems(file: StaticString = #filePath, line: UInt = #line) throws {
        let mismatches = try store.db.query(
            """
            SELECT r.id, r.item_count, r.total_minor, count(e.id), coalesce(sum(e.converted_minor), 0)
            FROM reports r LEFT JOIN expenses e ON e.report_id = r.id
            GROUP BY r.id
            HAVING r.item_count <> count(e.id) OR r.total_minor <> coalesce(sum(e.converted_minor), 0)
            """
        ) { "report \($0.int(0)): kept \($0.int(1)) items / \($0.int(2)), actual \($0.int(3)) / \($0.int(4))" }
        XCTAssertEqual(mismatches, [], file: file, line: line)
    }

    // MARK: - Opening

    func testAStoreOnATextFileIsRefusedWithAClearError() throws {
        let text = path("receipts.txt")
        try Data(String(repeating: "not a database\n", count: 64).utf8).write(to: URL(fileURLWithPath: text))
        assertExpenseError(
            try Store(path: text, now: { "now" }), kind: .invalidData,
            messageContains: "\(text) is not an SQLite database", code: .notAnSQLiteDatabase)
    }

    func testOpeningTwiceDoesNotDuplicateTheDefaultCategories() throws {
        _ = try Store(path: path(), now: { "again" })
        XCTAssertEqual(try store.categories().count, Category.defaults.count)
    }

    // MARK: - Categories

    func testCategoriesComeInTheirConfiguredOrder() throws {
        let categories = try store.categories()
        XCTAssertEqual(categories, Category.defaults)
    }

    func testCategoryLookupIsCaseInsensitiveAndSuggestsTheClosest() throws {
        XCTAssertEqual(try store.category("meals").name, "Meals")
        XCTAssertEqual(try store.category("LODGING").code, "lodging")
        XCTAssertEqual(try store.category("Meals").dailyLimit, try money("80.00", "EUR"))
        assertExpenseError(
            try store.category("meels"), kind: .invalidData, messageContains: "unknown category 'meels'",
            code: .unknownCategory("meels", suggestion: "meals"))
        assertExpenseError(try store.category("Taxxi"), kind: .invalidData, code: .unknownCategory("Taxxi", suggestion: "taxi"))
        assertExpenseError(try store.category("xylophone"), kind: .invalidData, code: .unknownCategory("xylophone", suggestion: nil))
    }

    func testACategoryAddedToTheDatabaseIsFound() throws {
        try fileOnly(
            because:
                "SQL on the tables as a member, which a team database refuses whole (permission denied): members write only through the server's functions (PostgresServerAttackTests tries each table as each role)"
        )
        try store.db.execute(
            """
            INSERT INTO categories (code, name, receipt_required_above, daily_limit, currency, position)
            VALUES ('training', 'Training', 10000, NULL, 'CHF', 100)
            """)
        let training = try store.category("training")
        XCTAssertEqual(training.receiptRequiredAbove, try money("100.00", "CHF"))
        XCTAssertEqual(try store.categories().last?.code, "training")
    }
}
