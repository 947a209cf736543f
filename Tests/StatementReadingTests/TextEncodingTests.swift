import XCTest

@testable import ExpenseSupport
@testable import StatementReading

final class TextEncodingTests: XCTestCase {
    private func decode(_ bytes: [UInt8], _ encoding: TextEncoding) -> String? {
        bytes.withUnsafeBytes { encoding.decode($0) }
    }

    func testNames() {
        XCTAssertEqual(TextEncoding.named("UTF8"), .utf8)
        XCTAssertEqual(TextEncoding.named("iso-8859-1"), .latin1)
        XCTAssertEqual(TextEncoding.named("cp1252"), .windows1252)
        XCTAssertNil(TextEncoding.named("utf-16"))
    }

    func testUTF8IsValidated() {
        XCTAssertEqual(decode(Array("Müller €".utf8), .utf8), "Müller €")
        XCTAssertNil(decode([0x4D, 0xFC, 0x6C], .utf8))
    }

    func testLatin1AndWindows1252() {
        // "Gebühr € – Straße" in Windows-1252; Latin-1 has control codes where 1252 has € and –.
        let bytes: [UInt8] = [0x47, 0x65, 0x62, 0xFC, 0x68, 0x72, 0x20, 0x80, 0x20, 0x96, 0x20, 0x53, 0x74, 0x72, 0x61, 0xDF, 0x65]
        XCTAssertEqual(decode(bytes, .windows1252), "Gebühr € – Straße")
        XCTAssertEqual(decode(bytes, .latin1), "Gebühr \u{80} \u{96} Straße")
        XCTAssertEqual(TextEncoding.windows1252.encode("Gebühr € – Straße"), bytes)
        XCTAssertEqual(TextEncoding.latin1.encode("Müller €"), [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x20, 0x3F])
        XCTAssertEqual(decode([0x81, 0x41], .windows1252), "\u{81}A", "unassigned bytes map to C1 controls")
    }

    func testEveryByteOfASingleByteEncodingIsOneCharacter() {
        // All 256 bytes in one text: each decodes to one scalar (one, two or three UTF-8 bytes)
        // that encodes back to the byte; Latin-1's scalar is the byte's own value.
        let bytes = (0...255).map { UInt8($0) }
        for encoding in [TextEncoding.latin1, .windows1252] {
            let text = decode(bytes, encoding)
            XCTAssertEqual(text.map { Array($0.unicodeScalars) }?.count, 256, "\(encoding)")
            XCTAssertEqual(text.map { encoding.encode($0) }, bytes, "\(encoding)")
        }
        XCTAssertEqual(decode(bytes, .latin1)?.unicodeScalars.map(\.value), (0...255).map { UInt32($0) })
        XCTAssertEqual(decode([0x99, 0xA0, 0xFF, 0x80], .windows1252), "\u{2122}\u{A0}\u{FF}\u{20AC}")
    }

    func testShowWritesOutBytesTheEncodingDoesNotHave() {
        XCTAssertEqual(TextEncoding.utf8.show(Array("Müller €".utf8)), "Müller €")
        XCTAssertEqual(TextEncoding.utf8.show([0x4D, 0xFC, 0x6C]), "M\\xfcl")
        XCTAssertEqual(
            TextEncoding.utf8.show([0xE2, 0x82, 0x41, 0x0A, 0xC3, 0xA4, 0xF4, 0x90, 0x80, 0x80]), "\\xe2\\x82A\nä\\xf4\\x90\\x80\\x80",
            "a cut sequence, and one beyond U+10FFFF")
        XCTAssertEqual(TextEncoding.windows1252.show([0x4D, 0xFC, 0x80]), "Mü€")
    }

    func testUTF8ReadAsASingleByteEncodingIsRecognized() {
        func misreads(_ bytes: [UInt8], _ encoding: TextEncoding) -> Bool { bytes.withUnsafeBytes { encoding.misreads($0) } }
        XCTAssertTrue(misreads(Array("Gaststätte".utf8), .windows1252), "GaststÃ¤tte")
        XCTAssertTrue(misreads(Array("€ 12".utf8), .windows1252), "â‚¬")
        XCTAssertTrue(misreads(Array("Café".utf8), .latin1))
        XCTAssertFalse(misreads([0x47, 0xE4, 0x73, 0x74, 0x65], .windows1252), "a real Windows-1252 'ä'")
        XCTAssertFalse(misreads([0xC3, 0xA4, 0xE4], .windows1252), "UTF-8 in part only")
        XCTAssertFalse(misreads(Array("Hotel".utf8), .windows1252), "ASCII reads the same in each")
        XCTAssertFalse(misreads(Array("Gaststätte".utf8), .utf8))
    }
}
