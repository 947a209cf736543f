extension StatementEntries {
    /// The entries mapped through `rules` (made by `ImportRules.forEntries`), as the importer
    /// maps them: for tests and the fuzz targets.
    public func mapped(_ rules: ImportRules, categories: [String]) throws -> [MappedRow] {
        let records = StatementEntryRecords(rules.importedEntries(of: self).entries, fileBytes: 0)
        let mapper = try RowMapper(rules: rules, header: StatementEntryRecords.columns, file: "statement", categories: categories)
        var rows: [MappedRow] = []
        var row = MappedRow()
        while try records.next() {
            records.map(through: mapper, into: &row)
            rows.append(row)
        }
        return rows
    }
}
