// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/*.csv Data/*.csv
// fuzz-options: -max_len=8192
import ExpenseCore
@testable import StatementReading

/// A statement (`import FILE --rules RULES`) as the importer reads it: preamble lines skipped,
/// the header, then every row mapped through the rules, amounts, dates, encodings and
/// conditions (on the whole row too) included. Three rule sets: positional columns, a German bank's (';', Windows-1252,
/// a preamble, 1.234,56) and a card's columns by name; small buffers make records cross refills.
private let ruleTexts = [
    """
    header no
    fields date, amount, currency, merchant, description, category
    if merchant matches ^UBER|TAXI then category taxi
    if description matches [0-9]+ then merchant Numbered
    """,
    """
    encoding windows-1252
    separator ;
    skip 5
    date-format %d.%m.%Y
    decimal-mark ,
    thousands-separator .
    debits negative
    credits skip
    date = Buchungstag
    amount = Betrag (EUR)
    merchant = Auftraggeber / Begünstigter
    description = Buchungstext + Verwendungszweck
    default currency EUR
    default category other
    if merchant matches hotel then category lodging
    if row matches ^"?Kontostand then skip
    if description matches [à-ö]|ß then category meals
    """,
    """
    date-format %m/%d/%Y
    thousands-separator ,
    date = Date
    amount = Amount
    currency = Currency
    merchant = Description
    external-id = Reference
    default category other
    if merchant matches ^PAYMENT RECEIVED then skip
    """,
]
private let ruleSets = ruleTexts.map { try! ImportRules.parse($0, path: "fuzz.rules") }
private let categories = ["other", "lodging", "meals", "taxi", "rail"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for (rules, bufferSize) in zip(ruleSets, [5, 64, 1 << 16]) {
        try? importRows(bytes, rules, bufferSize: bufferSize)
    }
    return 0
}

private func importRows(_ bytes: [UInt8], _ rules: ImportRules, bufferSize: Int) throws {
    let reader = CSVReader(bytes: bytes, separator: rules.separator, bufferSize: bufferSize)
    let start = try CSVStatementStart.read(reader, rules: rules, file: "fuzz.csv")
    let mapper = try RowMapper(rules: rules, header: start.names, file: "fuzz.csv", categories: categories)
    var row = MappedRow()
    while try reader.next() {
        if reader.isBlankLine { continue }
        mapper.map(reader, into: &row)
        _ = row.reason
        _ = row.encodedReason
        if let date = row.date, let amount = row.amount {
            let content = RowFingerprint.content(day: date.dayNumber, amountMinor: amount.minorUnits,
                                                 currency: amount.currency.code, merchant: row.statementMerchant)
            _ = RowFingerprint.key(content: content, occurrence: 1)
        }
    }
}
