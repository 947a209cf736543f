// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/*.qif
// fuzz-options: -max_len=16384 -dict=Fuzz/QIF.dict
import ExpenseCore
@testable import StatementReading

/// A QIF file as `expenses import FILE` reads it: recognised, its sections and records read,
/// its dates ordered by the file's evidence, then mapped as records through rules with a default
/// currency and a condition. Any bytes are entries or a StatementFailure, never a trap or an
/// unbounded allocation.
private let rules = try! ImportRules.parse("default currency EUR\nif merchant matches caf then category meals\n", path: "fuzz.rules",
                                           complete: false).forEntries(of: .qif)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StatementFormat.recognise(bytes)
    guard let statement = try? QIFReader.read(bytes, dayFirst: size % 2 == 0) else { return 0 }
    for row in (try? statement.mapped(rules, categories: ["other", "lodging", "meals"])) ?? [] {
        _ = row.reason
        _ = row.encodedReason
    }
    return 0
}
