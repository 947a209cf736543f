extension PostgresSchema {
    /// A negative amount is a refund of something paid; a per diem or a journey is owed, never
    /// paid, so it is never negative (`Expense.neverRefunded`), whoever writes it: the app's
    /// check, held by the server for every member and function. NOT VALID: a row from before
    /// stays as it is; every row written from now on is checked. Frozen as it shipped: the
    /// categories are `Expense.neverRefunded` then, written out.
    static let noNegativeAllowances = """
        ALTER TABLE expenses ADD CONSTRAINT expenses_owed_not_negative
            CHECK (amount_minor > 0 OR category NOT IN ('mileage', 'per_diem')) NOT VALID;
        """
}
