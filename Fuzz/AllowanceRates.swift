// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/allowances/*.csv Data/allowance-rates.csv
// fuzz-options: -max_len=8192
@testable import StatementReading

/// A per-diem rate table (`allowance rates import FILE`) as the import reads it: the header's
/// columns found by name, quoted fields, each row's country, date, amounts and currency, and the
/// check for a second row of the same country and day.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = try? AllowanceRatesCSV.read(Array(UnsafeBufferPointer(start: data, count: size)), file: "rates.csv")
    return 0
}
