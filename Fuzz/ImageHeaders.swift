// fuzz-modules: ReceiptReading
// fuzz-seeds: Data/samples/receipts/*.jpg Data/samples/receipts/*.png
// fuzz-options: -max_len=8192
import ExpenseCore
@testable import ReceiptReading

/// The headers of a receipt's file (`receipt capture FILE`): its media type, pixel size and
/// EXIF date, read as every type, whatever the bytes really are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = MediaSniffer.mediaType(of: bytes)
    _ = MediaSniffer.describe(bytes)
    for type in ReceiptMediaType.allCases {
        _ = ImageDimensions.of(bytes, type: type)
        _ = ExifReader.dateTimeOriginal(in: bytes, type: type)
    }
    _ = ExifReader.dateTimeOriginal(tiff: bytes)
    return 0
}
