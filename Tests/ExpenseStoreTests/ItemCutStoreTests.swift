import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The store's cuts of items (issue 43, point 5) on a file: checked as a whole before anything is
/// written, each logged, and gone when the report is a draft again.
final class ItemCutStoreTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(
            because: "a cut takes an approver besides the report's owner, and a store on a team database is one person: "
                + "CutLineTests cuts on both engines, TeamCutLineTests recalls a cut report on a team database")
    }

    private let eur = CurrencyTable.standard.currency("EUR")!
    private var store: Store!
    private var report: Report!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana")) }
        try store.write {
            for cents: Int64 in [2_350, 6_120] {
                let amount = Money(minorUnits: cents, currency: eur)
                _ = try store.insertExpense(
                    Expense(
                        reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: 2)!, category: "meals", amount: amount,
                        conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
            }
            try store.apply(.submit, to: report.id, by: "ana")
        }
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func cut(_ item: Int64, _ cents: Int64, _ reason: String = "limit") -> ItemCut {
        ItemCut(expenseID: item, approved: Money(minorUnits: cents, currency: eur), reason: reason)
    }

    func testACutReportRecalledToADraftLosesItsCutsAndALaterCutCannotRaiseAnEarlierOne() throws {
        let seen = try store.version(of: report.id)
        let after = try store.write { try store.cut([cut(2, 4_000)], of: report.id, by: "ben", seen: seen) }
        XCTAssertEqual(after, try store.version(of: report.id))
        XCTAssertEqual(try store.cuts(of: report.id).map(\.approved.minorUnits), [4_000])
        assertExpenseError(
            try store.write { try store.cut([cut(2, 5_000)], of: report.id, by: "ben", seen: after) }, kind: .refused,
            messageContains: "item 2 is 40.00 EUR in report 1; it can be cut to 0 up to that, not to 50.00 EUR")
        try store.write { _ = try store.apply(.recall, to: report.id, by: "ana") }
        XCTAssertEqual(try store.cuts(of: report.id), [])
    }

    func testOneRefusedCutWritesNoneAndAStaleVersionIsRefused() throws {
        let seen = try store.version(of: report.id)
        assertExpenseError(
            try store.write { try store.cut([cut(1, 0), cut(7, 0)], of: report.id, by: "ben", seen: seen) }, kind: .notFound,
            messageContains: "report 1 has no item 7")
        assertExpenseError(
            try store.write { try store.cut([cut(1, 0)], of: report.id, by: "ana", seen: seen) }, kind: .permissionDenied,
            messageContains: "ana owns report 1")
        let stale = ReportVersion(lastEvent: 0)
        XCTAssertThrowsError(try store.write { try store.cut([cut(1, 0)], of: report.id, by: "ben", seen: stale) })
        XCTAssertEqual(try store.cuts(of: report.id), [])
        XCTAssertEqual(try store.events(report.id).map(\.action), ["submit"])
    }
}
