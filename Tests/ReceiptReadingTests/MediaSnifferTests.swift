import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// Receipts are recognised by their first bytes, never their name.
final class MediaSnifferTests: XCTestCase {
    func testRecognisesEachKindByItsMagic() {
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.jpeg(width: 10, height: 10)), .jpeg)
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.png(width: 10, height: 10)), .png)
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.webp(width: 10, height: 10, kind: .lossy)), .webp)
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.heif(sizes: [(10, 10)])), .heic)
        XCTAssertEqual(MediaSniffer.mediaType(of: Array("%PDF-1.7\n%âãÏÓ\n1 0 obj".utf8)), .pdf)
    }

    func testHEIFBrandsAsMajorOrCompatible() {
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.heif(majorBrand: "heix", compatible: [], sizes: [])), .heic)
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.heif(majorBrand: "mif1", compatible: ["heic"], sizes: [])), .heic)
        XCTAssertEqual(MediaSniffer.mediaType(of: ImageFixtures.heif(majorBrand: "msf1", compatible: ["hevc"], sizes: [])), .heic)
        // AVIF shares the container and mif1, not the codec.
        XCTAssertNil(MediaSniffer.mediaType(of: ImageFixtures.heif(majorBrand: "avif", compatible: ["mif1", "miaf"], sizes: [])))
        // An MP4 video is an ftyp box too.
        XCTAssertNil(MediaSniffer.mediaType(of: ImageFixtures.heif(majorBrand: "isom", compatible: ["iso2", "mp41"], sizes: [])))
    }

    func testAPDFWithJunkBeforeItsHeaderIsStillAPDF() {
        XCTAssertEqual(MediaSniffer.mediaType(of: Array("\r\n\u{FEFF}junk%PDF-1.4".utf8)), .pdf)
        XCTAssertNil(MediaSniffer.mediaType(of: [UInt8](repeating: 0x20, count: 1100) + Array("%PDF-1.4".utf8)))
    }

    func testRefusesEverythingElseAndSaysWhatItSeems() {
        let text = Array("Total 12.50 EUR\nThank you\n".utf8)
        XCTAssertNil(MediaSniffer.mediaType(of: text))
        XCTAssertEqual(MediaSniffer.describe(text), "it looks like text")
        XCTAssertNil(MediaSniffer.mediaType(of: []))
        XCTAssertEqual(MediaSniffer.describe([]), "it is empty")
        XCTAssertEqual(MediaSniffer.describe(Array("GIF89a".utf8) + [0, 0]), "it is a GIF image")
        XCTAssertEqual(MediaSniffer.describe([0x50, 0x4B, 0x03, 0x04, 0x14]), "it is a ZIP archive")
        XCTAssertEqual(MediaSniffer.describe([0x00, 0xFF, 0xFE, 0x80, 0x81]), "its content is not a known image")
        // Truncated magic numbers are not enough.
        XCTAssertNil(MediaSniffer.mediaType(of: [0xFF, 0xD8]))
        XCTAssertNil(MediaSniffer.mediaType(of: [0x89, 0x50, 0x4E, 0x47]))
        XCTAssertNil(MediaSniffer.mediaType(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)))
    }
}
