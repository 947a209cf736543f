import ExpenseCore
import ExpenseSupport

/// Rate writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerRateWrites: RateWrites {
    unowned let store: Store

    func setManualRateTolerance(_ tolerance: RateTolerance) throws {
        try ServerWrites.manualRateToleranceSet.call(on: store.db, Int64(tolerance.basisPoints))
    }

    func saveReferenceRate(_ rate: ReferenceRate) throws -> Int {
        Int(try ServerWrites.rateSave.call(on: store.db, rate.currency, rate.date.description, rate.perEUR.description))
    }

    func saveAllowanceRate(_ rate: AllowanceRate, taxable: Bool) throws -> Int {
        Int(
            try ServerWrites.allowanceRateSave.call(
                on: store.db, rate.country.code, rate.validFrom.description, rate.fullDay.minorUnits, rate.partialDay.minorUnits,
                rate.currency.code, taxable ? 1 : 0))
    }

    func setMileageRate(_ rate: MileageRate, taxable: Bool) throws -> Bool {
        try ServerWrites.mileageRateSet.call(
            on: store.db, rate.vehicle.rawValue, rate.validFrom.description, rate.perKilometre.minorUnits,
            rate.perKilometre.currency.code, taxable ? 1 : 0) > 0
    }

    func setVATRate(_ row: Store.VATRateRow) throws -> Bool {
        try ServerWrites.vatRateSet.call(
            on: store.db, row.country.code, Int64(row.rate.hundredths), row.validFrom.description, row.validTo?.description) > 0
    }

    func setStop(_ place: TripPlace?, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        try ServerWrites.reportStop.call(on: store.db, report.id, day.description, place?.country.code, place?.place, store.now())
    }

    func setMeals(_ meals: ProvidedMeals, paid: MealsPaid, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        try ServerWrites.reportMeals.call(
            on: store.db, report.id, day.description, meals.contains(.breakfast) ? 1 : 0, meals.contains(.lunch) ? 1 : 0,
            meals.contains(.dinner) ? 1 : 0, paid.breakfast, paid.lunch, paid.dinner, store.now())
    }

    func setLodgingNight(_ flat: Bool, on day: CalendarDate, of report: Report, by actor: UserName) throws {
        try ServerWrites.reportNight.call(on: store.db, report.id, day.description, flat ? 1 : 0, store.now())
    }

    func setOfficeTime(_ starts: LocalDateTime, ends: LocalDateTime?, of report: Report, by actor: UserName) throws {
        try ServerWrites.reportOffice.call(on: store.db, report.id, starts.description, ends?.description, store.now())
    }

    /// Nothing to write: the server computes and freezes a report's per diems itself, inside
    /// `report_step`, and a traveller cannot write them.
    func freeze(_ perDiems: ReportPerDiems, of reportID: Int64) throws {}
}
