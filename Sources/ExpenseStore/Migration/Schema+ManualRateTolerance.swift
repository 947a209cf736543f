import ExpenseSupport

extension Schema {
    /// Issue 39: how far a rate given by hand may be from the ECB's rate of the day before it is
    /// a finding for the approver (`RateTolerance`): one row at most, none for the standard 5 %.
    /// Literal SQL, as every migration is to be: nothing in it moves when the app's types do.
    static func addManualRateTolerance(_ db: Database) throws {
        try db.execute(SQL(verbatim: manualRateTolerance))
    }

    static let manualRateTolerance = """
        CREATE TABLE manual_rate_tolerance (
            singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
            basis_points INTEGER NOT NULL CHECK (basis_points BETWEEN 0 AND 10000)
        );
        """
}
