// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/*.sta
// fuzz-options: -max_len=16384 -dict=Fuzz/MT940.dict
import ExpenseCore
@testable import StatementReading

/// An MT940 statement as `expenses import FILE` reads it: recognised, its lines decoded, its
/// fields and German structured `:86:` read, then mapped as records through rules with a
/// condition. Any bytes are entries or a StatementFailure, never a trap or an unbounded allocation.
private let rules = try! ImportRules.parse("if merchant matches hotel then category lodging\n", path: "fuzz.rules",
                                           complete: false).forEntries(of: .mt940)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StatementFormat.recognise(bytes)
    guard let statement = try? MT940Reader.read(bytes) else { return 0 }
    for row in (try? statement.mapped(rules, categories: ["other", "lodging", "meals"])) ?? [] {
        _ = row.reason
        _ = row.encodedReason
    }
    return 0
}
