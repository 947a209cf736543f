import ExpenseCore
import ExpenseSupport

/// The writes of exchange rates and their tolerance, per-diem rate tables, a trip's days, nights and journeys, mileage, as each engine makes them: a file's SQL
/// (`FileRateWrites`) or the team server's declared functions (`ServerRateWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol RateWrites {
    /// Sets how far a rate given by hand may be from the ECB's before it is a finding.
    func setManualRateTolerance(_ tolerance: RateTolerance) throws

    /// Saves a day's reference rate, replacing one that differs.
    /// - Returns: 1 when the row was added or changed, else 0.
    func saveReferenceRate(_ rate: ReferenceRate) throws -> Int

    /// Saves a per-diem rate, replacing the row of the same country and `valid_from` when it differs;
    /// `taxable` marks one above the legal maximum as meant (a team database's alone).
    /// - Returns: 1 when the row was added or changed, else 0.
    func saveAllowanceRate(_ rate: AllowanceRate, taxable: Bool) throws -> Int

    /// Sets a vehicle's rate from a day on, replacing that day's, marked `taxable` as above.
    /// Returns whether anything changed.
    func setMileageRate(_ rate: MileageRate, taxable: Bool) throws -> Bool
    /// Stores a country's VAT rate from a day on (its end replaced when it has one); whether it changed.
    func setVATRate(_ row: Store.VATRateRow) throws -> Bool

    /// Sets or removes (`place` nil) the stop of `day` on `report`'s trip, and logs it.
    /// `report` is the draft as it is now, checked by the caller.
    func setStop(_ place: TripPlace?, on day: CalendarDate, of report: Report, by actor: UserName) throws

    /// Sets or clears (none) the meals provided on `day` of `report`'s trip and what was paid for
    /// them, and logs it. `report` is the draft as it is now, checked by the caller.
    func setMeals(_ meals: ProvidedMeals, paid: MealsPaid, on day: CalendarDate, of report: Report, by actor: UserName) throws

    /// Flags (or unflags) the night that begins on `day` of `report`'s trip as paid at the
    /// lodging flat, and logs it. `report` is the draft as it is now, checked by the caller.
    func setLodgingNight(_ flat: Bool, on day: CalendarDate, of report: Report, by actor: UserName) throws

    /// Adds the office time from `starts` to `ends` to `report`'s trip, or removes the one
    /// starting at `starts` (`ends` nil), and logs it. Checked by the caller.
    func setOfficeTime(_ starts: LocalDateTime, ends: LocalDateTime?, of report: Report, by actor: UserName) throws

    /// Writes `perDiems` as report `reportID`'s frozen rows at its submission.
    func freeze(_ perDiems: ReportPerDiems, of reportID: Int64) throws
}
