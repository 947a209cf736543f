import XCTest
import ExpenseCore
import ExpenseSupport
import Rendering

final class ListingTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let jpy = CurrencyTable.standard.currency("JPY")!

    var listing: Listing {
        Listing(columns: [.init("id", "id"), .init("merchant", "merchant"), .init("total", "total")],
                rows: [[.int(1), .text("Café, \"Zur Post\""), .money(Money(minorUnits: 123_456, currency: eur))],
                       [.int(22), .text("Line\nbreak"), .money(Money(minorUnits: -5, currency: jpy))]])
    }

    func testTableRightAlignsNumbersAndMoney() {
        XCTAssertEqual(Listing(columns: listing.columns, rows: [listing.rows[0]]).table, """
            ID  MERCHANT                 TOTAL
             1  Café, "Zur Post"  1,234.56 EUR

            """)
        XCTAssertEqual(Listing(columns: listing.columns, rows: []).table, "(none)\n")
    }

    func testCSVQuotesAndSplitsMoney() {
        XCTAssertEqual(listing.csv,
                       "id,merchant,total,totalCurrency\r\n1,\"Café, \"\"Zur Post\"\"\",1234.56,EUR\r\n22,\"Line\nbreak\",-5,JPY\r\n")
    }

    func testJSONMoneyAsDecimalStringAndEscapes() {
        XCTAssertEqual(Listing(columns: listing.columns, rows: [listing.rows[1]]).json.serialized() + "\n", """
            [
              {
                "id": 22,
                "merchant": "Line\\nbreak",
                "total": {
                  "amount": "-5",
                  "currency": "JPY"
                }
              }
            ]

            """)
        XCTAssertEqual(JSONValue.quote("tab\there \u{1}"), "\"tab\\there \\u0001\"")
    }
}

extension ListingTests {
    func testAColumnForProgramsIsLeftOutOfTheTable() {
        let findings = Listing(columns: [.init("key", "violation"), .init("itemIds", "items", inTable: false)],
                               rows: [[.text("duplicate:1:3"), .ids([1, 2, 3])]])
        XCTAssertEqual(findings.table, "VIOLATION\nduplicate:1:3\n")
        XCTAssertEqual(findings.csv, "key,itemIds\r\nduplicate:1:3,1 2 3\r\n")
        XCTAssertEqual(findings.serializedJSON(), """
            [
              {
                "key": "duplicate:1:3",
                "itemIds": [
                  1,
                  2,
                  3
                ]
              }
            ]
            """)
    }

    func testAListingThatMakesItsRowsRendersAsOneThatKeepsThem() {
        nonisolated(unsafe) var made = 0
        let kept = listing
        let lazy = Listing(columns: kept.columns, count: 2) { index in
            made += 1
            return kept.rows[index]
        }
        XCTAssertEqual(made, 0, "nothing is made before it is rendered")
        XCTAssertEqual(lazy.table, kept.table)
        XCTAssertEqual(lazy.csv, kept.csv)
        XCTAssertEqual(lazy.serializedJSON(), kept.json.serialized())
        XCTAssertEqual(lazy.serializedJSON(), lazy.json.serialized())
        XCTAssertEqual(Listing(columns: kept.columns, rows: []).serializedJSON(), "[]")
        var pieces: [String] = []
        Listing(columns: [.init("n", "n")], count: 5_000) { [.int(Int64($0))] }.table { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 1, "a long table comes in pieces")
        XCTAssertEqual(pieces.joined(), Listing(columns: [.init("n", "n")], rows: (0..<5_000).map { [.int(Int64($0))] }).table)
    }
}

final class ListingTerminalTests: XCTestCase {
    func testATableCellCannotReachTheTerminalRawNorBreakItsRow() {
        let listing = Listing(columns: [.init("id", "id"), .init("merchant", "merchant")],
                              rows: [[.int(1), .text("\u{1B}[2J\u{1B}]0;pwned\u{07}Hotel\nExec")]])
        XCTAssertEqual(listing.table, "ID  MERCHANT\n 1  \\x1b[2J\\x1b]0;pwned\\x07Hotel\\nExec\n")
        // JSON and CSV keep the exact text, escaped as their formats escape it.
        XCTAssertTrue(listing.json.serialized().contains("\\u001b[2J\\u001b]0;pwned\\u0007Hotel\\nExec"))
        XCTAssertTrue(listing.csv.contains("\"\u{1B}[2J\u{1B}]0;pwned\u{07}Hotel\nExec\""))
    }
}

final class CSVFieldTests: XCTestCase {
    /// "\r\n" is one Character, and `"` followed by a combining mark is one Character too: compared
    /// as Characters they were written raw, and the row split or the quoting broke.
    func testLineBreaksAndQuotesAreFoundScalarByScalar() {
        XCTAssertEqual(Listing.field("Hotel\r\nAstoria"), "\"Hotel\r\nAstoria\"")
        XCTAssertEqual(Listing.field("say \"\u{301}hi\""), "\"say \"\"\u{301}hi\"\"\"")
        XCTAssertEqual(Listing.field("plain café"), "plain café")
    }
}
