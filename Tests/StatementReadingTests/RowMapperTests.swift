import ExpenseCore
@testable import StatementReading
import XCTest
@testable import ExpenseSupport

/// Rules applied to statement rows: columns by name and position, signs, debit/credit columns,
/// conditions, defaults, and the reasons a row is invalid.
final class RowMapperTests: XCTestCase {
    private let categories = ["lodging", "meals", "taxi", "rail", "other"]

    /// The rows of `csv` (header first) mapped through `rulesText`.
    private func map(_ csv: [UInt8], _ rulesText: String) throws -> [MappedRow] {
        var mapper: RowMapper?
        return try map(csv, rulesText, mapper: &mapper)
    }

    private func map(_ csv: [UInt8], _ rulesText: String, mapper used: inout RowMapper?) throws -> [MappedRow] {
        let rules = try ImportRules.parse(rulesText, path: "test.rules")
        let reader = CSVReader(bytes: csv, separator: rules.separator)
        for _ in 0..<rules.skipLines { _ = try reader.skipLine() }
        var header: [String]?
        if rules.hasHeader, try reader.next() {
            header = (0..<reader.fieldCount).map { rules.encoding.decode(reader.field($0))?.trimmingSpaces ?? "" }
        }
        let mapper = try RowMapper(rules: rules, header: header, file: "test.csv", categories: categories)
        used = mapper
        var rows: [MappedRow] = []
        var row = MappedRow()
        while try reader.next() {
            mapper.map(reader, into: &row)
            rows.append(row)
        }
        return rows
    }

    private func map(_ csv: String, _ rulesText: String) throws -> [MappedRow] {
        try map(Array(csv.utf8), rulesText)
    }

    private func money(_ text: String, _ code: String) throws -> Money {
        try Money.parse(text, currency: try CurrencyTable.standard.require(code))
    }

