import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Issue 29's rows through the store, on a file and (the team tier) on a team database: a mileage
/// item's journey and a lodging bill's nights kept, dated mileage rates, advances netted and
/// frozen with their report, each change of them in the audit log.
final class AllowanceStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!
    private var report: Report!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store =
            ServerStore.isSelected
            ? try ServerStore.open(as: "ana", now: { "2026-03-10T09:00:00Z" })
            : try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana")) }
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func same(_ amount: Money) -> Expense.Conversion { Expense.Conversion(rate: .one, source: .same, converted: amount) }

    func testAMileageItemKeepsItsJourneyAndALodgingBillItsNights() throws {
        let journey = Journey(distance: try Distance.parse("12.3"), vehicle: .car, from: "Munich", to: "Stuttgart")
        let amount = try store.mileageAmount(journey, on: day)
        XCTAssertEqual(amount, Money(minorUnits: 369, currency: eur))
        let mileage = try store.write {
            try store.insertExpense(
                Expense(reportID: report.id, date: day, category: "mileage", amount: amount, conversion: same(amount), journey: journey))
        }
        XCTAssertEqual(try store.expense(mileage.id).journey, journey)
        let bill = Money(minorUnits: 90_000, currency: eur)
        let lodging = try store.write {
            try store.insertExpense(
                Expense(reportID: report.id, date: day, category: "lodging", amount: bill, conversion: same(bill), nights: 3))
        }
        XCTAssertEqual(try store.expense(lodging.id).nights, 3)
        XCTAssertNil(try store.expense(lodging.id).journey)
    }

    func testMileageRatesAreDatedAndTheLatestOnOrBeforeTheDayApplies() throws {
        XCTAssertEqual(try store.mileageRate(.motorcycle, on: day).perKilometre, Money(minorUnits: 20, currency: eur))
        // On a team database ana is in finance too; a traveller alone is refused (PostgresAllowanceAttackTests).
        XCTAssertTrue(
            try store.setMileageRate(
                MileageRate(vehicle: .car, validFrom: day, perKilometre: Money(minorUnits: 35, currency: eur)), taxable: true))
        XCTAssertFalse(
            try store.setMileageRate(
                MileageRate(vehicle: .car, validFrom: day, perKilometre: Money(minorUnits: 35, currency: eur)), taxable: true))
        XCTAssertEqual(try store.mileageRate(.car, on: day.adding(days: -1)).perKilometre.minorUnits, 30)
        XCTAssertEqual(try store.mileageRate(.car, on: day).perKilometre.minorUnits, 35)
        XCTAssertThrowsError(try store.mileageRate(.car, on: CalendarDate(year: 1999, month: 12, day: 31)!)) { error in
            XCTAssertEqual((error as? ExpenseError)?.code, .noMileageRate(vehicle: "car", on: "1999-12-31"))
        }
    }

    func testAdvancesAreNettedLoggedAndFrozenWithTheirReport() throws {
        let cash = Money(minorUnits: 50_000, currency: eur)
        let advance = try store.addAdvance(Advance(reportID: report.id, date: day, amount: cash, conversion: same(cash)), by: "ana")
        XCTAssertEqual(try store.advances(report.id), [advance])
        XCTAssertEqual(try store.advanceTotal(report.id, currency: eur), cash)
        let meal = Money(minorUnits: 2_000, currency: eur)
        _ = try store.write {
            try store.insertExpense(Expense(reportID: report.id, date: day, category: "per_diem", amount: meal, conversion: same(meal)))
        }
        let totals = try ReportTotals(
            items: try store.expenses(.report(report.id)), reportCurrency: eur, advances: try store.advanceTotal(report.id, currency: eur))
        XCTAssertEqual(totals.dueToEmployee, Money(minorUnits: -48_000, currency: eur))
        XCTAssertThrowsError(
            try store.addAdvance(
                Advance(reportID: report.id, date: day, amount: Money(minorUnits: 0, currency: eur), conversion: same(cash)), by: "ana"))
        _ = try store.apply(.submit, to: report.id, by: "ana")
        XCTAssertThrowsError(try store.removeAdvance(advance.id, by: "ana")) { error in
            XCTAssertEqual((error as? ExpenseError)?.code, .reportNotEditable(id: report.id, status: "submitted"))
        }
        XCTAssertThrowsError(try store.addAdvance(Advance(reportID: report.id, date: day, amount: cash, conversion: same(cash)), by: "ana"))
        XCTAssertEqual(try store.advances(report.id).count, 1)
        XCTAssertEqual(try store.events(report.id).map(\.action), ["advance 1 added", "submit"])
    }

    func testRemovingAnAdvanceIsLoggedAndDeletingTheDraftTakesItsAdvances() throws {
        let cash = Money(minorUnits: 10_000, currency: eur)
        let advance = try store.addAdvance(Advance(reportID: report.id, date: day, amount: cash, conversion: same(cash)), by: "ana")
        XCTAssertEqual(try store.removeAdvance(advance.id, by: "ana"), advance)
        XCTAssertEqual(try store.advances(report.id), [])
        XCTAssertEqual(try store.events(report.id).map(\.action), ["advance 1 added", "advance 1 removed"])
        XCTAssertThrowsError(try store.removeAdvance(advance.id, by: "ana")) { error in
            XCTAssertEqual((error as? ExpenseError)?.code, .unknownAdvance(advance.id))
        }
        _ = try store.addAdvance(Advance(reportID: report.id, date: day, amount: cash, conversion: same(cash)), by: "ana")
        _ = try store.deleteReport(report.id, deletingItems: true)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM report_advances"), 0)
    }

    /// A file of the version before: its items (a mileage one typed as an amount) keep their
    /// values, the rates are seeded and the advances' triggers are in place.
    func testAFileOfTheEarlierVersionIsMigratedWithItsItemsKept() throws {
        try fileOnly(because: "a file's migration; the server's: PostgresServerAttackTests")
        var older = Migrator()
        for migration in Schema.migrator.migrations.prefix(while: { !$0.id.contains("-v13-") }) {
            older.register(migration.id, migration.apply)
        }
        let db = try openDatabase("old.sqlite")
        try older.migrate(db, now: "2026-03-01T08:00:00Z")
        try db.execute(
            """
            INSERT INTO reports (title, currency, owner, created_at, updated_at) VALUES ('Old', 'EUR', 'ana', 'then', 'then');
            INSERT INTO expenses (report_id, date, category, amount_minor, currency, rate, rate_source, converted_minor, created_at,
                                  updated_at)
            VALUES (1, '2026-03-02', 'mileage', 1234, 'EUR', '1', 'same', 1234, 'then', 'then');
            """)
        let migrated = try Store(path: path("old.sqlite"), now: { "2026-03-10T09:00:00Z" })
        let old = try migrated.expenses(.all)
        XCTAssertEqual(old.map(\.amount.minorUnits), [1234])
        XCTAssertNil(old.first?.journey)
        XCTAssertEqual(
            try migrated.mileageRates().map { "\($0.vehicle.rawValue) \($0.validFrom) \($0.perKilometre)" },
            ["car 2000-01-01 0.30 EUR", "motorcycle 2000-01-01 0.20 EUR"])
        XCTAssertEqual(try Schema.damagedTriggers(migrated.db), [])
    }
}
