// fuzz-sources: Sources/ExpenseApp/Language/Tokenizer.swift
// fuzz-seeds: Data/samples/*.expenses
// fuzz-options: -max_len=8192

/// A script (`run FILE`, or lines piped to stdin): split into commands at line ends, joined
/// where a line continues, each command split into words.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var previous = 0
    for line in Tokenizer.logicalLines(text) {
        precondition(line.number > previous, "logical lines out of order")
        previous = line.number
        _ = try? Tokenizer.words(line.text)
    }
    return 0
}
