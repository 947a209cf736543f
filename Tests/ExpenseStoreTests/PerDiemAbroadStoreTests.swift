import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Issue 44's trip in the store, on a file and on a team database: a report's place and nights
/// away, a stop's place, what was paid for provided meals, the nights at the lodging flat and
/// the office time, each written only to a draft, on the trip's days, as the rules allow, and logged.
final class PerDiemAbroadStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let now = { "2026-03-10T09:00:00Z" }
        store = ServerStore.isSelected ? try ServerStore.open(as: "ana", now: now) : try Store(path: path(), now: now)
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func day(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    private func at(_ text: String) throws -> LocalDateTime { try LocalDateTime.parse(text) }
    private func office(_ from: String, _ to: String) throws -> OfficeTime { try OfficeTime(from: try at(from), to: try at(to)) }

    /// A draft of ana's from `from` to `to` (YYYY-MM-DDTHH:MM or a day), to `country` at `place`.
    private func trip(
        _ from: String, _ to: String, _ country: String = "FR", place: String? = nil, overnight: Bool = true
    ) throws -> Report {
        var report = Report(
            id: 0, title: "Trip", currency: eur, owner: "ana", country: try CountryCode.parse(country), place: place,
            overnight: overnight)
        report.departure = try TripTime.parse(from)
        report.return = try TripTime.parse(to)
        return try store.write { try store.insertReport(report) }
    }

    private func log(_ report: Report) throws -> [String] {
        try store.events(report.id).map { "\($0.actor) \($0.action)" }.filter { !$0.hasPrefix("ana create") }
    }

    func testAPlaceAndATripWithoutANightAreStoredWithTheReport() throws {
        let report = try trip("2026-03-02T17:00", "2026-03-03T03:00", place: "Paris", overnight: false)
        XCTAssertEqual(try store.report(report.id).place, "Paris")
        XCTAssertEqual(try store.report(report.id).overnight, false)
        var edited = try store.report(report.id)
        edited.place = nil
        edited.overnight = true
        try store.updateReport(edited)
        XCTAssertNil(try store.report(report.id).place)
        XCTAssertEqual(try store.report(report.id).overnight, true)
    }

    func testATripWithoutANightGoesOverOneMidnightWithBothTimes() throws {
        let words = "a trip without a night away goes over one midnight: it needs two days in a row and both times"
        assertExpenseError(try trip("2026-03-02T17:00", "2026-03-04T03:00", overnight: false), kind: .invalidData, messageContains: words)
        assertExpenseError(try trip("2026-03-02T17:00", "2026-03-03", overnight: false), kind: .invalidData, messageContains: words)
        assertExpenseError(try trip("2026-03-02T07:00", "2026-03-02T19:00", overnight: false), kind: .invalidData, messageContains: words)
        var report = try trip("2026-03-02T17:00", "2026-03-03T03:00", overnight: false)
        report.endDate = try day("2026-03-05")
        assertExpenseError(try store.updateReport(report), kind: .invalidData, messageContains: words)
        XCTAssertEqual(try store.report(report.id).endDate, try day("2026-03-03"))
    }

    func testAPlaceWithAControlCharacterOrTooLongIsRefused() throws {
        assertExpenseError(
            try trip("2026-03-02", "2026-03-04", place: "Paris\u{1B}[2J"), kind: .invalidData, messageContains: "control character")
        assertExpenseError(
            try trip("2026-03-02", "2026-03-04", place: String(repeating: "P", count: 101)), kind: .invalidData,
            messageContains: "the place is 101 characters long; at most 100 are allowed")
        let report = try trip("2026-03-02", "2026-03-04")
        assertExpenseError(
            try store.setStop(
                TripPlace(country: try CountryCode.parse("FR"), place: "Lyon\nParis"), on: try day("2026-03-03"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "control character")
        XCTAssertEqual(try store.stops(of: report.id), [:])
    }

    func testAStopNamesItsPlaceAndIsLogged() throws {
        let report = try trip("2026-03-02", "2026-03-05", "AT")
        let paris = TripPlace(country: try CountryCode.parse("FR"), place: "Paris")
        try store.setStop(paris, on: try day("2026-03-04"), of: report.id, by: "ana")
        XCTAssertEqual(try store.stops(of: report.id), [try day("2026-03-04"): paris])
        XCTAssertEqual(try log(report), ["ana stop 2026-03-04 FR Paris"])
    }

    func testWhatWasPaidForAProvidedMealIsStoredAndLogged() throws {
        let report = try trip("2026-03-02", "2026-03-05")
        try store.setMeals([.breakfast, .lunch], paid: MealsPaid(lunch: 500), on: try day("2026-03-03"), of: report.id, by: "ana")
        XCTAssertEqual(try store.mealsPaid(of: report.id), [try day("2026-03-03"): MealsPaid(lunch: 500)])
        XCTAssertEqual(try store.meals(of: report.id), [try day("2026-03-03"): [.breakfast, .lunch]])
        assertExpenseError(
            try store.setMeals(.breakfast, paid: MealsPaid(dinner: 300), on: try day("2026-03-04"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "dinner on 2026-03-04 was paid for but is not provided")
        assertExpenseError(
            try store.setMeals(.lunch, paid: MealsPaid(lunch: -1), on: try day("2026-03-04"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "what was paid for lunch on 2026-03-04 is negative")
        try store.setMeals(.lunch, on: try day("2026-03-03"), of: report.id, by: "ana")
        XCTAssertEqual(try store.mealsPaid(of: report.id), [:], "new meals replace what was paid before")
        XCTAssertEqual(try log(report), ["ana meals 2026-03-03 breakfast,lunch paid lunch=500", "ana meals 2026-03-03 lunch"])
    }

    func testANightAtTheLodgingFlatIsANightOfATripWithNights() throws {
        let report = try trip("2026-03-02", "2026-03-05")
        try store.setLodgingNight(true, on: try day("2026-03-02"), of: report.id, by: "ana")
        try store.setLodgingNight(true, on: try day("2026-03-04"), of: report.id, by: "ana")
        assertExpenseError(
            try store.setLodgingNight(true, on: try day("2026-03-05"), of: report.id, by: "ana"), kind: .invalidData,
            messageContains: "2026-03-05 is the last day of the trip of report \(report.id): no night begins on it")
        assertExpenseError(
            try store.setLodgingNight(true, on: try day("2026-03-06"), of: report.id, by: "ana"), kind: .invalidData,
            messageContains: "outside the trip (2026-03-02 to 2026-03-05)")
        assertExpenseError(
            try store.setLodgingNight(false, on: try day("2026-03-03"), of: report.id, by: "ana"), kind: .notFound,
            messageContains: "report \(report.id) has no night at the lodging flat on 2026-03-03")
        try store.setLodgingNight(false, on: try day("2026-03-02"), of: report.id, by: "ana")
        XCTAssertEqual(try store.lodgingNights(of: report.id), [try day("2026-03-04")])
        XCTAssertEqual(try log(report), ["ana night 2026-03-02 flat", "ana night 2026-03-04 flat", "ana night 2026-03-02 removed"])

        // New dates that end on the night's day, or a trip without a night, would leave it out: refused.
        var shorter = try store.report(report.id)
        shorter.endDate = try day("2026-03-04")
        assertExpenseError(
            try store.updateReport(shorter), kind: .invalidData,
            messageContains: "report \(report.id) has a night at the lodging flat on 2026-03-04, which would be outside the trip")
        var overMidnight = try store.report(report.id)
        overMidnight.departure = try TripTime.parse("2026-03-04T17:00")
        overMidnight.return = try TripTime.parse("2026-03-05T03:00")
        overMidnight.overnight = false
        assertExpenseError(
            try store.updateReport(overMidnight), kind: .invalidData,
            messageContains: "report \(report.id) has a night at the lodging flat on 2026-03-04; a trip without a night away has none")

        let withoutNight = try trip("2026-03-02T17:00", "2026-03-03T03:00", overnight: false)
        assertExpenseError(
            try store.setLodgingNight(true, on: try day("2026-03-02"), of: withoutNight.id, by: "ana"), kind: .invalidData,
            messageContains: "report \(withoutNight.id) is a trip without a night away")
    }

    func testOfficeTimeLiesInsideTheTripAndOverlapsNoOther() throws {
        let report = try trip("2026-03-02T06:00", "2026-03-02T20:00", "DE")
        try store.addOfficeTime(try office("2026-03-02T09:00", "2026-03-02T11:30"), of: report.id, by: "ana")
        try store.addOfficeTime(try office("2026-03-02T14:00", "2026-03-02T15:00"), of: report.id, by: "ana")
        assertExpenseError(
            try store.addOfficeTime(try office("2026-03-02T11:00", "2026-03-02T12:00"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "overlaps 2026-03-02T09:00 to 2026-03-02T11:30")
        assertExpenseError(
            try store.addOfficeTime(try office("2026-03-02T19:00", "2026-03-02T21:00"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "is outside the trip of report \(report.id) (2026-03-02T06:00 to 2026-03-02T20:00)")
        assertExpenseError(
            try store.addOfficeTime(try office("2026-03-03T09:00", "2026-03-03T10:00"), of: report.id, by: "ana"),
            kind: .invalidData, messageContains: "office time on 2026-03-03 is outside the trip")
        assertExpenseError(
            try store.removeOfficeTime(startingAt: try at("2026-03-02T10:00"), of: report.id, by: "ana"), kind: .notFound,
            messageContains: "report \(report.id) has no office time starting at 2026-03-02T10:00")
        try store.removeOfficeTime(startingAt: try at("2026-03-02T14:00"), of: report.id, by: "ana")
        XCTAssertEqual(try store.officeTimes(of: report.id), [try office("2026-03-02T09:00", "2026-03-02T11:30")])
        XCTAssertEqual(
            try log(report),
            [
                "ana office 2026-03-02T09:00 to 2026-03-02T11:30", "ana office 2026-03-02T14:00 to 2026-03-02T15:00",
                "ana office 2026-03-02T14:00 removed",
            ])
    }

    func testOfficeTimeNightsAndPaidMealsAreFrozenWithTheReport() throws {
        let report = try trip("2026-03-02T06:00", "2026-03-04T20:00", "DE")
        try store.addOfficeTime(try office("2026-03-02T07:00", "2026-03-02T08:00"), of: report.id, by: "ana")
        try store.setMeals(.lunch, paid: MealsPaid(lunch: 200), on: try day("2026-03-03"), of: report.id, by: "ana")
        _ = try store.write { try store.apply(.submit, to: report.id, by: "ana") }
        let refused = "report \(report.id) is submitted; cannot change its trip"
        assertExpenseError(
            try store.setLodgingNight(true, on: try day("2026-03-03"), of: report.id, by: "ana"), kind: .refused,
            messageContains: refused)
        assertExpenseError(
            try store.addOfficeTime(try office("2026-03-03T09:00", "2026-03-03T10:00"), of: report.id, by: "ana"), kind: .refused,
            messageContains: refused)
        assertExpenseError(
            try store.removeOfficeTime(startingAt: try at("2026-03-02T07:00"), of: report.id, by: "ana"), kind: .refused,
            messageContains: refused)
        assertExpenseError(
            try store.setMeals(.lunch, paid: MealsPaid(lunch: 500), on: try day("2026-03-03"), of: report.id, by: "ana"),
            kind: .refused, messageContains: refused)
        XCTAssertEqual(try store.lodgingNights(of: report.id), [])
        XCTAssertEqual(try store.officeTimes(of: report.id), [try office("2026-03-02T07:00", "2026-03-02T08:00")])
        XCTAssertEqual(try store.mealsPaid(of: report.id), [try day("2026-03-03"): MealsPaid(lunch: 200)])
    }
}

/// The rows a file freezes at a submission (`FileRateWrites.freeze`) read back as they were
/// computed, every column issue 44 added among them; a team database's are the server's own
/// (`per_diem_days`), held to the app's by `PostgresPerDiemParityTests`.
final class PerDiemAbroadFreezeTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "the server computes and freezes its own rows: PostgresPerDiemParityTests") }

    func testTheFrozenDaysAreTheComputedOnesAndTwoTripsShareADay() throws {
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        let eur = try CurrencyTable.standard.require("EUR")
        func trip(_ from: String, _ to: String) throws -> Report {
            var report = Report(id: 0, title: "Trip", currency: eur, owner: "ana", country: try CountryCode.parse("DE"))
            report.departure = try TripTime.parse(from)
            report.return = try TripTime.parse(to)
            return try store.write { try store.insertReport(report) }
        }
        // Back in the morning of the 4th from one trip, off again that afternoon on the next.
        let first = try trip("2026-03-02T08:00", "2026-03-04T09:00")
        let second = try trip("2026-03-04T15:00", "2026-03-05T18:00")
        try store.setMeals(.lunch, paid: MealsPaid(lunch: 200), on: try CalendarDate.parse("2026-03-03"), of: first.id, by: "ana")
        let computed = try XCTUnwrap(try store.perDiems(of: try store.report(first.id)).perDiems)
        XCTAssertEqual(
            computed.days.map { $0.perDiem.share?.report }, [nil, nil, second.id], "the 4th is shared with the second trip")
        XCTAssertEqual(computed.days.map(\.perDiem.paid), [MealsPaid(), MealsPaid(lunch: 200), MealsPaid()])
        XCTAssertEqual(computed.days.map(\.perDiem.rule), [.departure, .between, .return])

        let submitted = try store.write { try store.apply(.submit, to: first.id, by: "ana") }
        let frozen = try XCTUnwrap(try store.perDiems(of: submitted).perDiems)
        XCTAssertTrue(frozen.frozen)
        XCTAssertEqual(frozen.days, try computed.days.map(asFrozen))
        XCTAssertEqual(frozen.total, computed.total)
    }

    /// A frozen day keeps the flat its night was paid (`lodging_minor`), not the table row's flat
    /// for any night: the computed day as it is frozen.
    private func asFrozen(_ day: ReportPerDiems.Day) throws -> ReportPerDiems.Day {
        let computed = day.perDiem
        let row = computed.table
        let table = try AllowanceRate(
            country: row.country, place: row.place, validFrom: row.validFrom, fullDay: row.fullDay, partialDay: row.partialDay)
        let frozen = PerDiem.Day(
            date: computed.date, country: computed.country, kind: computed.kind, meals: computed.meals, table: table,
            rate: computed.rate, deductions: computed.deductions, amount: computed.amount, place: computed.place,
            basis: computed.basis, rule: computed.rule, absenceMinutes: computed.absenceMinutes, paid: computed.paid,
            lodging: computed.lodging, share: computed.share)
        return ReportPerDiems.Day(perDiem: frozen, conversion: day.conversion, lodgingConversion: day.lodgingConversion)
    }
}
