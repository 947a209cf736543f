import ExpenseCore
import Foundation
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// Pixel sizes from each format's header, and EXIF's DateTimeOriginal, on files built byte by
/// byte and on the committed samples; damaged headers give nil, never a crash.
final class ImageMetadataTests: XCTestCase {
    func testDimensionsOfEachFormat() {
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.jpeg(width: 1240, height: 1754), type: .jpeg)! == (1240, 1754))
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.jpeg(width: 3024, height: 4032, progressive: true), type: .jpeg)! == (3024, 4032))
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.png(width: 800, height: 1200), type: .png)! == (800, 1200))
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.webp(width: 640, height: 480, kind: .lossy), type: .webp)! == (640, 480))
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.webp(width: 641, height: 9999, kind: .lossless), type: .webp)! == (641, 9999))
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.webp(width: 20000, height: 3, kind: .extended), type: .webp)! == (20000, 3))
        // The primary image's extents, not its thumbnail's or a grid tile's.
        XCTAssertTrue(ImageDimensions.of(ImageFixtures.heif(sizes: [(320, 240), (4032, 3024), (512, 512)]), type: .heic)! == (4032, 3024))
        XCTAssertNil(ImageDimensions.of(Array("%PDF-1.7".utf8), type: .pdf))
    }

    func testDamagedHeadersGiveNothing() {
        let jpeg = ImageFixtures.jpeg(width: 100, height: 100)
        for cut in [2, 5, 20, 26] {
            XCTAssertNil(ImageDimensions.of(Array(jpeg.prefix(cut)), type: .jpeg), "JPEG cut at \(cut)")
        }
        XCTAssertNil(ImageDimensions.of(Array(ImageFixtures.png(width: 5, height: 5).prefix(20)), type: .png))
        XCTAssertNil(ImageDimensions.of(Array(ImageFixtures.webp(width: 5, height: 5, kind: .lossy).prefix(22)), type: .webp))
        var looping = ImageFixtures.heif(sizes: [(5, 5)])
        looping[looping.count - 11] = 0xFF  // a box size past the end
        _ = ImageDimensions.of(looping, type: .heic)
        XCTAssertNil(ImageDimensions.of([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x00], type: .jpeg), "a zero segment length")
    }

    func testHEIFContainersTooShortAndHugeExtentsAreNotTraps() {
        // Found by Fuzz/ImageHeaders: a `meta` box of 8 bytes has no room for its version and
        // flags (4 bytes), which made an inverted range and trapped.
        let shortMeta = ImageFixtures.box("ftyp", ImageFixtures.ascii("heic") + ImageFixtures.be32(0)) + ImageFixtures.box("meta", [])
        XCTAssertNil(ImageDimensions.of(shortMeta, type: .heic))
        XCTAssertNil(ImageDimensions.of(ImageFixtures.box("meta", [0, 0]), type: .heic))
        // Extents of 2^32 - 1 each: their product overflowed Int when compared with the next one's.
        // A 64-bit box size of Int.max after another box: offset + size overflowed.
        let largeSize =
            ImageFixtures.box("free", []) + ImageFixtures.be32(1) + ImageFixtures.ascii("mdat")
            + ImageFixtures.be32(0x7FFF_FFFF) + ImageFixtures.be32(0xFFFF_FFFF)
        XCTAssertNil(ImageDimensions.of(largeSize, type: .heic))
        let huge = ImageFixtures.heif(sizes: [(0xFFFF_FFFF, 0xFFFF_FFFF), (0xFFFF_FFFF, 0xFFFF_FFFE)])
        XCTAssertTrue(ImageDimensions.of(huge, type: .heic)! == (0xFFFF_FFFF, 0xFFFF_FFFF))
    }

    func testEXIFDateTimeOriginalInEitherByteOrder() {
        for littleEndian in [false, true] {
            let exif = ImageFixtures.tiff(dateTimeOriginal: "2026:03:02 19:41:07", littleEndian: littleEndian)
            XCTAssertEqual(
                ExifReader.dateTimeOriginal(in: ImageFixtures.jpeg(width: 1, height: 1, exif: exif), type: .jpeg),
                "2026-03-02T19:41:07", littleEndian ? "II" : "MM")
            XCTAssertEqual(
                ExifReader.dateTimeOriginal(in: ImageFixtures.png(width: 1, height: 1, exif: exif), type: .png),
                "2026-03-02T19:41:07")
            XCTAssertEqual(
                ExifReader.dateTimeOriginal(in: ImageFixtures.webp(width: 1, height: 1, kind: .extended, exif: exif), type: .webp),
                "2026-03-02T19:41:07")
        }
        // Dimensions are read past the APP1 segment too.
        let withExif = ImageFixtures.jpeg(
            width: 4000, height: 3000, exif: ImageFixtures.tiff(dateTimeOriginal: "2026:03:02 19:41:07", littleEndian: true))
        XCTAssertTrue(ImageDimensions.of(withExif, type: .jpeg)! == (4000, 3000))
    }

    func testNoOrPlaceholderDatesGiveNothing() {
        XCTAssertNil(ExifReader.dateTimeOriginal(in: ImageFixtures.jpeg(width: 1, height: 1), type: .jpeg))
        for placeholder in ["0000:00:00 00:00:00", "                   ", "2026:02:30 10:00:00", "2026-03-02 19:41:07"] {
            let exif = ImageFixtures.tiff(dateTimeOriginal: placeholder, littleEndian: true)
            XCTAssertNil(ExifReader.dateTimeOriginal(in: ImageFixtures.jpeg(width: 1, height: 1, exif: exif), type: .jpeg), placeholder)
        }
        let exif = ImageFixtures.tiff(dateTimeOriginal: "2026:03:02 19:41:07", littleEndian: false)
        XCTAssertNil(ExifReader.dateTimeOriginal(tiff: Array(exif.prefix(30))), "cut short")
        XCTAssertNil(ExifReader.dateTimeOriginal(tiff: Array("XX*\u{0}".utf8) + exif.dropFirst(4)), "no byte order mark")
    }

    func testTheCommittedSamples() throws {
        let hotel = Array(try Data(contentsOf: URL(fileURLWithPath: ImageFixtures.sample("hotel-walldorf-de.jpg"))))
        XCTAssertEqual(MediaSniffer.mediaType(of: hotel), .jpeg)
        XCTAssertNotNil(ImageDimensions.of(hotel, type: .jpeg))
        XCTAssertEqual(ExifReader.dateTimeOriginal(in: hotel, type: .jpeg), "2026-03-06T08:12:44")
        let taxi = Array(try Data(contentsOf: URL(fileURLWithPath: ImageFixtures.sample("taxi-zurich-ch.png"))))
        XCTAssertEqual(MediaSniffer.mediaType(of: taxi), .png)
        let size = try XCTUnwrap(ImageDimensions.of(taxi, type: .png))
        XCTAssertGreaterThan(size.width, 300)
        XCTAssertNil(ExifReader.dateTimeOriginal(in: taxi, type: .png))
    }
}
