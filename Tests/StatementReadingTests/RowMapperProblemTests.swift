import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// Why a statement row is invalid, in which field, in the statement's encoding; and columns the
/// statement does not have.
final class RowMapperProblemTests: XCTestCase {
    func testInvalidRowsSayWhichFieldAndWhy() throws {
        let rows = try map(
            """
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
            """,
            """
            date = Date
            merchant = Merchant
            amount = Amount
            currency = Currency
            category = Category
            default category other
            """)
        XCTAssertEqual(
            rows.map(\.reason),
            [
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
        let rows = try map(
            """
            Date,Amount
            2026-03-02,9999999999999.99
            2026-03-02,10000000000000.00
            2026-03-02,-123456789012345.67
            """, "date = Date\namount = Amount\ndefault currency EUR\ndefault category other\n")
        XCTAssertEqual(
            rows.map(\.reason),
            [
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
        let rows = try map(
            Array("Date,Merchant,Amount\n2026-03-02,M".utf8) + [0xFC] + Array("ller,5.00\n".utf8),
            "date = Date\nmerchant = Merchant\namount = Amount\ndefault currency EUR\ndefault category other\n")
        XCTAssertTrue(
            rows.first?.reason.hasPrefix("merchant: not valid UTF-8; if the file is Latin-1 or Windows-1252") == true,
            rows.first?.reason ?? "")
    }

    /// The value is quoted decoded for a person, and as the file has it for the rejects file.
    func testAValueInAReasonKeepsItsEncoding() throws {
        let rules = "date = Date\namount = Amount\ndefault currency EUR\ndefault category other\n"
        let csv = Array("Date;Amount\n2026-03-02;-4,2".utf8) + [0xFC] + Array("\n2026-03-32 ;1\n\"2026-03-0\n1\";1\n".utf8)
        let rows = try map(csv, "encoding windows-1252\nseparator ;\ndecimal-mark ,\n" + rules)
        XCTAssertEqual(
            rows.map(\.reason),
            [
                "amount: '-4,2ü' is not an amount", "date: '2026-03-32' is not a day of the calendar",
                "date: '2026-03-0\n1' does not match the date format %Y-%m-%d",
            ])
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
        let windows1252 = try map(
            [0x32, 0x30, 0x32, 0x36, 0x2D, 0x30, 0x33, 0x2D, 0x30, 0x32, 0x2C, 0x43, 0x61, 0x66, 0xE9, 0x2C, 0x31, 0x0A],
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
        XCTAssertEqual(
            try map(
                "DATE,amount\n2026-03-02,1\n",
                rules.replacingOccurrences(of: "Datum", with: "date")
                    .replacingOccurrences(of: "Betrag", with: "Amount") + "default category other\n"
            ).first?.problems.count, 0,
            "names match case-insensitively when nothing matches exactly")
    }
}
