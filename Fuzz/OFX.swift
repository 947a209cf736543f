// fuzz-modules: StatementReading
// fuzz-seeds: Tests/Fixtures/import/*.ofx
// fuzz-options: -max_len=16384 -dict=Fuzz/OFX.dict
import ExpenseCore
@testable import StatementReading

/// An OFX statement, 1.x SGML or 2.x XML, as `expenses import FILE` reads it: its header, its
/// transactions by the bounded markup scanner, then mapped as records through rules. Any bytes
/// are entries or a StatementFailure, never a trap, a stack overflow or an unbounded allocation.
private let rules = try! ImportRules.parse("if merchant matches caf then category meals\n", path: "fuzz.rules",
                                           complete: false).forEntries(of: .ofx)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = StatementFormat.recognise(bytes)
    guard let statement = try? OFXReader.read(bytes) else { return 0 }
    for row in (try? statement.mapped(rules, categories: ["other", "lodging", "meals"])) ?? [] {
        _ = row.reason
        _ = row.encodedReason
    }
    return 0
}