    func testATextWithANULIsAProblemShortOrLong() throws {
        // A short text lives inside the String, a long one in storage of its own: both are read.
        let long = String(repeating: "HOTEL ASTORIA ", count: 4)
        let csv: [UInt8] = Array("Date,Description,Amount\n02.03.2026,UB".utf8) + [0] + Array("ER,1.00\n".utf8)
            + Array("02.03.2026,\(long)".utf8) + [0] + Array(",2.00\n02.03.2026,\(long),3.00\n".utf8)
        let rows = try map(csv, """
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
        let rows = try map("""
            Date,Description,Amount,Currency,Reference
            03/02/2026,HOTEL ASTORIA,412.80,EUR,R1
            03/03/2026,"BAHNHOF BUFFET, BASEL","1,038.50",chf,R2
            03/04/2026,PAYMENT RECEIVED,-500.00,EUR,R3
            03/05/2026,AMAZON REFUND,-12.00,,
            """, """
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
        var csv: [UInt8] = Array("\"Konto\";\"DE12\"\r\n\r\n\"Buchungstag\";\"Empf".utf8) + [0xE4]
            + Array("nger\";\"Verwendungszweck\";\"Betrag\"\r\n".utf8)
        csv += Array("\"02.03.2026\";\"Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller\";\"Fr".utf8) + [0xFC]
            + Array("hst".utf8) + [0xFC] + Array("ck \"\"Team\"\"\";\"-1.234,56\"\r\n".utf8)
        csv += Array("\"03.03.2026\";\"SAP SE\";\"Erstattung ".utf8) + [0x80] + Array("\";\"500,00\"\r\n".utf8)
        let rows = try map(csv, """
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
        let rows = try map("2026-03-02;Taxi;Fahrt;zum Kunden;23,40\n", """
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
        let rules = "header no\nseparator ;\ndate = 1\nmerchant = 2\ndescription = 3 + 4 + 5\namount = 6\n"
            + "default currency EUR\ndefault category other\n"
        let utf8 = try map(Array("2026-03-02;Taxi; Fahrt ;\t;zum Kunden ;1\n2026-03-02;Taxi;M".utf8) + [0xC3] + Array(";;".utf8)
                           + [0xA4] + Array("x;1\n".utf8), rules)
        XCTAssertEqual(utf8.map(\.description), ["Fahrt zum Kunden", ""])
        XCTAssertTrue(utf8[1].reason.hasPrefix("description: not valid UTF-8"), utf8[1].reason)
        var mapper: RowMapper?
        let windows1252 = try map(Array("2026-03-02;Taxi;Fahrt;;nach M".utf8) + [0xFC] + Array("nchen;1\n2026-03-02;Taxi;;Gaststätte;;1\n".utf8),
                                  "encoding windows-1252\n" + rules, mapper: &mapper)
        XCTAssertEqual(windows1252.map(\.description), ["Fahrt nach München", "GaststÃ¤tte"])
        XCTAssertEqual(mapper?.misread?.text, Array("Gaststätte".utf8))
        XCTAssertEqual(mapper?.misread?.line, 2)
    }

    /// Texts and the results of conditions are kept by their bytes from row to row: however
    /// many merchants come and go, and in whatever order, each row is mapped as if alone.
    func testManyMerchantsInAnyOrderMapAsEachAlone() throws {
        let rules = "header no\nseparator ;\ndate = 1\nmerchant = 2\ndescription = 3 + 4\namount = 5\ndefault currency EUR\n"
            + "default category other\nif merchant matches ^hotel then category lodging\nif description matches taxi then category taxi\n"
        var csv = "", expected: [(merchant: String, description: String, category: String)] = []
        for row in 0..<3_000 {
            let number = (row * 7_919) % 1_500   // 1,500 merchants, each twice, far apart
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
        let rows = try map("""
            Datum;Text;Soll;Haben
            02.03.2026;Hotel;-412,80;
            03.03.2026;Refund;;12,00
            04.03.2026;Both;1,00;2,00
            05.03.2026;Neither;;
            """, """
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

    func testConditionsOnColumnsAndLaterActionsWin() throws {
        let rows = try map("""
            Date,Merchant,Amount,Type
            2026-03-02,Uber BV,12.00,RIDE
            2026-03-02,Uber Eats,25.00,FOOD
            2026-03-02,Company Card Fee,5.00,FEE
            """, """
            date = Date
            merchant = Merchant
            amount = Amount
            default currency EUR
            default category other
            if merchant matches ^uber then category taxi
            if Type matches food then category meals
            if 4 matches FEE then skip
            if merchant matches uber then paid-by company
            """)
        XCTAssertEqual(rows.map(\.category), ["taxi", "meals", ""])
        XCTAssertEqual(rows.map(\.paidBy), [.company, .company, .personal])
        XCTAssertEqual(rows.map(\.skipped), [false, false, true])
    }

    /// The results of a subject's conditions are kept per text, all of them together: each
    /// condition must still read its own, whichever subjects the others test and in what order,
    /// also when a text comes again (answered from what was kept).
    func testConditionsOnTheSameSubjectKeepTheirOwnResultsWhenTextsRepeat() throws {
        let statement = """
            Date,Merchant,Amount,Type
            2026-03-02,UBER TRIP,12.00,RIDE
            2026-03-02,Hotel Uber,90.00,STAY
            2026-03-02,DB Fernverkehr,40.00,RIDE
            2026-03-02,Refund Hotel,5.00,CREDIT
            """
        let rows = try map(statement + "\n" + statement.split(separator: "\n").dropFirst().joined(separator: "\n"), """
            date = Date
            merchant = Merchant
            amount = Amount
            default currency EUR
            default category other
            if merchant matches hotel then category lodging
            if Type matches ^ride$ then category rail
            if merchant matches ^uber then category taxi
            if Type matches credit then skip
            if merchant matches uber then paid-by company
            if merchant matches ^db then merchant Deutsche Bahn
            """)
        for pass in [0, 4] {
            let rows = Array(rows[pass..<(pass + 4)])
            XCTAssertEqual(rows.map(\.category), ["taxi", "lodging", "rail", ""])
            XCTAssertEqual(rows.map(\.paidBy), [.company, .company, .personal, .personal])
            XCTAssertEqual(rows.map(\.merchant), ["UBER TRIP", "Hotel Uber", "Deutsche Bahn", ""])
            XCTAssertEqual(rows.map(\.skipped), [false, false, false, true])
        }
    }

    func testConditionsFoldCaseBeyondASCII() throws {
        let rows = try map("""
            Date,Merchant,Amount,Ort
            2026-03-02,Café Schäfer,3.20,München
            2026-03-02,CAFE\u{301} SCHA\u{308}FER,3.20,MÜNCHEN
            2026-03-03,Hauptstraße Garage,5.00,Köln
            2026-03-03,ΤΑΒΈΡΝΑ ΟΔΌΣ,5.00,Αθήνα
            """, """
            date = Date
            merchant = Merchant
            amount = Amount
            default currency EUR
            default category other
            if merchant matches CAFÉ then category meals
            if merchant matches schäfer then paid-by company
            if merchant matches STRASSE then category taxi
            if merchant matches ταβέρνα then category meals
            if Ort matches ^münchen$ then description Munich
            if Ort matches ΑΘΉΝΑ then description Athens
            """)
        XCTAssertEqual(rows.map(\.category), ["meals", "meals", "taxi", "meals"])
        XCTAssertEqual(rows.map(\.paidBy), [.company, .company, .personal, .personal])
        XCTAssertEqual(rows.map(\.description), ["Munich", "Munich", "", "Athens"])
    }

    /// A footer of fewer (or more) fields than the header failed the whole import: the field
    /// count was checked before any rule could skip the row.
    func testRulesSeeRowsOfAnyShapeAndNameTheLineThatSkipped() throws {
        let rules = """
            separator ;
            decimal-mark ,
            thousands-separator .
            date-format %d.%m.%Y
            debits negative
            credits skip
            date = Buchungstag
            merchant = Empfänger
            amount = Betrag
            default currency EUR
            default category other
            if Buchungstag matches ^Kontostand then skip
            if row matches ^"?Summe.*;;;;; then skip
            if 6 matches ^x$ then category taxi
            """
        let rows = try map("""
            Buchungstag;Wertstellung;Text;Empfänger;Zweck;Betrag
            02.03.2026;02.03.2026;Karte;Hotel;;-412,80
            03.03.2026;03.03.2026;Gutschrift;SAP;;1.500,00
            Kontostand;2.974,30 EUR
            "Summe";"-412,80";"1.500,00";;;;;;;
            Summe;1;2
            04.03.2026;04.03.2026;Karte;Taxi;;-12,00;;x
            """, rules)
        XCTAssertEqual(rows.map(\.skippedBy), [nil, 6, 12, 13, nil, nil])
        XCTAssertEqual(rows.map(\.reason), ["", "", "", "", "row: 3 fields, but the header has 6", "row: 8 fields, but the header has 6"],
                       "a row no rule skips is as invalid as before; a rule on column 6 does not apply to a row without it")
        XCTAssertEqual(rows[0].amount?.minorUnits, 41_280)
    }

    func testInvalidRowsSayWhichFieldAndWhy() throws {
        let rows = try map("""
            Date,Merchant,Amount,Currency,Category
            2026-02-30,A,1.00,EUR,
            2026-03-02,B,1.0x,EUR,
            2026-03-02,C,1.00,EUX,
            2026-03-02,D,0.00,EUR,
            2026-03-02,E,1.00,EUR,taxy
            2026-03-02,F
            2026-03-02,G,1.005,EUR,
            2026-03-02,H,1.50,JPY,
            2026-03-02,I,1,50,EUR,meals
            2026-03-02,J,1.50,EUR,,,
            2026-03-03,K,2.00,EUX,
            """, """
            date = Date
            merchant = Merchant
            amount = Amount
            currency = Currency
            category = Category
            default category other
            """)
        XCTAssertEqual(rows.map(\.reason), [
            "date: '2026-02-30' is not a day of the calendar",
            "amount: '1.0x' is not an amount",
            "currency: unknown currency 'EUX' (did you mean 'EUR'?)",
            "amount: 0 is not an expense",
            "category: unknown category 'taxy' (did you mean 'taxi'?)",
            "row: 2 fields, but the header has 5",
            "amount: '1.005' has more than 2 decimals (EUR)",
            "amount: '1.50' has more than 0 decimals (JPY)",
            "row: 6 fields, but the header has 5",
            "",
            "currency: unknown currency 'EUX' (did you mean 'EUR'?)",
        ])
    }

    func testAnAmountBeyondTheLargestIsInvalidAsWhenTypedIn() throws {
        let rows = try map("""
            Date,Amount
            2026-03-02,9999999999999.99
            2026-03-02,10000000000000.00
            2026-03-02,-123456789012345.67
            """, "date = Date\namount = Amount\ndefault currency EUR\ndefault category other\n")
        XCTAssertEqual(rows.map(\.reason), [
            "",
            "amount: 10,000,000,000,000.00 EUR is beyond the largest amount, 9,999,999,999,999.99 EUR",
            "amount: -123,456,789,012,345.67 EUR is beyond the largest amount, 9,999,999,999,999.99 EUR",
        ])
    }

    func testARowWithoutACategoryIsInvalidWithoutADefault() throws {
        let rows = try map("Date,Amount\n2026-03-02,5.00\n", "date = Date\namount = Amount\ndefault currency EUR\n")
        XCTAssertEqual(rows.first?.reason, "category: none given, and the rules have no 'default category'")
    }

    func testInvalidUTF8IsReportedWithAHint() throws {
        let rows = try map(Array("Date,Merchant,Amount\n2026-03-02,M".utf8) + [0xFC] + Array("ller,5.00\n".utf8),
                           "date = Date\nmerchant = Merchant\namount = Amount\ndefault currency EUR\ndefault category other\n")
        XCTAssertTrue(rows.first?.reason.hasPrefix("merchant: not valid UTF-8; if the file is Latin-1 or Windows-1252") == true,
                      rows.first?.reason ?? "")
    }

    /// The value is quoted decoded for a person, and as the file has it for the rejects file.
    func testAValueInAReasonKeepsItsEncoding() throws {
        let rules = "date = Date\namount = Amount\ndefault currency EUR\ndefault category other\n"
        let csv = Array("Date;Amount\n2026-03-02;-4,2".utf8) + [0xFC] + Array("\n2026-03-32 ;1\n\"2026-03-0\n1\";1\n".utf8)
        let rows = try map(csv, "encoding windows-1252\nseparator ;\ndecimal-mark ,\n" + rules)
        XCTAssertEqual(rows.map(\.reason), ["amount: '-4,2ü' is not an amount", "date: '2026-03-32' is not a day of the calendar",
                                           "date: '2026-03-0\n1' does not match the date format %Y-%m-%d"])
        XCTAssertEqual(rows[0].encodedReason, Array("amount: '-4,2".utf8) + [0xFC] + Array("' is not an amount".utf8))
        let utf8 = try map(csv, "separator ;\ndecimal-mark ,\n" + rules)
        XCTAssertEqual(utf8.first?.reason, "amount: '-4,2\\xfc' is not an amount", "a byte UTF-8 does not have, written out")
        XCTAssertEqual(utf8.first?.encodedReason, rows[0].encodedReason)
    }

    /// A UTF-8 file read as Windows-1252 imported quietly as mojibake with columns by position.
    func testTheFirstCellThatLooksLikeMisreadUTF8IsNoted() throws {
        let rules = "encoding windows-1252\nheader no\nfields date, merchant, amount\ndefault currency EUR\ndefault category other\n"
        var mapper: RowMapper?
        let rows = try map(Array("2026-03-02,Hotel,1\n2026-03-02,Gaststätte,1\n2026-03-03,Café,2\n".utf8), rules, mapper: &mapper)
        XCTAssertEqual(rows.map(\.merchant), ["Hotel", "GaststÃ¤tte", "CafÃ©"])
        XCTAssertEqual(mapper?.misread?.text, Array("Gaststätte".utf8), "the first one")
        XCTAssertEqual(mapper?.misread?.line, 2)
        let windows1252 = try map([0x32, 0x30, 0x32, 0x36, 0x2D, 0x30, 0x33, 0x2D, 0x30, 0x32, 0x2C, 0x43, 0x61, 0x66, 0xE9, 0x2C, 0x31, 0x0A],
                                  rules, mapper: &mapper)
        XCTAssertEqual(windows1252.first?.merchant, "Café")
        XCTAssertNil(mapper?.misread)
    }

    func testColumnsTheStatementDoesNotHaveAreRulesErrors() throws {
        let rules = "date = Datum\namount = Betrag\ndefault currency EUR\n"
        XCTAssertThrowsError(try map("Date,Amount\n", rules)) { error in
            let error = error as? ExpenseError
            XCTAssertEqual(error?.location, "test.rules:1")
            XCTAssertEqual(error?.message, "no column 'Datum' in test.csv")
            XCTAssertEqual(error?.hint, "did you mean 'Date'? Its columns: 'Date', 'Amount'")
        }
        XCTAssertThrowsError(try map("Date,Amount\n", "date = Date\namount = 3\ndefault currency EUR\n")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "there is no column 3: test.csv has 2 columns")
            XCTAssertEqual((error as? ExpenseError)?.location, "test.rules:2")
        }
        XCTAssertThrowsError(try map("Date,Amount,Amount\n", "date = Date\namount = Amount\ndefault currency EUR\n")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "test.csv has 2 columns named 'Amount'")
        }
        XCTAssertEqual(try map("DATE,amount\n2026-03-02,1\n", rules.replacingOccurrences(of: "Datum", with: "date")
            .replacingOccurrences(of: "Betrag", with: "Amount") + "default category other\n").first?.problems.count, 0,
                       "names match case-insensitively when nothing matches exactly")
    }
}
