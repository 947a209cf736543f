import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// The streaming CSV reader on tricky input, at buffer sizes from a few bytes (every record
/// crosses a refill) to the default, which must all read the same records.
final class CSVReaderTests: XCTestCase {
    struct Record: Equatable, CustomStringConvertible {
        let line: Int
        let fields: [String]
        let raw: String
        var description: String { "\(line): \(fields) raw \(raw.debugDescription)" }
    }

    private func read(_ text: String, separator: Character = ",", bufferSize: Int = 1 << 20) throws -> [Record] {
        try read(Array(text.utf8), separator: separator, bufferSize: bufferSize)
    }

    private func read(_ bytes: [UInt8], separator: Character = ",", bufferSize: Int = 1 << 20) throws -> [Record] {
        let reader = CSVReader(bytes: bytes, separator: separator.asciiValue!, bufferSize: bufferSize)
        var records: [Record] = []
        while try reader.next() {
            let fields = (0..<reader.fieldCount).map { String(decoding: reader.field($0), as: UTF8.self) }
            records.append(Record(line: reader.recordLine, fields: fields, raw: String(decoding: reader.rawRecord, as: UTF8.self)))
        }
        return records
    }

    /// Reads `text` at many buffer sizes and checks they all agree with the expectation.
    private func assertRecords(
        _ text: String, separator: Character = ",", _ expected: [Record],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for size in [4, 5, 6, 7, 8, 11, 16, 64, 1 << 20] {
            XCTAssertEqual(try read(text, separator: separator, bufferSize: size), expected, "buffer \(size)", file: file, line: line)
        }
    }

    func testPlainRecordsWithLineNumbers() throws {
        try assertRecords(
            "date,amount\n2026-03-02,12.50\n2026-03-03,7\n",
            [
                Record(line: 1, fields: ["date", "amount"], raw: "date,amount"),
                Record(line: 2, fields: ["2026-03-02", "12.50"], raw: "2026-03-02,12.50"),
                Record(line: 3, fields: ["2026-03-03", "7"], raw: "2026-03-03,7"),
            ])
    }

    func testQuotedFieldsWithSeparatorsDoubledQuotesAndEmptyOnes() throws {
        try assertRecords(
            #"a,"b, with comma","say ""hi""","",,"""""#,
            [
                Record(
                    line: 1, fields: ["a", "b, with comma", #"say "hi""#, "", "", #"""#],
                    raw: #"a,"b, with comma","say ""hi""","",,"""""#)
            ])
    }

    func testLineBreaksInsideQuotesKeepPhysicalLineNumbers() throws {
        let text = "id,text\n1,\"two\nlines\"\n2,\"three\r\nlines\r\nhere\"\n3,after\n"
        try assertRecords(
            text,
            [
                Record(line: 1, fields: ["id", "text"], raw: "id,text"),
                Record(line: 2, fields: ["1", "two\nlines"], raw: "1,\"two\nlines\""),
                Record(line: 4, fields: ["2", "three\r\nlines\r\nhere"], raw: "2,\"three\r\nlines\r\nhere\""),
                Record(line: 7, fields: ["3", "after"], raw: "3,after"),
            ])
    }

    func testCRLFAndAMissingFinalLineBreak() throws {
        try assertRecords(
            "a,b\r\n\"c\",d\r\ne,\"f\"",
            [
                Record(line: 1, fields: ["a", "b"], raw: "a,b"),
                Record(line: 2, fields: ["c", "d"], raw: "\"c\",d"),
                Record(line: 3, fields: ["e", "f"], raw: "e,\"f\""),
            ])
        let reader = CSVReader(bytes: Array("a,b\r\nc,d\n".utf8), separator: UInt8(ascii: ","))
        XCTAssertTrue(try reader.next())
        XCTAssertTrue(reader.recordEndsWithCRLF)
        XCTAssertTrue(try reader.next())
        XCTAssertFalse(reader.recordEndsWithCRLF)
        XCTAssertFalse(try reader.next())
    }

    func testAUTF8ByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Datum;Betrag\n01.03.2026;-12,30\n".utf8)
        for size in [4, 5, 8, 1 << 20] {
            let records = try read(bytes, separator: ";", bufferSize: size)
            XCTAssertEqual(records.first?.fields, ["Datum", "Betrag"], "buffer \(size)")
            XCTAssertEqual(records.last, Record(line: 2, fields: ["01.03.2026", "-12,30"], raw: "01.03.2026;-12,30"))
        }
    }

    func testUTF16IsRefusedWithAHint() throws {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x61, 0x00]
        XCTAssertThrowsError(try read(bytes)) { error in
            XCTAssertEqual((error as? CSVReader.Failure)?.line, 1)
            XCTAssertTrue((error as? CSVReader.Failure)?.message.contains("UTF-16") == true, "\(error)")
        }
    }

    func testSemicolonAndTabSeparators() throws {
        try assertRecords("a;\"b;c\";d\n", separator: ";", [Record(line: 1, fields: ["a", "b;c", "d"], raw: "a;\"b;c\";d")])
        try assertRecords("a\t\"b\tc\"\t\n", separator: "\t", [Record(line: 1, fields: ["a", "b\tc", ""], raw: "a\t\"b\tc\"\t")])
    }

