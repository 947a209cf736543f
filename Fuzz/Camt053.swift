// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/camt05*-*.xml
// fuzz-options: -max_len=16384 -dict=Fuzz/Camt053.dict
import ExpenseCore
@testable import StatementReading

/// A camt.053 statement, a camt.052 report or a camt.054 notification (seeds of each) as
/// `expenses import FILE` reads it: recognised, its entries read by the bounded markup scanner,
/// then mapped as records through rules with a condition. Any bytes are entries or a
/// StatementFailure, never a trap, a stack overflow or an unbounded allocation.
private let rules = try! ImportRules.parse("credits skip\nif merchant matches hotel then category lodging\n", path: "fuzz.rules",
                                           complete: false).forEntries(of: .camt053)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StatementFormat.recognise(bytes)
    guard let statement = try? CamtReader.read(bytes) else { return 0 }
    for row in (try? statement.mapped(rules, categories: ["other", "lodging", "meals"])) ?? [] {
        _ = row.reason
        _ = row.encodedReason
    }
    return 0
}
