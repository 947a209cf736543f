// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/eurofxref-hist.csv
// fuzz-options: -max_len=8192
@testable import StatementReading

/// The ECB's reference rates file (`rates import FILE`), read through a small buffer so that
/// records cross refills.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let reader = CSVReader(bytes: Array(UnsafeBufferPointer(start: data, count: size)), separator: UInt8(ascii: ","), bufferSize: 64)
    try? ReferenceRates.read(reader, file: "rates.csv") { _ in }
    return 0
}
