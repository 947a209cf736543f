import ExpenseCore
import ExpenseSupport

/// Rate writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerRateWrites: RateWrites {
    unowned let store: Store

    func setManualRateTolerance(_ tolerance: RateTolerance) throws {
        try ServerWrites.manualRateToleranceSet.call(on: store.db, Int64(tolerance.basisPoints))
    }
}
