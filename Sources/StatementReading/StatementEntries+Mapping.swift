extension StatementEntries {
    /// The entries mapped through `rules` (made by `ImportRules.forEntries`), as the importer
    /// maps them: for tests and the fuzz targets.
    public func mapped(_ rules: ImportRules, categories: [String]) throws -> [MappedRow] {
        let records = StatementEntryRecords(entries, fileBytes: 0)
        let mapper = try RowMapper(rules: rules, header: StatementEntryRecords.columns, file: "statement", categories: categories)
        var rows: [MappedRow] = []
        var row = MappedRow()
        while try records.next() {
            mapper.map(records, into: &row)
            rows.append(row)
        }
        return rows
    }
}
