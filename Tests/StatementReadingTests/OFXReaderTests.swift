import XCTest

@testable import StatementReading

/// OFX statements, 1.x SGML in Windows-1252 and 2.x XML, card and bank: each transaction's
/// fields, dates with times and zones, currencies; hostile input as a failure at a line.
final class OFXReaderTests: XCTestCase, StatementTextReading {
    func read(_ text: String) throws(StatementFailure) -> StatementEntries {
        try OFXReader.read(Array(text.utf8))
    }

    private func sgml(_ transactions: String, header: String = "OFXHEADER:100\nDATA:OFXSGML\nCHARSET:1252\n") -> String {
        header + "\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n" + transactions
            + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    func testAnSGMLCardStatementInWindows1252() throws {
        let statement = try OFXReader.read(try StatementFixtures.bytes("card-ofx102.ofx"))
        XCTAssertEqual(statement.format, .ofx)
        var cafe = StatementEntry(line: 37)
        (cafe.date, cafe.amount, cafe.currency, cafe.type) = ("2026-03-05", "23.40", "EUR", "DEBIT")
        (cafe.counterparty, cafe.description, cafe.reference) = ("Café de Flore", "PARIS 06", "FR2026030500017")
        XCTAssertEqual(statement.entries.first, cafe)
        XCTAssertEqual(
            statement.entries.map(\.date), ["2026-03-05", "2026-03-06", "2026-03-09", "2026-03-12"],
            "the date as given, whatever the time and zone")
        XCTAssertEqual(statement.entries.map(\.currency), ["EUR", "EUR", "USD", "EUR"], "CURRENCY's symbol, else CURDEF")
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, false, false, true])
        XCTAssertEqual(statement.entries.map(\.onBankAccount), [false, false, false, false], "a CREDITCARDMSGSRSV1's CCSTMTRS")
    }

    func testAnXMLBankStatement() throws {
        let statement = try OFXReader.read(try StatementFixtures.bytes("bank-ofx220.ofx"))
        XCTAssertEqual(statement.entries.map(\.reference), ["202603020001", "202603030007", "202603150002", "202603200011"])
        XCTAssertEqual(statement.entries.map(\.amount), ["42.15", "318.00", "2500.00", "60.00"])
        XCTAssertEqual(statement.entries[1].description, "FOLIO 88231 & PARKING")
        XCTAssertEqual(statement.entries.map(\.currency), ["USD", "USD", "USD", "USD"])
        XCTAssertEqual(statement.entries.map(\.line), [25, 33, 41, 48])
        XCTAssertEqual(statement.entries.map(\.onBankAccount), [true, true, true, true], "a BANKMSGSRSV1's STMTRS")
    }

    func testDatesAmountsPayeesAndOriginalCurrencies() throws {
        let statement = try read(
            sgml(
                """
                <STMTTRN><TRNTYPE>POS<DTPOSTED>20260310120000.123[-5:EST]<TRNAMT>-12,50<FITID>1<PAYEE><NAME>Payee</PAYEE>
                <ORIGCURRENCY><CURRATE>1.1<CURSYM>USD</ORIGCURRENCY></STMTTRN>
                <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>2026-03<TRNAMT>+5<FITID>2<NAME>N</STMTTRN>
                """))
        XCTAssertEqual(statement.entries.map(\.date), ["2026-03-10", "2026-03"], "a date not in OFX's form is left for the date check")
        XCTAssertEqual(statement.entries.map(\.amount), ["12.50", "5"], "a decimal comma read as a point; the sign tells the direction")
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, true])
        XCTAssertEqual(statement.entries[0].counterparty, "Payee")
        XCTAssertEqual(statement.entries[0].currency, "EUR", "an amount converted from ORIGCURRENCY is in CURDEF")
    }

    func testHeaderEncodings() throws {
        let bytes = Array(sgml("<STMTTRN><NAME>Caf_</STMTTRN>").utf8).map { $0 == UInt8(ascii: "_") ? 0xE9 : $0 }
        XCTAssertEqual(try OFXReader.read(bytes).entries.map(\.counterparty), ["Café"])
        let utf8 = sgml("<STMTTRN><NAME>Café</STMTTRN>", header: "OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n")
        XCTAssertEqual(try read(utf8).entries.map(\.counterparty), ["Café"])
        XCTAssertEqual(failure(sgml("", header: "OFXHEADER:100\nCHARSET:KOI8-R\n"))?.message, "the OFX character set 'KOI8-R' is not read")
        XCTAssertEqual(failure("OFXHEADER:100\nthis is no header\n<OFX></OFX>")?.line, 2)
        XCTAssertEqual(failure("OFXHEADER:100\nCHARSET:1252\n")?.message, "no OFX markup after the header lines")
        XCTAssertEqual(
            failure("OFXHEADER:100\n" + String(repeating: "A:B\n", count: 100) + "<OFX></OFX>")?.message,
            "more than 64 OFX header lines")
    }

    func testUSASCIIDeclaredWithBytesBeyondIt() throws {
        let card = try OFXReader.read(try StatementFixtures.bytes("card-ofx211-ascii.ofx"))
        XCTAssertEqual(card.entries.map(\.counterparty), ["CAFÉ ROUGE NEW YORK", "MARRIOTT BOSTON"], "a byte beyond ASCII as Windows-1252")
        XCTAssertEqual(card.entries.map(\.line), [14, 21], "CRLF lines")
        XCTAssertEqual(card.entries[1].description, "AT&T BUILDING")
        let xml = """
            <?xml version="1.0" encoding="us-ascii"?><?OFX OFXHEADER="200" VERSION="202"?>
            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>EUR</CURDEF><BANKTRANLIST>
            <STMTTRN><NAME>Café</NAME></STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
            """
        XCTAssertEqual(try read(xml).entries.map(\.counterparty), ["Café"], "bytes beyond ASCII that are UTF-8 as UTF-8")
        let utf8 = sgml("<STMTTRN><NAME>Café</STMTTRN>", header: "OFXHEADER:100\nENCODING:USASCII\nCHARSET:NONE\n")
        XCTAssertEqual(try read(utf8).entries.map(\.counterparty), ["Café"], "no charset: UTF-8 when the bytes are")
        let latin = Array(sgml("<STMTTRN><NAME>Caf_</STMTTRN>", header: "OFXHEADER:100\nENCODING:USASCII\nCHARSET:ISO-8859-1\n").utf8)
        XCTAssertEqual(try OFXReader.read(latin.map { $0 == UInt8(ascii: "_") ? 0xE9 : $0 }).entries.map(\.counterparty), ["Café"])
    }

    func testAFITIDReusedForAnotherTransactionIsAnotherWithAWarning() throws {
        let statement = try read(
            sgml(
                """
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-10.00<FITID>X<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-10.00<FITID>X<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-12.00<FITID>X<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260302<TRNAMT>-10.00<FITID>X<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-12.00<FITID>X<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-10.00<FITID>X<NAME>Bus</STMTTRN>
                <STMTTRN><DTPOSTED>20260301<TRNAMT>-10.00<FITID>Y<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260303<TRNAMT>-10.00<FITID>X#5<NAME>Taxi</STMTTRN>
                <STMTTRN><DTPOSTED>20260304<TRNAMT>-10.00<FITID>X<NAME>Taxi</STMTTRN>
                """))
        XCTAssertEqual(
            statement.entries.map(\.reference), ["X", "X", "X#2", "X#3", "X#2", "X#4", "Y", "X#5", "X#6"],
            "the same content is the same transaction; another is one of its own, numbered as it first comes, never as another FITID")
        XCTAssertEqual(
            statement.warnings.map { "\($0.line): \($0.message)" },
            [
                "9: FITID 'X' repeats with another amount than at line 7; taken as another transaction, 'X#2'",
                "10: FITID 'X' repeats with another date than at line 7; taken as another transaction, 'X#3'",
                "12: FITID 'X' repeats with another payee than at line 7; taken as another transaction, 'X#4'",
                "15: FITID 'X' repeats with another date than at line 7; taken as another transaction, 'X#6'",
            ])
    }

    func testHostileInputIsAFailureAtALine() throws {
        for name in ["card-ofx102.ofx", "bank-ofx220.ofx"] {
            let fixture = try StatementFixtures.bytes(name)
            for cut in stride(from: 1, to: fixture.count - 12, by: 61) {
                XCTAssertThrowsError(try OFXReader.read(Array(fixture[..<cut])), "\(name) truncated at \(cut)")
            }
        }
        XCTAssertEqual(failure(sgml(String(repeating: "<A>", count: 100_000)))?.message, "elements nested deeper than 64 levels")
        XCTAssertEqual(failure("<HTML><BODY>")?.message, "not an OFX document: the first element is <HTML>")
        XCTAssertEqual(failure("<OFX></OFX>\n<OFX>")?.message, "a second element <OFX> after </OFX>")
        XCTAssertEqual(failure(sgml("<STMTTRN><STMTTRN>"))?.message, "a <STMTTRN> inside another")
        XCTAssertEqual(failure("<OFX>text</OFX>")?.message, "text outside the OFX elements")
        XCTAssertEqual(failure("")?.message, "no <OFX> element in the file")
        let many = String(repeating: "<STMTTRN></STMTTRN>", count: StatementEntries.maximumEntries + 1)
        XCTAssertEqual(failure(sgml(many))?.message, "more than 100000 transactions in one statement file")
    }
}
