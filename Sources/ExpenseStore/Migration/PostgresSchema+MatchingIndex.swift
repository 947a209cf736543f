extension PostgresSchema {
    /// Issue 45: as on a file (`Schema.keepKeyedRowsOutOfTheMatchingIndex`), receipt matching's
    /// index holds the rows without a content key; a bank statement's rows are found on the
    /// content keys' index.
    static let matchingIndexWithoutKeyedRows = """
        DROP INDEX expenses_by_date_and_amount;
        CREATE INDEX expenses_by_date_and_amount ON expenses (owner, date, amount_minor) WHERE import_key IS NULL;
        """
}
