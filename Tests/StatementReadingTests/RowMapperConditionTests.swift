import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// The rules' conditions on statement rows: on fields, columns and the whole row, with case
/// folding, repeated texts and the line that skipped a row.
final class RowMapperConditionTests: XCTestCase {
    func testConditionsOnColumnsAndLaterActionsWin() throws {
        let rows = try map(
            """
            Date,Merchant,Amount,Type
            2026-03-02,Uber BV,12.00,RIDE
            2026-03-02,Uber Eats,25.00,FOOD
            2026-03-02,Company Card Fee,5.00,FEE
            """,
            """
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
        let rows = try map(
            statement + "\n" + statement.split(separator: "\n").dropFirst().joined(separator: "\n"),
            """
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
        let rows = try map(
            """
            Date,Merchant,Amount,Ort
            2026-03-02,Café Schäfer,3.20,München
            2026-03-02,CAFE\u{301} SCHA\u{308}FER,3.20,MÜNCHEN
            2026-03-03,Hauptstraße Garage,5.00,Köln
            2026-03-03,ΤΑΒΈΡΝΑ ΟΔΌΣ,5.00,Αθήνα
            """,
            """
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
        let rows = try map(
            """
            Buchungstag;Wertstellung;Text;Empfänger;Zweck;Betrag
            02.03.2026;02.03.2026;Karte;Hotel;;-412,80
            03.03.2026;03.03.2026;Gutschrift;SAP;;1.500,00
            Kontostand;2.974,30 EUR
            "Summe";"-412,80";"1.500,00";;;;;;;
            Summe;1;2
            04.03.2026;04.03.2026;Karte;Taxi;;-12,00;;x
            """, rules)
        XCTAssertEqual(rows.map(\.skippedBy), [nil, 6, 12, 13, nil, nil])
        XCTAssertEqual(
            rows.map(\.reason), ["", "", "", "", "row: 3 fields, but the header has 6", "row: 8 fields, but the header has 6"],
            "a row no rule skips is as invalid as before; a rule on column 6 does not apply to a row without it")
        XCTAssertEqual(rows[0].amount?.minorUnits, 41_280)
    }
}
