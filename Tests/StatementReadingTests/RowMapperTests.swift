import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// Rules applied to statement rows: columns by name and position, signs, debit/credit columns.
final class RowMapperTests: XCTestCase {
    func testATextWithANULIsAProblemShortOrLong() throws {
        // A short text lives inside the String, a long one in storage of its own: both are read.
        let long = String(repeating: "HOTEL ASTORIA ", count: 4)
        let csv: [UInt8] =
            Array("Date,Description,Amount\n02.03.2026,UB".utf8) + [0] + Array("ER,1.00\n".utf8)
            + Array("02.03.2026,\(long)".utf8) + [0] + Array(",2.00\n02.03.2026,\(long),3.00\n".utf8)
        let rows = try map(
            csv,
            """
            date-format %d.%m.%Y
            date = Date
            amount = Amount
            merchant = Description
            default currency EUR
            default category other
            """)
        XCTAssertEqual(rows.map { $0.problems.map(\.field) }, [["merchant"], ["merchant"], []], rows.map(\.reason).description)
    }

    func testAnEnglishCardExport() throws {
        let rows = try map(
            """
            Date,Description,Amount,Currency,Reference
            03/02/2026,HOTEL ASTORIA,412.80,EUR,R1
            03/03/2026,"BAHNHOF BUFFET, BASEL","1,038.50",chf,R2
            03/04/2026,PAYMENT RECEIVED,-500.00,EUR,R3
            03/05/2026,AMAZON REFUND,-12.00,,
            """,
            """
            date-format %m/%d/%Y
            thousands-separator ,
            date = Date
            amount = Amount
            currency = Currency
            merchant = Description
            external-id = Reference
            default currency EUR
            default category other
            default paid-by company
            if merchant matches ^PAYMENT then skip
            if merchant matches hotel then category lodging
            if merchant matches buffet then category meals
            if merchant matches buffet then merchant Bahnhof Buffet
            """)
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(rows.allSatisfy { $0.problems.isEmpty }, rows.map(\.reason).description)
        XCTAssertEqual(rows[0].date, CalendarDate(year: 2026, month: 3, day: 2))
        XCTAssertEqual(rows[0].amount, try money("412.80", "EUR"))
        XCTAssertEqual(rows[0].category, "lodging")
        XCTAssertEqual(rows[0].paidBy, .company)
        XCTAssertEqual(rows[0].externalID, "R1")
        XCTAssertEqual(rows[1].amount, try money("1038.50", "CHF"))
        XCTAssertEqual(rows[1].merchant, "Bahnhof Buffet", "a rule rewrote it")
        XCTAssertEqual(rows[1].statementMerchant, "BAHNHOF BUFFET, BASEL", "the fingerprint keeps the statement's")
        XCTAssertEqual(rows[1].category, "meals")
        XCTAssertTrue(rows[2].skipped)
        XCTAssertEqual(rows[3].amount, try money("-12.00", "EUR"), "a credit is a refund; an empty currency is the default")
        XCTAssertNil(rows[3].externalID, "an empty id is no id")
        XCTAssertEqual(rows[3].category, "other")
    }

