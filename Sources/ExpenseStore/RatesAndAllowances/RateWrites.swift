import ExpenseCore
import ExpenseSupport

/// The writes of exchange rates and their tolerance, per-diem rate tables, a trip's days, nights and journeys, mileage, as each engine makes them: a file's SQL
/// (`FileRateWrites`) or the team server's declared functions (`ServerRateWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol RateWrites {
    /// Sets how far a rate given by hand may be from the ECB's before it is a finding.
    func setManualRateTolerance(_ tolerance: RateTolerance) throws
}
