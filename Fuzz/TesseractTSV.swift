// fuzz-modules: ReceiptReading
// fuzz-options: -max_len=8192
@testable import ReceiptReading

/// tesseract's TSV output (or whatever a stand-in prints in its place): each word with its box and
/// confidence, read into lines, the text and the lines it was unsure of.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let page = TesseractPage(tsv: String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    _ = ReceiptTextReader.suggestion(from: page.text, unsure: page.unsureLines)
    return 0
}