    func testRaggedRowsAndBlankLines() throws {
        let records = try read("a,b,c\n1\n\n2,3,4,5,\n")
        XCTAssertEqual(records.map(\.fields), [["a", "b", "c"], ["1"], [""], ["2", "3", "4", "5", ""]])
        XCTAssertEqual(records.map(\.line), [1, 2, 3, 4])
        let reader = CSVReader(bytes: Array("x\n\ny\n".utf8), separator: UInt8(ascii: ","))
        XCTAssertTrue(try reader.next())
        XCTAssertFalse(reader.isBlankLine)
        XCTAssertTrue(try reader.next())
        XCTAssertTrue(reader.isBlankLine)
    }

    func testLatin1BytesPassThroughUntouched() throws {
        // "Müller;12,30" in Latin-1: the reader splits bytes; decoding is the caller's choice.
        let bytes: [UInt8] = [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x3B, 0x31, 0x32, 0x2C, 0x33, 0x30, 0x0A]
        let reader = CSVReader(bytes: bytes, separator: UInt8(ascii: ";"), bufferSize: 5)
        XCTAssertTrue(try reader.next())
        XCTAssertEqual(Array(reader.field(0)), [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72])
        XCTAssertEqual(TextEncoding.latin1.decode(reader.field(0)), "Müller")
        XCTAssertNil(TextEncoding.utf8.decode(reader.field(0)), "0xFC alone is not UTF-8")
    }

    func testALoneQuoteInsideAnUnquotedFieldIsText() throws {
        try assertRecords("5\" screen,ok\n", [Record(line: 1, fields: ["5\" screen", "ok"], raw: "5\" screen,ok")])
    }

    func testTextAfterAClosingQuoteIsAnErrorAtItsLine() throws {
        XCTAssertThrowsError(try read("a,b\n\"x\"y,z\n")) { error in
            XCTAssertEqual(
                error as? CSVReader.Failure,
                CSVReader.Failure(line: 2, message: "text after the closing quote of field 1"))
        }
    }

    func testAnUnterminatedQuoteIsAnErrorAtTheLineItStarts() throws {
        for size in [4, 7, 1 << 20] {
            XCTAssertThrowsError(try read("a,b\n1,\"open\n2,3\n", bufferSize: size)) { error in
                XCTAssertEqual((error as? CSVReader.Failure)?.line, 2, "buffer \(size)")
            }
        }
    }

    func testARecordLongerThanTheLimitIsRefused() throws {
        let reader = CSVReader(separator: UInt8(ascii: ","), bufferSize: 8, maximumRecordBytes: 32) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "x"))
            return buffer.count
        }
        XCTAssertThrowsError(try reader.next()) { error in
            XCTAssertTrue((error as? CSVReader.Failure)?.message.contains("longer than") == true, "\(error)")
        }
    }

    func testARecordWithTooManyFieldsIsAnErrorAtItsLine() throws {
        let wide = "a,b\n" + String(repeating: ",", count: 10_000) + "\n"
        for size in [5, 1 << 20] {
            XCTAssertThrowsError(try read(wide, bufferSize: size)) { error in
                XCTAssertEqual(
                    error as? CSVReader.Failure,
                    CSVReader.Failure(line: 2, message: "a record with more than 10000 fields starts here"), "buffer \(size)")
            }
        }
        XCTAssertEqual(try read("a,b\n" + String(repeating: ",", count: 9_999) + "\n")[1].fields.count, 10_000)
    }

    func testSkipLineReturnsPreambleLinesAndCountsThem() throws {
        let reader = CSVReader(
            bytes: Array("Konto;123\r\nVon;01.03.\r\n\r\nDatum;Betrag\r\n".utf8), separator: UInt8(ascii: ";"),
            bufferSize: 6)
        XCTAssertEqual(try reader.skipLine().map { String(decoding: $0, as: UTF8.self) }, "Konto;123")
        XCTAssertEqual(try reader.skipLine().map { String(decoding: $0, as: UTF8.self) }, "Von;01.03.")
        XCTAssertEqual(try reader.skipLine(), [])
        XCTAssertTrue(try reader.next())
        XCTAssertEqual(reader.recordLine, 4)
        XCTAssertNil(try reader.skipLine())
    }

    func testBytesConsumedReachesTheInputSize() throws {
        let text = "a,b\n\"c\nd\",e\nf,g"
        let reader = CSVReader(bytes: Array(text.utf8), separator: UInt8(ascii: ","), bufferSize: 4)
        while try reader.next() {}
        XCTAssertEqual(reader.bytesConsumed, text.utf8.count)
    }

    func testManyRecordsAcrossRefillsMatchAWholeRead() throws {
        var text = "n,text\n"
        for index in 0..<500 {
            text += index % 7 == 0 ? "\(index),\"multi\nline \"\"\(index)\"\"\"\r\n" : "\(index),plain \(index)\n"
        }
        let whole = try read(text)
        XCTAssertEqual(whole.count, 501)
        XCTAssertEqual(whole.last?.fields, ["499", "plain 499"])
        for size in [5, 13, 100, 4096] {
            XCTAssertEqual(try read(text, bufferSize: size), whole, "buffer \(size)")
        }
    }
}
