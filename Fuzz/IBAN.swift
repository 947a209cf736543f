// fuzz-modules: ExpenseCore
// fuzz-options: -max_len=256

@testable import ExpenseCore

/// An IBAN and a BIC as a person types them (`payee set`, `company set`), and as a stored row
/// is read back: any text is refused with an error or read as a value that holds what a bank
/// checks, and never traps. Seeds: the IBAN registry's examples, valid and mistyped
/// (Fuzz/Corpus/IBAN/).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let iban = try? IBAN(text) {
        precondition(iban.electronic.count == IBAN.lengths[iban.country], "an IBAN of another length than its country's")
        precondition(IBAN.remainder(iban.electronic) == 1, "an IBAN whose check digits fail")
        precondition((try? IBAN(iban.grouped)) == iban, "the paper form does not read back")
    }
    if let bic = try? BIC(text) {
        precondition(bic.code.count == 8 || bic.code.count == 11, "a BIC of another length")
    }
    return 0
}
