import Foundation
import XCTest

@testable import Rendering

/// The web app's icons: PNG files that other programs read as their size, and that decode
/// (chunk by chunk, CRC by CRC) into the picture drawn.
final class AppIconImageTests: XCTestCase {
    /// A PNG of stored deflate blocks read back: its chunks with their CRCs checked, IHDR's
    /// size, and the pixels of its IDAT (filter type 0 on each row) with the Adler-32 checked.
    struct Decoded {
        var width = 0, height = 0
        var pixels: [UInt8] = []
        var chunks: [String] = []
    }

    static func decode(_ file: [UInt8]) throws -> Decoded {
        func read32(_ at: Int) -> UInt32 { file[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        XCTAssertEqual(Array(file.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the PNG signature")
        var decoded = Decoded()
        var idat: [UInt8] = []
        var at = 8
        while at + 12 <= file.count {
            let length = Int(read32(at))
            let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(file[(at + 8)..<(at + 8 + length)])
            XCTAssertEqual(read32(at + 8 + length), ~PNGImage.crc32(file[(at + 4)..<(at + 8 + length)]), "\(type)'s CRC")
            decoded.chunks.append(type)
            if type == "IHDR" {
                decoded.width = Int(data[0..<4].reduce(0) { $0 << 8 | UInt32($1) })
                decoded.height = Int(data[4..<8].reduce(0) { $0 << 8 | UInt32($1) })
                XCTAssertEqual(Array(data[8...]), [8, 6, 0, 0, 0])
            }
            if type == "IDAT" { idat += data }
            at += 12 + length
        }
        XCTAssertEqual(at, file.count, "nothing after IEND")
        // zlib: its header, stored blocks, the Adler-32.
        XCTAssertEqual((UInt16(idat[0]) << 8 | UInt16(idat[1])) % 31, 0)
        var raw: [UInt8] = []
        var index = 2
        var final = false
        while !final {
            final = idat[index] & 1 == 1
            XCTAssertEqual(idat[index] >> 1 & 3, 0, "a stored block")
            let count = Int(idat[index + 1]) | Int(idat[index + 2]) << 8
            XCTAssertEqual(count ^ 0xFFFF, Int(idat[index + 3]) | Int(idat[index + 4]) << 8)
            raw += idat[(index + 5)..<(index + 5 + count)]
            index += 5 + count
        }
        XCTAssertEqual(idat[index..<(index + 4)].reduce(0) { $0 << 8 | UInt32($1) }, PNGImage.adler32(raw))
        let stride = decoded.width * 4 + 1
        XCTAssertEqual(raw.count, stride * decoded.height)
        for row in 0..<decoded.height {
            XCTAssertEqual(raw[row * stride], 0, "row \(row)'s filter")
            decoded.pixels += raw[(row * stride + 1)..<((row + 1) * stride)]
        }
        return decoded
    }

    func testTheIconsDecodeToTheirSizeAndTheirPicture() throws {
        for size in [192, 512] {
            let decoded = try Self.decode(AppIconImage.png(size: size))
            XCTAssertEqual(decoded.chunks, ["IHDR", "IDAT", "IEND"])
            XCTAssertEqual([decoded.width, decoded.height], [size, size])
            func pixel(_ u: Double, _ v: Double) -> [UInt8] {
                let at = (Int(v * Double(size)) * size + Int(u * Double(size))) * 4
                return Array(decoded.pixels[at..<(at + 4)])
            }
            XCTAssertEqual(pixel(0, 0)[3], 0, "a rounded corner is transparent")
            XCTAssertEqual(pixel(0.1, 0.5), [0x1F, 0x5F, 0x8B, 255], "the theme's colour")
            XCTAssertEqual(pixel(0.5, 0.2), [255, 255, 255, 255], "the receipt")
            XCTAssertEqual(pixel(0.75, 0.62), [0xF5, 0xB8, 0x2E, 255], "the coin")
        }
    }

    func testABigPictureTakesSeveralStoredBlocksAndATinyOneOne() throws {
        var image = PNGImage(width: 200, height: 200)
        image[199, 199] = (1, 2, 3, 4)
        let decoded = try Self.decode(image.encoded())
        XCTAssertEqual(Array(decoded.pixels.suffix(4)), [1, 2, 3, 4])
        XCTAssertEqual(try Self.decode(PNGImage(width: 1, height: 1).encoded()).pixels, [0, 0, 0, 0])
        XCTAssertEqual(PNGImage.zlibStored([]), [0x78, 0x01, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1], "an empty stream is one final block")
    }

    /// The known answers of CRC-32 and Adler-32.
    func testChecksums() {
        XCTAssertEqual(~PNGImage.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(~PNGImage.crc32(Array("IEND".utf8)), 0xAE42_6082, "IEND's CRC in every PNG")
        XCTAssertEqual(PNGImage.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    }

    /// ImageMagick and file(1), which know nothing of this code, read the files as PNGs of their size.
    func testOtherProgramsReadTheIconsAsPNGsOfTheirSize() throws {
        let directory = NSTemporaryDirectory() + "app-icon-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for size in [192, 512] {
            let path = directory + "/\(size).png"
            try Data(AppIconImage.png(size: size)).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(
                try run("/usr/bin/identify", "-format", "%m %w %h %[channels]", path), "PNG \(size) \(size) srgba")
            XCTAssertTrue(try run("/usr/bin/file", "-b", path).hasPrefix("PNG image data, \(size) x \(size), 8-bit/color RGBA"))
            XCTAssertEqual(
                try run("/usr/bin/convert", path, "-format", "%[pixel:p{\(size / 2),\(size / 5)}]", "info:"), "srgba(255,255,255,1)")
        }
    }

    private func run(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