    func testAGermanBankExportInWindows1252() throws {
        // Preamble, header, a debit, a credit (skipped), umlauts and a euro sign in Windows-1252.
        var csv: [UInt8] =
            Array("\"Konto\";\"DE12\"\r\n\r\n\"Buchungstag\";\"Empf".utf8) + [0xE4]
            + Array("nger\";\"Verwendungszweck\";\"Betrag\"\r\n".utf8)
        csv +=
            Array("\"02.03.2026\";\"Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller\";\"Fr".utf8) + [0xFC]
            + Array("hst".utf8) + [0xFC] + Array("ck \"\"Team\"\"\";\"-1.234,56\"\r\n".utf8)
        csv += Array("\"03.03.2026\";\"SAP SE\";\"Erstattung ".utf8) + [0x80] + Array("\";\"500,00\"\r\n".utf8)
        let rows = try map(
            csv,
            """
            encoding windows-1252
            separator ;
            skip 2
            date-format %d.%m.%Y
            decimal-mark ,
            thousands-separator .
            debits negative
            credits skip
            date = Buchungstag
            amount = Betrag
            merchant = Empfänger
            description = Verwendungszweck
            default currency EUR
            default category meals
            """)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0].problems.count, 0, rows[0].reason)
        XCTAssertEqual(rows[0].merchant, "Café Müller")
        XCTAssertEqual(rows[0].description, "Frühstück \"Team\"")
        XCTAssertEqual(rows[0].amount, try money("1234.56", "EUR"), "money out of the account is an expense")
        XCTAssertTrue(rows[1].skipped, "money in is left out with 'credits skip'")
    }

    func testColumnsByPositionWithoutAHeaderAndJoinedText() throws {
        let rows = try map(
            "2026-03-02;Taxi;Fahrt;zum Kunden;23,40\n",
            """
            header no
            separator ;
            decimal-mark ,
            date = 1
            merchant = 2
            description = 3 + 4
            amount = 5
            default currency EUR
            default category taxi
            """)
        XCTAssertEqual(rows.first?.description, "Fahrt zum Kunden")
        XCTAssertEqual(rows.first?.amount, try money("23.40", "EUR"))
    }

    /// Joined cells are decoded together but read as each alone: blanks trimmed, empty cells left
    /// out, a cell that is not text makes the field not text (even where its neighbour's bytes
    /// would complete it), and a cell that looks like misread UTF-8 is noted.
    func testJoinedCellsAreTrimmedSkippedAndCheckedOneByOne() throws {
        let rules =
            "header no\nseparator ;\ndate = 1\nmerchant = 2\ndescription = 3 + 4 + 5\namount = 6\n"
            + "default currency EUR\ndefault category other\n"
        let utf8 = try map(
            Array("2026-03-02;Taxi; Fahrt ;\t;zum Kunden ;1\n2026-03-02;Taxi;M".utf8) + [0xC3] + Array(";;".utf8)
                + [0xA4] + Array("x;1\n".utf8), rules)
        XCTAssertEqual(utf8.map(\.description), ["Fahrt zum Kunden", ""])
        XCTAssertTrue(utf8[1].reason.hasPrefix("description: not valid UTF-8"), utf8[1].reason)
        var mapper: RowMapper?
        let windows1252 = try map(
            Array("2026-03-02;Taxi;Fahrt;;nach M".utf8) + [0xFC] + Array("nchen;1\n2026-03-02;Taxi;;Gaststätte;;1\n".utf8),
            "encoding windows-1252\n" + rules, mapper: &mapper)
        XCTAssertEqual(windows1252.map(\.description), ["Fahrt nach München", "GaststÃ¤tte"])
        XCTAssertEqual(mapper?.misread?.text, Array("Gaststätte".utf8))
        XCTAssertEqual(mapper?.misread?.line, 2)
    }

    /// Texts and the results of conditions are kept by their bytes from row to row: however
    /// many merchants come and go, and in whatever order, each row is mapped as if alone.
    func testManyMerchantsInAnyOrderMapAsEachAlone() throws {
        let rules =
            "header no\nseparator ;\ndate = 1\nmerchant = 2\ndescription = 3 + 4\namount = 5\ndefault currency EUR\n"
            + "default category other\nif merchant matches ^hotel then category lodging\nif description matches taxi then category taxi\n"
        var csv = ""
        var expected: [(merchant: String, description: String, category: String)] = []
        for row in 0..<3_000 {
            let number = (row * 7_919) % 1_500  // 1,500 merchants, each twice, far apart
            let merchant = number % 3 == 0 ? "Hotel \(number)" : "Café \(number)"
            let description = number % 5 == 0 ? "Taxi \(number)" : "Lunch \(number)"
            csv += "2026-03-02;\(merchant);\(description);x;1\n"
            expected.append((merchant, description + " x", number % 5 == 0 ? "taxi" : number % 3 == 0 ? "lodging" : "other"))
        }
        let rows = try map(csv, rules)
        XCTAssertEqual(rows.map(\.merchant), expected.map(\.merchant))
        XCTAssertEqual(rows.map(\.description), expected.map(\.description))
        XCTAssertEqual(rows.map(\.category), expected.map(\.category))
    }

    func testSeparateDebitAndCreditColumns() throws {
        let rows = try map(
            """
            Datum;Text;Soll;Haben
            02.03.2026;Hotel;-412,80;
            03.03.2026;Refund;;12,00
            04.03.2026;Both;1,00;2,00
            05.03.2026;Neither;;
            """,
            """
            separator ;
            decimal-mark ,
            date-format %d.%m.%Y
            date = Datum
            merchant = Text
            debit = Soll
            credit = Haben
            default currency EUR
            default category other
            """)
        XCTAssertEqual(rows[0].amount?.minorUnits, 41280, "a debit is spent, whatever its sign")
        XCTAssertEqual(rows[1].amount?.minorUnits, -1200, "a credit comes back")
        XCTAssertEqual(rows[2].reason, "amount: both the debit and the credit column are filled")
        XCTAssertEqual(rows[3].reason, "amount: neither the debit nor the credit column is filled")
    }
}
