import ExpenseCore
import ExpenseSupport

extension Store {
    /// How far a rate given by hand may be from the ECB's of its day before it is a finding:
    /// finance's setting, or the standard 5 %.
    public func manualRateTolerance() throws -> RateTolerance {
        guard
            let stored = try db.queryFirst(
                "SELECT basis_points FROM manual_rate_tolerance WHERE singleton = 1", { $0.int64(0) })
        else { return .standard }
        return try RateTolerance(basisPoints: Int(clamping: stored))
    }

    /// Sets the tolerance; on a team database the server lets finance alone. Call inside `write`.
    public func setManualRateTolerance(_ tolerance: RateTolerance) throws {
        try writes.rates.setManualRateTolerance(tolerance)
    }
}
