// fuzz-sources: Sources/ExpenseApp/Language/Tokenizer.swift
// fuzz-seeds: Data/samples/*.expenses
// fuzz-options: -max_len=2048

/// A command line as the REPL and a one-shot line read it: words, quotes, escapes, comments,
/// and whether it needs another line. A line the tokenizer calls complete must split into words.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = Result { try Tokenizer.words(line) }
    if Tokenizer.continuation(of: line) == nil, case .failure(let failure) = words {
        fatalError("continuation(of:) calls \(String(reflecting: line)) complete, but words(_:) fails: \(failure)")
    }
    return 0
}
