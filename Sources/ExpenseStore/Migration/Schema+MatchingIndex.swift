import ExpenseSupport

extension Schema {
    /// Issue 45: receipt matching's index holds the rows without a content key, card lines and
    /// typed items: a bank statement's rows, recognised by their content key, are found by their
    /// days on the content keys' own index (`Store.matchCandidates` reads both), and no longer
    /// cost a second entry each. Measured in Scripts/bench import, 200,000 rows of the bench's
    /// statement: 14 % slower than at 2e03860 with both entries (its index pages 12 % more).
    /// The same on a team database (`2026-12-27-pg-v23-matching-index`).
    static func keepKeyedRowsOutOfTheMatchingIndex(_ db: Database) throws {
        try db.execute(SQL(verbatim: matchingIndexWithoutKeyedRows))
    }

    static let matchingIndexWithoutKeyedRows = """
        DROP INDEX expenses_by_date_and_amount;
        CREATE INDEX expenses_by_date_and_amount ON expenses (date, amount_minor) WHERE import_key IS NULL;
        """
}
