// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/*.rules
// fuzz-options: -max_len=4096 -dict=Fuzz/ImportRules.dict
import ExpenseCore
@testable import StatementReading

/// A rules file (`import FILE --rules RULES`): every directive, column and condition (a POSIX
/// regular expression, compiled by glibc), then resolved against a statement's header as the
/// importer does, and one row mapped through it.
private let header = ["Date", "Amount", "Currency", "Description", "Reference", "Betrag (EUR)", "Buchungstag", "1", "Text"]
private let row = Array("03/02/2026,\"1,234.56\",EUR,UBER TRIP,R1,\"-12,30\",02.03.2026,x,Text\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let rules = try? ImportRules.parse(text, path: "fuzz.rules") else { return 0 }
    try? rules.checkCategories(["other", "lodging", "meals", "taxi"])
    for names in [header, nil] {
        guard let mapper = try? RowMapper(rules: rules, header: names, file: "fuzz.csv", categories: ["other", "taxi"]) else { continue }
        let reader = CSVReader(bytes: row, separator: rules.separator)
        var mapped = MappedRow()
        while (try? reader.next()) == true { mapper.map(reader, into: &mapped) }
    }
    return 0
}
