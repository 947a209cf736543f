import Foundation
import XCTest

@testable import ExpenseSupport
@testable import PropertyList

/// The XML and binary plist readers: every type, the escapes of XML, and a line number on every
/// XML error (swift-foundation's decoder reports "line 1" for all of these).
final class PropertyListTests: XCTestCase {
    func testXMLReadsEveryType() throws {
        let value = try PropertyList.parse(
            bytes(
                infoPlist(
                    """
                    <key>s</key><string>a &amp; b &lt;c&gt; &#65;&#x42; &quot;q&quot; &apos;</string>
                    <key>cdata</key><string><![CDATA[<raw> & ]]>tail</string>
                    <key>i</key><integer>-42</integer>
                    <key>hex</key><integer>0x1F</integer>
                    <key>r</key><real>1.0412</real>
                    <key>t</key><true/>
                    <key>f</key><false/>
                    <key>d</key><date>2026-03-02T09:15:00Z</date>
                    <key>data</key><data>
                        AAEC
                    </data>
                    <!-- a comment between entries -->
                    <key>a</key><array><string>x</string><integer>1</integer></array>
                    <key>empty</key><dict/>
                    <key>emptyString</key><string/>
                    """)))
        guard case .dictionary(let root) = value else { return XCTFail("not a dictionary: \(value)") }
        XCTAssertEqual(root["s"], .string("a & b <c> AB \"q\" '"))
        XCTAssertEqual(root["cdata"], .string("<raw> & tail"))
        XCTAssertEqual(root["i"], .integer(-42))
        XCTAssertEqual(root["hex"], .integer(31))
        XCTAssertEqual(root["r"], .real(1.0412))
        XCTAssertEqual(root["t"], .boolean(true))
        XCTAssertEqual(root["f"], .boolean(false))
        XCTAssertEqual(root["d"], .date("2026-03-02T09:15:00Z"))
        XCTAssertEqual(root["data"], .data([0, 1, 2]))
        XCTAssertEqual(root["a"], .array([.string("x"), .integer(1)]))
        XCTAssertEqual(root["empty"], .dictionary(PropertyListDictionary()))
        XCTAssertEqual(root["emptyString"], .string(""))
        XCTAssertEqual(root.keys, ["s", "cdata", "i", "hex", "r", "t", "f", "d", "data", "a", "empty", "emptyString"])
    }

