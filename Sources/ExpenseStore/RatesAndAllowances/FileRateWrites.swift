import ExpenseCore
import ExpenseSupport

/// Rate writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileRateWrites: RateWrites {
    unowned let store: Store

    func setManualRateTolerance(_ tolerance: RateTolerance) throws {
        try store.db.execute(
            """
            INSERT INTO manual_rate_tolerance (singleton, basis_points) VALUES (1, \(tolerance.basisPoints))
            ON CONFLICT (singleton) DO UPDATE SET basis_points = excluded.basis_points
            """)
    }
}
