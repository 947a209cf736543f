import XCTest

@testable import StatementReading

/// camt.053 statements, camt.052 reports and camt.054 notifications: booked entries with their
/// fields, pending ones apart, versions .02 to .13, and hostile input as a failure at a line.
final class CamtReaderTests: XCTestCase, StatementTextReading {
    func read(_ text: String) throws(StatementFailure) -> StatementEntries {
        try CamtReader.read(Array(text.utf8))
    }

    private func document(_ entries: String, version: String = "02") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.\(version)"><BkToCstmrStmt><Stmt>
        \(entries)
        </Stmt></BkToCstmrStmt></Document>
        """
    }

    func testVersion02BookedEntriesAndThePendingOne() throws {
        let statement = try CamtReader.read(try StatementFixtures.bytes("camt053-001-02.xml"))
        XCTAssertEqual(statement.format, .camt053)
        var hotel = StatementEntry(line: 33)
        (hotel.date, hotel.amount, hotel.currency, hotel.type) = ("2026-03-02", "412.80", "EUR", "DBIT")
        (hotel.counterparty, hotel.reference) = ("Hotel Astoria Walldorf", "2026030200001234")
        hotel.description = "Rechnung 4711 2 Nächte & Frühstück"
        hotel.onBankAccount = true
        XCTAssertEqual(statement.entries.first, hotel, "the creditor is paid by a debit; remittance lines joined; not the value date")
        XCTAssertEqual(statement.entries.map(\.date), ["2026-03-02", "2026-03-05", "2026-03-10"], "DtTm is the date as given")
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, false, true])
        XCTAssertEqual(statement.entries[2].counterparty, "Hotel Astoria Walldorf", "a credit came from the debtor")
        XCTAssertEqual(statement.pending.map(\.reference), ["2026033100009999"])
    }

    func testASignedAmountIsAnInvalidRowAtItsLine() throws {
        let statement = try read(
            document(
                """
                <Ntry><Amt Ccy="EUR">-5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>
                <Ntry><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>
                """))
        XCTAssertEqual(
            statement.entries.map(\.amountProblem),
            ["'-5.00' has a minus sign that camt.053 forbids (<CdtDbtInd> says money in or out)", nil])
        let rules = try ImportRules.parse("", path: "entries.rules", complete: false).forEntries(of: .camt053)
        let rows = try statement.mapped(rules, categories: ["other"])
        XCTAssertEqual(
            rows.map(\.reason), ["amount: '-5.00' has a minus sign that camt.053 forbids (<CdtDbtInd> says money in or out)", ""])
        XCTAssertEqual(rows.map { $0.amount?.decimalString }, ["-5.00", "7.00"], "the amount read is not what makes it invalid")
    }

    func testVersion08StatusCodeAndPartyNames() throws {
        let statement = try CamtReader.read(try StatementFixtures.bytes("camt053-001-08.xml"))
        XCTAssertEqual(statement.entries.map(\.counterparty), ["Restaurant Zeughauskeller", "SBB CFF FFS"])
        XCTAssertEqual(statement.entries.map(\.currency), ["CHF", "CHF"])
        XCTAssertEqual(statement.entries.map(\.description), ["Kartenzahlung 12.03.2026 19:41", "Zürich HB - Zürich Flughafen"])
        XCTAssertEqual(statement.pending.map(\.counterparty), ["Hotel Schweizerhof"])
    }

    func testAdditionalInformationWhenThereIsNoRemittanceText() throws {
        let statement = try read(
            document(
                """
                <Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt>
                <AddtlNtryInf>Kontoführung</AddtlNtryInf></Ntry>
                """))
        XCTAssertEqual(statement.entries.map(\.description), ["Kontoführung"])
    }

    func testAMissingFieldIsLeftForTheRowCheckAWrongDirectionIsAFailure() throws {
        let statement = try read(document("<Ntry><CdtDbtInd>DBIT</CdtDbtInd></Ntry>"))
        XCTAssertEqual(statement.entries.map(\.amount), [""], "an empty amount is the row's problem, named by the mapper")
        XCTAssertEqual(failure(document("<Ntry><Amt Ccy=\"EUR\">1</Amt></Ntry>"))?.message, "the entry has no <CdtDbtInd>")
        XCTAssertEqual(failure(document("<Ntry>\n<CdtDbtInd>UP</CdtDbtInd></Ntry>"))?.line, 3)
    }

    func testAnIntradayReportCamt052InAPrefixedNamespaceWithBOMAndCRLF() throws {
        let statement = try CamtReader.read(try StatementFixtures.bytes("camt052-001-08.xml"))
        XCTAssertEqual(statement.format, .camt052)
        var meal = StatementEntry(line: 9)
        (meal.date, meal.amount, meal.currency, meal.type) = ("2026-04-07", "38.90", "EUR", "DBIT")
        (meal.counterparty, meal.description, meal.reference) = ("Brauhaus & Küche", "Kartenzahlung <Girocard>", "052-20260407-0001")
        meal.onBankAccount = true
        XCTAssertEqual(statement.entries.first, meal, "entities and CDATA undone, the prefix dropped")
        XCTAssertEqual(statement.entries.map(\.date), ["2026-04-07", "2026-04-07", "2026-04-07"])
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, false, true], "the salary is read, as a camt.053's credit is")
        XCTAssertEqual(statement.pending.map(\.counterparty), ["Hotel am Markt"], "an entry the report gives as INFO is not booked")
    }

    func testADebitNotificationCamt054InLatin1WithTwoNotifications() throws {
        let statement = try CamtReader.read(try StatementFixtures.bytes("camt054-001-02.xml"))
        XCTAssertEqual(statement.format, .camt054, "its namespace, not the camt.053 one its schemaLocation names after it")
        XCTAssertEqual(statement.entries.map(\.counterparty), ["Café du Théâtre", "SBB CFF FFS"])
        XCTAssertEqual(statement.entries.map(\.description), ["Lunch Kunde Meier", ""])
        XCTAssertEqual(statement.entries.map(\.reference), ["054-0409-1", ""], "without AcctSvcrRef the content identifies it")
        XCTAssertEqual(statement.entries.map(\.line), [8, 22])
        XCTAssertEqual(statement.pending.map(\.reference), ["054-0410-1"])
    }

    func testEveryPublishedVersionOfEachMessage() throws {
        let entry = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts></Ntry>"
        for (message, format) in [("052", StatementEntries.Format.camt052), ("053", .camt053), ("054", .camt054)] {
            for version in 2...13 {
                let namespace = "urn:iso:std:iso:20022:tech:xsd:camt.\(message).001.\(version < 10 ? "0" : "")\(version)"
                let statement = try read("<Document xmlns=\"\(namespace)\"><A><B>\(entry)</B></A></Document>")
                XCTAssertEqual(statement.format, format, namespace)
                XCTAssertEqual(statement.entries.count, 1, namespace)
            }
        }
        XCTAssertEqual(
            failure("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.14\"/>")?.message, "camt.054 version '14' is not read")
        XCTAssertEqual(
            failure("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.052.001.08\">\n<!DOCTYPE x [<!ENTITY a \"b\">]>")?.message,
            "a document type declaration (<!DOCTYPE ...>) is not read in a statement")
    }

    func testOtherDocumentsAndVersionsAreRefused() {
        XCTAssertEqual(failure(document("", version: "14"))?.message, "camt.053 version '14' is not read")
        XCTAssertEqual(
            failure("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.056.001.02\"/>")?.message,
            "not a camt.052, camt.053 or camt.054 message: the root is <Document> of urn:iso:std:iso:20022:tech:xsd:camt.056.001.02")
        XCTAssertEqual(failure("")?.message, "no camt.052, camt.053 or camt.054 <Document> in the file")
        XCTAssertEqual(failure(document("") + "<Document/>")?.message, "a second root element <Document> after the <Document>")
    }

    func testHostileInputIsAFailureAtALine() throws {
        let fixture = try StatementFixtures.bytes("camt053-001-02.xml")
        for cut in stride(from: 1, to: fixture.count - 12, by: 97) {
            XCTAssertThrowsError(try CamtReader.read(Array(fixture[..<cut])), "truncated at \(cut)")
        }
        let deep = document(String(repeating: "<a>", count: 100_000))
        XCTAssertEqual(failure(deep)?.message, "elements nested deeper than 64 levels")
        XCTAssertEqual(failure(document("<Ntry>\n</Stmt>"))?.message, "</Stmt> where <Ntry> is open")
        XCTAssertEqual(
            failure(document("<Ntry><Amt>" + String(repeating: "9", count: 70_000) + "</Amt></Ntry>"))?.message,
            "a text of more than 64 KiB in <Amt>")
        XCTAssertEqual(failure("<?xml version=\"1.0\" encoding=\"EBCDIC\"?><Document/>")?.message, "the encoding 'EBCDIC' is not read")
        let many = String(repeating: "<Ntry><CdtDbtInd>DBIT</CdtDbtInd></Ntry>", count: StatementEntries.maximumEntries + 1)
        XCTAssertEqual(failure(document(many))?.message, "more than 100000 entries in one statement file")
    }

    func testADeclaredLatin1Document() throws {
        var bytes = Array(
            document(
                """
                <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt>
                <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Caf_</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
                """
            ).utf8
        ).map { $0 == UInt8(ascii: "_") ? 0xE9 : $0 }
        bytes.replaceSubrange(30..<35, with: Array("ISO-8859-1".utf8))
        XCTAssertEqual(try CamtReader.read(bytes).entries.map(\.counterparty), ["Café"])
    }
}
