import XCTest

@testable import StatementReading

/// Files told by their content: MT940 and QIF, which the importer reads, and formats it knows
/// but does not read, named as what they are rather than called a CSV statement.
final class UnreadFormatTests: XCTestCase {
    private func recognise(_ text: String) -> StatementFormat { StatementFormat.recognise(Array(text.utf8)) }

    /// The name the format gives the file, for a format not read.
    private func unread(_ bytes: [UInt8]) -> String? {
        guard case .unread(let what, _) = StatementFormat.recognise(bytes) else { return nil }
        return what
    }

    func testMT940AndQIFAreReadByTheirContent() throws {
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("bank-de-mt940.sta")), .entries(.mt940))
        XCTAssertEqual(recognise("\r\n:20:STARTUMS\r\n:25:10040000/1\r\n:28C:1\r\n"), .entries(.mt940), "without SWIFT's blocks")
        XCTAssertEqual(recognise("{1:F01COBADEFFXXXX0000000000}{2:O940}{4:\n"), .entries(.mt940))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("card.qif")), .entries(.qif))
        XCTAssertEqual(recognise("\u{FEFF}!Type:Bank\r\n"), .entries(.qif))
        XCTAssertEqual(recognise("!Option:AutoSwitch\n!Account\n"), .entries(.qif))
        XCTAssertEqual(recognise("### a comment\n\n!Type:Class\n"), .entries(.qif))
        XCTAssertEqual(recognise("Date,Text\n2026-03-01,:20: and :25:\n"), .csv)
    }

    func testKnownFormatsNotReadAreNamed() {
        XCTAssertEqual(
            unread([0x50, 0x4B, 0x03, 0x04] + Array("....[Content_Types].xml....xl/workbook.xml".utf8)), "an Excel workbook (.xlsx)")
        XCTAssertEqual(
            unread([0x50, 0x4B, 0x03, 0x04] + Array("mimetypeapplication/vnd.oasis.opendocument.spreadsheet".utf8)),
            "an OpenDocument spreadsheet (.ods)")
        XCTAssertEqual(unread([0x50, 0x4B, 0x03, 0x04, 0x14]), "a ZIP archive")
        XCTAssertEqual(unread([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]), "an Excel workbook (.xls)")
        XCTAssertEqual(unread(Array("%PDF-1.7\n".utf8)), "a PDF document")
        XCTAssertEqual(unread([0x1F, 0x8B, 0x08, 0]), "a gzip-compressed file")
        XCTAssertEqual(unread([0xFF, 0xD8, 0xFF, 0xE0]), "an image")
        XCTAssertEqual(unread(Array("\n<!DOCTYPE html>\n<html><table>".utf8)), "a web page (HTML)")
        XCTAssertEqual(unread(Array("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">".utf8)), "a web page (HTML)")
        XCTAssertEqual(unread(Array(" {\n  \"transactions\": []}".utf8)), "JSON")
        XCTAssertEqual(unread(Array("[{\"amount\": 1}]".utf8)), "JSON")
        XCTAssertEqual(
            unread(Array("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.086.001.02\">".utf8)),
            "an ISO 20022 camt.086 message, no statement")
        XCTAssertEqual(
            unread(Array(":20:X\n:25:1\n:28C:1\n:34F:EURD0,\n:13D:2603021200+0100\n".utf8)), "an MT942 interim transaction report (SWIFT)")
        XCTAssertEqual(unread(Array("{1:F01COBADEFFXXXX0000000000}{2:O942}{4:\n".utf8)), "an MT942 interim transaction report (SWIFT)")
        XCTAssertEqual(StatementFormat.recognise(Array("[Umsatz];Betrag\n".utf8)), .csv)
        XCTAssertEqual(StatementFormat.recognise(Array("<?xml version=\"1.0\"?><plist/>".utf8)), .otherMarkup)
    }
}
