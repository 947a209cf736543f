import XCTest
@testable import ExpenseApp
import ExpenseCore
@testable import ExpenseSupport

final class RendererTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let jpy = CurrencyTable.standard.currency("JPY")!

    var listing: Listing {
        Listing(columns: [.init("id", "id"), .init("merchant", "merchant"), .init("total", "total")],
                rows: [[.int(1), .text("Café, \"Zur Post\""), .money(Money(minorUnits: 123_456, currency: eur))],
                       [.int(22), .text("Line\nbreak"), .money(Money(minorUnits: -5, currency: jpy))]])
    }

    func testTableRightAlignsNumbersAndMoney() {
        XCTAssertEqual(Renderer(format: .table).table(Listing(columns: listing.columns, rows: [listing.rows[0]])), """
            ID  MERCHANT                 TOTAL
             1  Café, "Zur Post"  1,234.56 EUR

            """)
        XCTAssertEqual(Renderer(format: .table).render(.listing(Listing(columns: listing.columns, rows: []))), "(none)\n")
    }

    func testAColumnForProgramsIsLeftOutOfTheTable() {
        let findings = Listing(columns: [.init("key", "violation"), .init("itemIds", "items", inTable: false)],
                               rows: [[.text("duplicate:1:3"), .ids([1, 2, 3])]])
        XCTAssertEqual(Renderer(format: .table).render(.listing(findings)), "VIOLATION\nduplicate:1:3\n")
        XCTAssertEqual(Renderer(format: .csv).render(.listing(findings)), "key,itemIds\r\nduplicate:1:3,1 2 3\r\n")
        XCTAssertEqual(Renderer(format: .json).render(.listing(findings)), """
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
        var made = 0
        let lazy = Listing(columns: listing.columns, count: 2) { index in
            made += 1
            return self.listing.rows[index]
        }
        XCTAssertEqual(made, 0, "nothing is made before it is rendered")
        for format in OutputFormat.allCases {
            XCTAssertEqual(Renderer(format: format).render(.listing(lazy)), Renderer(format: format).render(.listing(listing)), "\(format)")
        }
        XCTAssertEqual(lazy.serializedJSON(), lazy.json.serialized())
        XCTAssertEqual(Listing(columns: listing.columns, rows: []).serializedJSON(), "[]")
        var pieces: [String] = []
        Renderer(format: .table).table(Listing(columns: [.init("n", "n")], count: 5_000) { [.int(Int64($0))] }) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 1, "a long table comes in pieces")
        XCTAssertEqual(pieces.joined(), Renderer(format: .table).table(Listing(columns: [.init("n", "n")],
                                                                               rows: (0..<5_000).map { [.int(Int64($0))] })))
    }

    func testCSVQuotesAndSplitsMoney() {
        XCTAssertEqual(Renderer(format: .csv).render(.listing(listing)),
                       "id,merchant,total,totalCurrency\r\n1,\"Café, \"\"Zur Post\"\"\",1234.56,EUR\r\n22,\"Line\nbreak\",-5,JPY\r\n")
    }

    func testJSONMoneyAsDecimalStringAndEscapes() {
        XCTAssertEqual(Renderer(format: .json).render(.listing(Listing(columns: listing.columns, rows: [listing.rows[1]]))), """
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
        XCTAssertEqual(Renderer(format: .json).render(.message("hi")), "{\n  \"message\": \"hi\"\n}\n")
    }
}
