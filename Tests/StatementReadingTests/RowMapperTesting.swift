import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// How the RowMapper tests read a statement: its start as the importer reads it
/// (`CSVStatementStart`), then each record mapped through the rules.
extension XCTestCase {
    static let rowMapperCategories = ["lodging", "meals", "taxi", "rail", "other"]

    /// The rows of `csv` (header first) mapped through `rulesText`.
    func map(_ csv: [UInt8], _ rulesText: String) throws -> [MappedRow] {
        var mapper: RowMapper?
        return try map(csv, rulesText, mapper: &mapper)
    }

    func map(_ csv: [UInt8], _ rulesText: String, mapper used: inout RowMapper?) throws -> [MappedRow] {
        let rules = try ImportRules.parse(rulesText, path: "test.rules")
        let reader = CSVReader(bytes: csv, separator: rules.separator)
        let start = try CSVStatementStart.read(reader, rules: rules, file: "test.csv")
        let mapper = try RowMapper(rules: rules, header: start.names, file: "test.csv", categories: Self.rowMapperCategories)
        used = mapper
        var rows: [MappedRow] = []
        var row = MappedRow()
        while try reader.next() {
            mapper.map(reader, into: &row)
            rows.append(row)
        }
        return rows
    }

    func map(_ csv: String, _ rulesText: String) throws -> [MappedRow] {
        try map(Array(csv.utf8), rulesText)
    }

    func money(_ text: String, _ code: String) throws -> Money {
        try Money.parse(text, currency: try CurrencyTable.standard.require(code))
    }
}
