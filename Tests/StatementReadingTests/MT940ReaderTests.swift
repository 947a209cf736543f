import XCTest

@testable import StatementReading

/// MT940 statements as German banks write them (Windows-1252, CRLF, SWIFT blocks, the
/// structured `:86:`), and hostile ones: each a failure at its line or an entry the mapping's
/// checks refuse, never a crash.
final class MT940ReaderTests: XCTestCase, StatementTextReading {
    func read(_ text: String) throws(StatementFailure) -> StatementEntries {
        try MT940Reader.read(Array(text.utf8))
    }

    /// A statement around `entries`.
    private func statement(_ entries: String) -> String {
        ":20:STARTUMS\n:25:10040000/0532013000\n:28C:1/1\n:60F:C260301EUR100,00\n" + entries + ":62F:C260331EUR10,00\n"
    }

    func testAGermanBanksStatementInWindows1252() throws {
        let statement = try MT940Reader.read(try StatementFixtures.bytes("bank-de-mt940.sta"))
        XCTAssertEqual(statement.format, .mt940)
        var hotel = StatementEntry(line: 6)
        (hotel.date, hotel.amount, hotel.currency, hotel.type, hotel.onBankAccount) = ("2026-01-02", "412.80", "EUR", "NMSC", true)
        (hotel.counterparty, hotel.description, hotel.reference) = (
            "Gaststätte Zum Löwen Walldorf", "Rechnung 4711 2 Nächte & Frühstück", "2601020000123"
        )
        XCTAssertEqual(statement.entries.first, hotel, "booked on 2 January for a value date of 30 December: the year turned")
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, true, false, false, false])
        XCTAssertEqual(statement.entries.map(\.amount), ["412.80", "2500.00", "39.95", "8.50", "8.50"])
        XCTAssertEqual(statement.entries[2].counterparty, "Telekom Deutschland GmbH")
        XCTAssertEqual(statement.entries[2].description, "Mobilfunk Januar 2026", "the SVWZ+ part, across a line break")
        XCTAssertEqual(statement.entries.map(\.date), ["2026-01-02", "2026-01-02", "2026-01-02", "2026-02-03", "2026-02-03"])
        XCTAssertEqual(statement.entries[3].description, "KARTENZAHLUNG BAECKEREI MUELLER FRANKFURT AM MAIN", "a free :86:")
        XCTAssertEqual(statement.entries[3].counterparty, "")
        XCTAssertEqual(statement.entries[3].reference, "", "NONREF and no bank reference: the content identifies it")
        XCTAssertEqual(statement.entries.map(\.line), [6, 8, 10, 20, 23])
    }

    func testTheStructuredPurposesParts() throws {
        let entries = try read(
            statement(
                """
                :61:2603050305DR12,NMSCKREF//BANK-1
                :86:177?00SEPA-UEBERWEISUNG?20EREF+E2E-4711?21KREF+K1?22SVWZ+Taxi vom Flughafen ?23zum Hotel?32Taxi Zentrale?33       Frankfurt eG
                :61:2603060306DR5,00NMSCNONREF//BANK-2
                :86: 106?00KARTENZAHLUNG?20ABWE+Kiosk   am Bahnhof
                :61:2603070307DR7,00NMSCNONREF//BANK-3
                :86:106?00KARTENZAHLUNG?20EREF+123
                :61:2603080308RC1,00NMSC//BANK-4
                :61:2603090309RD2,00NCHG//BANK-5

                """)
        ).entries
        XCTAssertEqual(entries.map(\.amount), ["12", "5.00", "7.00", "1.00", "2.00"], "'12,' is twelve")
        XCTAssertEqual(entries.map(\.description), ["Taxi vom Flughafen zum Hotel", "KARTENZAHLUNG", "KARTENZAHLUNG", "", ""])
        XCTAssertEqual(entries.map(\.counterparty), ["Taxi Zentrale Frankfurt eG", "Kiosk am Bahnhof", "", "", ""])
        XCTAssertEqual(
            entries.map(\.isCredit), [false, false, false, false, true], "a reversed credit takes money out, a reversed debit gives it back"
        )
        XCTAssertEqual(entries.map(\.reference), ["BANK-1", "BANK-2", "BANK-3", "BANK-4", "BANK-5"])
    }

    func testSeveralStatementsTheirCurrenciesAndLineEndings() throws {
        let text =
            statement(":61:260302D1,00NMSCNONREF\n")
            + statement(":61:260302D2,00NMSCNONREF\n").replacingOccurrences(of: "EUR", with: "CHF")
        for ending in ["\r\n", "\r", "\n"] {
            let entries = try read("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: ending)).entries
            XCTAssertEqual(entries.map(\.currency), ["EUR", "CHF"])
            XCTAssertEqual(entries.map(\.line), [5, 11])
        }
    }

    func testAnImpossibleDateOrAmountIsLeftForTheMappingsCheck() throws {
        let entries = try read(statement(":61:261345D1,00NMSCNONREF\n:61:260302D1,2,3NMSCNONREF\n")).entries
        XCTAssertEqual(entries.map(\.date), ["2026-13-45", "2026-03-02"])
        XCTAssertEqual(entries.map(\.amount), ["1.00", "1.2.3"])
    }

    func testHostileStatementsFailAtTheirLine() {
        XCTAssertEqual(
            failure(":20:X\n:60F:C260301EUR1,00\n:61:260302D1,00NMSCNONREF\n"),
            StatementFailure(line: 1, message: "the statement starting here has no closing balance (:62F:)", hint: "is the file truncated?")
        )
        XCTAssertEqual(failure(":20:X\n:61:260302D1,00NMSC\n")?.line, 2, "no opening balance, no currency")
        XCTAssertEqual(failure(":20:X\n:60F:C2603\n")?.line, 2)
        XCTAssertEqual(failure(statement(":61:26030XD1,00NMSC\n"))?.message.contains("value date"), true)
        XCTAssertEqual(failure(statement(":61:260302X1,00NMSC\n"))?.line, 5)
        XCTAssertEqual(failure(":61:260302D1,00NMSC\n")?.line, 1, "no :20: before")
        XCTAssertEqual(failure("")?.message, "no statement (:20:) in the file")
        let huge = ":86:" + String(repeating: "x", count: 65) + "\n"
        let long = statement(":61:260302D1,00NMSC\n" + huge + String(repeating: String(repeating: "y", count: 65) + "\n", count: 1100))
        XCTAssertEqual(failure(long)?.line, 1015, "past 64 KiB of one field")
    }

    func testBytesThatAreNotUTF8AreWindows1252() throws {
        var bytes = Array(statement(":61:260302D1,00NMSC\n:86:?\n").utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))!
        bytes.replaceSubrange(mark...mark, with: [0x80, 0xE4])
        XCTAssertEqual(try MT940Reader.read(bytes).entries.first?.description, "€ä")
    }
}