    func testXMLErrorsNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("<plist><dict>\n<key>x</key>\n<strin>y</strin></dict></plist>", 3, "unknown element <strin>"),
            ("<plist>\n<dict>\n<key>x</key>\n</dict></plist>", 4, "missing value for key 'x'"),
            ("<plist><dict>\n\n<string>y</string></dict></plist>", 3, "expected <key> inside <dict>"),
            ("<plist><dict><key>a</key>\n<array>\n</dict></plist>", 3, "</dict> does not close <array>"),
            ("<plist><dict><key>n</key>\n<integer>12x</integer></dict></plist>", 2, "invalid <integer> '12x'"),
            ("<plist><dict><key>n</key><string>a & b</string></dict></plist>", 1, "unterminated entity"),
            ("<plist><dict><key>n</key>\n\n<date>2026-02-30T00:00:00Z</date></dict></plist>", 3, "invalid <date>"),
            ("<plist><dict><key>a</key><string>x</string>", 1, "unexpected end of file inside <dict>"),
            ("<plist><dict/></plist>\ntrailing", 2, "unexpected text after the end"),
            ("{ \"json\": true }", 1, "not a property list"),
            ("", 1, "empty file"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try PropertyList.parse(bytes(text)), text) { error in
                guard let error = error as? PropertyListError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, line, "\(text): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(text): '\(error.message)' lacks '\(message)'")
            }
        }
    }

    func testUTF16XMLIsRead() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>Zürich</string></plist>"
        var data: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { data += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(try PropertyList.parse(data), .string("Zürich"))
    }

    func testBinaryFixtureWrittenByPythonReadsEveryType() throws {
        let data = try Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Tests/Fixtures/Shortcuts.binary.plist")))
        XCTAssertEqual(Array(data.prefix(8)), Array("bplist00".utf8))
        guard case .dictionary(let root) = try PropertyList.parse(data),
            case .array(let items)? = root["UIApplicationShortcutItems"], items.count == 2,
            case .dictionary(let second) = items[1], case .dictionary(let info)? = second["UIApplicationShortcutItemUserInfo"]
        else { return XCTFail("unexpected shape") }
        XCTAssertEqual(second["UIApplicationShortcutItemTitle"], .string("Reisekosten Zürich ✈"))
        XCTAssertEqual(info["report"], .integer(42))
        XCTAssertEqual(info["big"], .integer(1 << 40))
        XCTAssertEqual(info["negative"], .integer(-7))
        XCTAssertEqual(info["rate"], .real(1.0412))
        XCTAssertEqual(info["urgent"], .boolean(true))
        XCTAssertEqual(info["quiet"], .boolean(false))
        XCTAssertEqual(info["since"], .date("2026-03-02T09:15:00Z"))
        XCTAssertEqual(info["blob"], .data([0, 1, 2]))
        XCTAssertEqual(info["tags"], .array([.string("lodging"), .string("meals")]))
        XCTAssertEqual(info["nested"], .dictionary(PropertyListDictionary([("a", .string("b"))])))
    }

    func testDamagedBinaryPlistsAreErrorsNotCrashes() throws {
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Tests/Fixtures/Shortcuts.binary.plist")))
        XCTAssertThrowsError(try PropertyList.parse(Array("bplist00garbage".utf8))) { error in
            XCTAssertTrue("\(error)".contains("truncated"), "\(error)")
        }
        XCTAssertThrowsError(try PropertyList.parse(Array("bplist15".utf8) + good.dropFirst(8))) { error in
            XCTAssertTrue("\(error)".contains("version"), "\(error)")
        }
        // Every single-byte corruption either reads or fails cleanly: no trap, no hang.
        for offset in stride(from: 8, to: good.count, by: 3) {
            var damaged = good
            damaged[offset] ^= 0xFF
            _ = try? PropertyList.parse(damaged)
        }
        // Truncations too.
        for length in stride(from: 0, to: good.count, by: 7) { _ = try? PropertyList.parse(Array(good.prefix(length))) }
    }

    func testBinaryContainerThatContainsItselfIsRefused() {
        // One array (object 0) whose only element is object 0.
        var data = Array("bplist00".utf8)
        data += [0xA1, 0x00]  // array of 1, reference 0 (offset 8)
        let table = data.count
        data += [0x08]  // offset of object 0
        data += [0, 0, 0, 0, 0, 0, 1, 1]  // trailer: offset size 1, reference size 1
        data += [0, 0, 0, 0, 0, 0, 0, 1]  // 1 object
        data += [0, 0, 0, 0, 0, 0, 0, 0]  // top object 0
        data += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        XCTAssertThrowsError(try PropertyList.parse(data)) { error in
            XCTAssertTrue("\(error)".contains("contains itself"), "\(error)")
        }
    }

    // MARK: - Hostile files (issue 13): bounded and total, an error never a trap

    /// A bplist00 file of `objects` (each at the offset the table gives), with the trailer's sizes.
    private func binaryPlist(objects: [UInt8], offsets: [UInt64], offsetSize: UInt8, referenceSize: UInt8, top: UInt64 = 0) -> [UInt8] {
        var data = Array("bplist00".utf8) + objects
        let table = UInt64(data.count)
        for offset in offsets { data += bigEndian(offset, size: Int(offsetSize)) }
        data += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        data += bigEndian(UInt64(offsets.count), size: 8) + bigEndian(top, size: 8) + bigEndian(table, size: 8)
        return data
    }

    private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    private func assertRefused(
        _ data: [UInt8], _ message: String, line expectedLine: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try PropertyList.parse(data), file: file, line: line) { error in
            guard let error = error as? PropertyListError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.message, message, file: file, line: line)
            XCTAssertEqual(error.line, expectedLine, file: file, line: line)
        }
    }

    func testBinaryReferenceBeyondEveryObjectIsAnErrorNotATrap() {
        // The 57 bytes: an array whose 8-byte reference is 0xFFFFFFFFFFFFFFFF trapped in Int(...).
        let data = binaryPlist(
            objects: [0xA1] + [UInt8](repeating: 0xFF, count: 8) + [0x55] + Array("abcde".utf8),
            offsets: [8, 17], offsetSize: 1, referenceSize: 8)
        XCTAssertEqual(data.count, 57)
        assertRefused(data, "binary property list container at offset 8 refers to object 18446744073709551615; the file has 2")
        // A dictionary's key and value references, and one just past the last object.
        let dictionary = binaryPlist(objects: [0xD1, 0x01, 0x07, 0x51, 0x6B], offsets: [8, 11], offsetSize: 1, referenceSize: 1)
        assertRefused(dictionary, "binary property list container at offset 8 refers to object 7; the file has 2")
    }

    /// Found by the fuzzer after 4.6 million runs: a date 200,000 years before 2001 trapped writing
    /// its negative year. Dates outside the years 1 to 9999 read as "invalid date".
    func testBinaryDatesOutsideFourDigitYearsAreNoTrap() throws {
        func date(_ seconds: Double) throws -> PropertyListValue {
            try PropertyList.parse(
                binaryPlist(
                    objects: [0x33] + bigEndian(seconds.bitPattern, size: 8), offsets: [8],
                    offsetSize: 1, referenceSize: 1))
        }
        XCTAssertEqual(try date(-6.3e12), .date("invalid date"))
        XCTAssertEqual(try date(9.9e12), .date("invalid date"))
        XCTAssertEqual(try date(-63_113_904_000), .date("0001-01-01T00:00:00Z"))
        XCTAssertEqual(try date(252_423_993_599), .date("9999-12-31T23:59:59Z"))
        XCTAssertEqual(try date(0), .date("2001-01-01T00:00:00Z"))
        let crash = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/BinaryPropertyList/crash-negative-year")
        // The fuzzer's input itself (a catalog with such a date in it) reads, rather than trapping.
        XCTAssertNotNil(try? PropertyList.parse(Array(try Data(contentsOf: crash))))
    }

    func testBinaryOffsetNear2To64IsAnErrorNotATrap() {
        let data = binaryPlist(objects: [0x55] + Array("abcde".utf8), offsets: [0xFFFF_FFFF_FFFF_FFF0], offsetSize: 8, referenceSize: 1)
        assertRefused(data, "binary property list object 0 is outside the object area (offset 18446744073709551600)")
    }

    func testBinaryLengthsBeyondTheFileAreErrors() {
        // A UTF-16 string and an array whose 8-byte lengths, times their element size, would pass Int.max.
        let string = binaryPlist(objects: [0x6F, 0x13] + bigEndian(1 << 62, size: 8), offsets: [8], offsetSize: 1, referenceSize: 1)
        assertRefused(string, "binary property list has a damaged length at offset 8")
        let array = binaryPlist(
            objects: [0xAF, 0x13] + bigEndian(UInt64(Int.max / 4), size: 8), offsets: [8], offsetSize: 1, referenceSize: 8)
        assertRefused(array, "binary property list has a damaged length at offset 8")
    }

    func testBinarySharedStringCannotExpandWithoutBound() {
        // One 60,000-byte string named 1,200 times: 72 MB from a 62 KB file.
        let text = [0x5F, 0x11] + bigEndian(60_000, size: 2) + [UInt8](repeating: 0x61, count: 60_000)
        let array =
            [0xAF, 0x11] + bigEndian(1_200, size: 2)
            + [UInt8](repeating: 0x00, count: 1_200 * 2).enumerated().map { $0.offset % 2 == 1 ? 1 : 0 }
        let data = binaryPlist(objects: array + text, offsets: [8, UInt64(8 + array.count)], offsetSize: 4, referenceSize: 2)
        assertRefused(data, "binary property list expands to more than 64 MiB of strings and data")
    }

    func testXMLNested50000DeepIsAnErrorNotAStackOverflow() {
        let deep =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
            + String(repeating: "<array>", count: 50_000) + String(repeating: "</array>", count: 50_000) + "\n</plist>\n"
        assertRefused(bytes(deep), "arrays and dictionaries nest more than 512 levels deep", line: 3)
        let dictionaries =
            "<plist>" + String(repeating: "<dict><key>k</key>\n", count: 600) + "<true/>"
            + String(repeating: "</dict>", count: 600) + "</plist>"
        assertRefused(bytes(dictionaries), "arrays and dictionaries nest more than 512 levels deep", line: 513)
    }

    func testNestingUpToTheLimitReads() throws {
        func nested(_ levels: Int) -> PropertyListValue { (0..<levels).reduce(.string("x")) { inner, _ in .array([inner]) } }
        let xml = String(repeating: "<array>", count: 512) + "<string>x</string>" + String(repeating: "</array>", count: 512)
        XCTAssertEqual(try PropertyList.parse(bytes(xml)), nested(512))
        // The binary reader counts the same way: 511 arrays around a string is 512 levels.
        func chain(_ arrays: Int) -> [UInt8] {
            var objects: [UInt8] = []
            var offsets: [UInt64] = []
            for index in 0..<arrays {
                offsets.append(UInt64(8 + objects.count))
                objects += [0xA1] + bigEndian(UInt64(index + 1), size: 2)
            }
            offsets.append(UInt64(8 + objects.count))
            objects += [0x51, 0x78]
            return binaryPlist(objects: objects, offsets: offsets, offsetSize: 2, referenceSize: 2)
        }
        XCTAssertEqual(try PropertyList.parse(chain(511)), nested(511))
        assertRefused(chain(512), "binary property list nests deeper than 512 levels")
    }

    func testDictionaryIndexFollowsRemovals() {
        var dictionary = PropertyListDictionary([("a", .integer(1)), ("b", .integer(2)), ("c", .integer(3)), ("a", .integer(4))])
        XCTAssertEqual(dictionary.keys, ["a", "b", "c"])
        XCTAssertEqual(dictionary["a"], .integer(4))
        dictionary["a"] = nil
        XCTAssertEqual(dictionary.keys, ["b", "c"])
        XCTAssertNil(dictionary["a"])
        XCTAssertEqual(dictionary["c"], .integer(3))
        dictionary["c"] = .integer(5)
        dictionary["a"] = .integer(6)
        XCTAssertEqual(dictionary.entries.map(\.key), ["b", "c", "a"])
        XCTAssertEqual(dictionary["c"], .integer(5))
        XCTAssertEqual(dictionary, PropertyListDictionary([("b", .integer(2)), ("c", .integer(5)), ("a", .integer(6))]))
    }

    func testWriterRoundTrips() throws {
        let value = PropertyListValue.dictionary(
            PropertyListDictionary([
                ("text", .string("a < b & \"c\"")), ("n", .integer(-3)), ("r", .real(2.5)), ("yes", .boolean(true)),
                ("when", .date("2026-03-02T09:15:00Z")), ("bytes", .data([255, 0, 7, 9])), ("list", .array([])),
                ("inner", .dictionary(PropertyListDictionary([("k", .string("v"))]))),
            ]))
        XCTAssertEqual(try PropertyList.parse(bytes(PropertyListWriter.xml(value))), value)
    }

    func testBase64() {
        for sample in [[], [1], [1, 2], [1, 2, 3], [0, 255, 128, 7, 9]] as [[UInt8]] {
            XCTAssertEqual(Base64.decode(Base64.encode(sample)), sample)
        }
        XCTAssertNil(Base64.decode("A"))
        XCTAssertNil(Base64.decode("AA=A"))
    }
}
