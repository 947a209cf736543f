extension PostgresSchema {
    /// `Schema.addManualRateTolerance` on the server: read by every member, set by finance only
    /// through `manual_rate_tolerance_set` (`conversionFunctions`). Literal SQL.
    static let manualRateTolerance = """
        CREATE TABLE manual_rate_tolerance (
            singleton bigint PRIMARY KEY NOT NULL CHECK (singleton = 1),
            basis_points bigint NOT NULL CHECK (basis_points BETWEEN 0 AND 10000)
        );
        """
}
