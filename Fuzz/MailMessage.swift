// fuzz-modules: ReceiptReading
// fuzz-options: -max_len=16384 -dict=Fuzz/MailMessage.dict
import ExpenseCore

@testable import ReceiptReading

/// An e-mail handed to `receipt capture` by a mail filter or a Maildir: recognised, its MIME
/// tree walked, every part decoded and sniffed, an HTML body rendered to text, and that text read
/// as a receipt, whatever the bytes are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = MailMessage.looksLikeMessage(bytes)
    if let mail = try? MailReceipts.read(bytes) {
        for receipt in mail.receipts { _ = ReceiptTextReader.suggestion(from: receipt.text ?? "") }
    }
    _ = HTMLText.text(of: String(decoding: bytes, as: UTF8.self))
    _ = MIMEValue(String(decoding: bytes.prefix(2048), as: UTF8.self))
    _ = EncodedWords.decode(String(decoding: bytes.prefix(2048), as: UTF8.self))
    return 0
}
