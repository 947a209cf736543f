// fuzz-modules: ReceiptReading
// fuzz-options: -max_len=4096
@testable import ReceiptReading

/// What OCR read on a receipt (tesseract's output, up to 8 MiB): merchant, date, total, currency
/// and category are guessed from any text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = ReceiptTextReader.suggestion(from: String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
