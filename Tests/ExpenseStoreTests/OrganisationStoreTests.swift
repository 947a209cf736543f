import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// People's managers, cost centres and what reports and items are charged to (issue 43), on a
/// file and on a team database: the same rules, the store's on a file and the server's on a
/// team database, and a refused write writes nothing.
final class OrganisationStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let now = { "2026-03-10T09:00:00Z" }
        store =
            ServerStore.isSelected ? try ServerStore.open(as: "ana", others: ["bo", "cy"], now: now) : try Store(path: path(), now: now)
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    /// A taxi ride below the receipts' threshold, so that its report may be submitted on a server too.
    private func item(_ cents: Int64, in report: Report) throws -> Expense {
        let amount = Money(minorUnits: cents, currency: eur)
        return try store.insertExpense(
            Expense(
                reportID: report.id, date: day, category: "taxi", merchant: "Cab", amount: amount,
                conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
    }

    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "not refused"
        } catch let error as ExpenseError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    func testManagersAreSetAndClearedAndNeverGoRoundInACircle() throws {
        try store.write {
            try store.setPerson("ana", manager: "bo", by: "ana")
            try store.setPerson("bo", manager: "cy", by: "ana")
        }
        XCTAssertEqual(try store.people().map { "\($0.name)>\($0.manager ?? "-")" }, ["ana>bo", "bo>cy"])
        XCTAssertEqual(
            message { try store.write { try store.setPerson("cy", manager: "ana", by: "ana") } },
            "ana cannot manage cy: the managers would go round in a circle (cy → ana → bo → cy)")
        XCTAssertEqual(
            message { try store.write { try store.setPerson("bo", manager: "bo", by: "ana") } }, "bo cannot be their own manager")
        try store.write { try store.setPerson("ana", manager: nil, by: "ana") }
        XCTAssertEqual(try store.manager(of: "ana"), nil)
        XCTAssertEqual(try store.manager(of: "bo"), "cy")
    }

    func testAReportAndAnItemAreChargedToKnownCostCentresOnlyWhileADraft() throws {
        try store.write {
            try store.saveCostCentre(CostCentre(code: "4711", name: "Sales", owner: "bo"), by: "ana")
            try store.saveCostCentre(CostCentre(code: "4712", name: "Marketing", owner: "cy"), by: "ana")
        }
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Fair", currency: eur, owner: "ana")) }
        let first = try store.write { try item(2_001, in: report) }
        let second = try store.write { try item(1_000, in: report) }
        try store.write {
            try store.chargeReport(report.id, to: try CostCentreSplit.parse("4711:60,4712:40"))
            try store.chargeExpense(second.id, to: try CostCentreSplit.parse("4712"))
        }
        XCTAssertEqual(try store.costCentres(ofReport: report.id)?.storedText, "4711:6000,4712:4000")
        XCTAssertEqual(try store.itemCostCentres(inReport: report.id).mapValues(\.storedText), [second.id: "4712:10000"])
        XCTAssertEqual(try store.costCentres(ofExpense: first.id), nil)
        let totals = try CostCentreTotals(items: try store.chargedItems(from: nil, to: nil))
        XCTAssertEqual(totals.lines.map { "\($0.code ?? "-")=\($0.amount.minorUnits)" }, ["4711=1201", "4712=1800"])

        XCTAssertEqual(
            message { try store.write { try store.chargeReport(report.id, to: try CostCentreSplit.parse("4713")) } },
            "unknown cost centre '4713'")
        XCTAssertEqual(try store.costCentres(ofReport: report.id)?.storedText, "4711:6000,4712:4000", "a refused charge writes nothing")

        try store.write { _ = try store.apply(.submit, to: report.id, by: "ana") }
        XCTAssertEqual(
            message { try store.write { try store.chargeReport(report.id, to: try CostCentreSplit.parse("4712")) } },
            "report \(report.id) is submitted; cannot change its cost centres")
        XCTAssertEqual(
            message { try store.write { try store.chargeExpense(first.id, to: nil) } },
            "report \(report.id) is submitted; cannot change its cost centres")
        XCTAssertEqual(try store.costCentres(ofReport: report.id)?.storedText, "4711:6000,4712:4000")
        XCTAssertEqual(try store.itemCostCentres(inReport: report.id).mapValues(\.storedText), [second.id: "4712:10000"])
    }

    func testACostCentreChangesItsOwnerAndItsCodeIsChecked() throws {
        try store.write { try store.saveCostCentre(CostCentre(code: "PRJ-2027.01", name: "Launch", owner: "bo"), by: "ana") }
        try store.write { try store.saveCostCentre(CostCentre(code: "PRJ-2027.01", name: "Launch", owner: "cy"), by: "ana") }
        XCTAssertEqual(try store.costCentres().map { "\($0.code) \($0.owner)" }, ["PRJ-2027.01 cy"])
        XCTAssertEqual(
            message { try store.write { try store.saveCostCentre(CostCentre(code: "47 11", name: "x", owner: "bo"), by: "ana") } },
            "'47 11' is no cost centre code")
        XCTAssertEqual(message { _ = try store.costCentre("PRJ-2027.1") }, "unknown cost centre 'PRJ-2027.1'")
    }
}
