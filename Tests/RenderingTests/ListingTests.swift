import ExpenseCore
import ExpenseSupport
import Rendering
import XCTest

final class ListingTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let jpy = CurrencyTable.standard.currency("JPY")!

    var listing: Listing {
        Listing(
            columns: [.init("id", "id"), .init("merchant", "merchant"), .init("total", "total")],
            rows: [
                [.int(1), .text("Café, \"Zur Post\""), .money(Money(minorUnits: 123_456, currency: eur))],
                [.int(22), .text("Line\nbreak"), .money(Money(minorUnits: -5, currency: jpy))],
            ])
    }

    func testTableRightAlignsNumbersAndMoney() {
        XCTAssertEqual(
            Listing(columns: listing.columns, rows: [listing.rows[0]]).table,
            """
            ID  MERCHANT                 TOTAL
             1  Café, "Zur Post"  1,234.56 EUR

            """)
        XCTAssertEqual(Listing(columns: listing.columns, rows: []).table, "(none)\n")
    }

    /// Padding counts terminal columns: wide characters and emoji take two, a combining mark none.
    func testWideCharactersKeepTheColumnsAligned() {
        let table = Listing(
            columns: [.init("title", "title"), .init("items", "items")],
            rows: [[.text("東京 trip 🗼"), .int(2)], [.text("Cafe\u{301}"), .int(10)], [.text("Munich"), .int(3)]]
        ).table
        XCTAssertEqual(
            table,
            """
            TITLE         ITEMS
            東京 trip 🗼      2
            Cafe\u{301}             10
            Munich            3

            """)
    }

    /// On a terminal narrower than the table, the widest text column is cut with `…` (never a date
    /// or an amount, never below its title), rather than every row wrapping.
    func testATableFitsTheTerminalByShorteningItsWidestTextColumn() {
        let rows: [[Listing.Cell]] = [
            [
                .int(1), .date(try! CalendarDate.parse("2026-03-02")), .text("Hotel Astoria Walldorf, Conference Centre"), .text("lodging"),
                .money(Money(minorUnits: 41_280, currency: eur)),
            ],
            [
                .int(2), .date(try! CalendarDate.parse("2026-03-03")), .text("日本料理 Sushi Restaurant Tokyo"), .text("meals"),
                .money(Money(minorUnits: 3_000, currency: eur)),
            ],
        ]
        let listing = Listing(
            columns: [
                .init("id", "id"), .init("date", "date"), .init("merchant", "merchant"),
                .init("category", "category"), .init("amount", "amount"),
            ], rows: rows)
        var text = ""
        listing.table(width: 60) { text += $0 }
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map(TerminalWidth.columns), [60, 60, 60], text)
        XCTAssertEqual(lines[1], " 1  2026-03-02  Hotel Astoria Walldor…  lodging   412.80 EUR")
        XCTAssertEqual(lines[2], " 2  2026-03-03  日本料理 Sushi Restau…  meals      30.00 EUR")
        // Wide enough: whole; too narrow for anything: text columns stop at their floor, dates stay whole.
        var wide = ""
        listing.table(width: 200) { wide += $0 }
        XCTAssertEqual(wide, listing.table)
        var narrow = ""
        listing.table(width: 20) { narrow += $0 }
        XCTAssertTrue(narrow.contains("2026-03-02  Hotel Ast…  lodging"), narrow)
    }

    /// Too wide: the empty columns go without a word (they hide nothing), then a column that may
    /// be left out goes before text is cut below 20 columns, and the table says which.
    func testANarrowTableLeavesOutEmptyThenDroppableColumnsAndSaysWhich() {
        let listing = Listing(
            columns: [
                .init("id", "id"), .init("merchant", "merchant"), .init("rate", "rate", drop: 1),
                .init("paidBy", "paid by", drop: 2), .init("amount", "amount"),
                .init("note", "note"),
            ],
            rows: [
                [
                    .int(1), .text("Hotel Astoria Walldorf"), .null, .text("company"),
                    .money(Money(minorUnits: 41_280, currency: eur)), .null,
                ]
            ])
        var text = ""
        listing.table(width: 40) { text += $0 }
        XCTAssertEqual(
            text,
            """
            ID  MERCHANT                    AMOUNT
             1  Hotel Astoria Walldorf  412.80 EUR
            (paid by left out to fit 40 columns)

            """)
        text = ""
        listing.table(width: 30) { text += $0 }
        XCTAssertEqual(
            text,
            """
            ID  MERCHANT            AMOUNT
             1  Hotel Astoria…  412.80 EUR
            (paid by left out to fit 30
            columns)

            """)
        XCTAssertTrue(listing.table.hasPrefix("ID  MERCHANT                RATE  PAID BY      AMOUNT  NOTE\n"), listing.table)
    }

    func testCSVQuotesAndSplitsMoney() {
        XCTAssertEqual(
            listing.csv,
            "id,merchant,total,totalCurrency\r\n1,\"Café, \"\"Zur Post\"\"\",1234.56,EUR\r\n22,\"Line\nbreak\",-5,JPY\r\n")
    }

    func testJSONMoneyAsDecimalStringAndEscapes() {
        XCTAssertEqual(
            Listing(columns: listing.columns, rows: [listing.rows[1]]).json.serialized() + "\n",
            """
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
        let findings = Listing(
            columns: [.init("key", "violation"), .init("itemIds", "items", inTable: false)],
            rows: [[.text("duplicate:1:3"), .ids([1, 2, 3])]])
        XCTAssertEqual(findings.table, "VIOLATION\nduplicate:1:3\n")
        XCTAssertEqual(findings.csv, "key,itemIds\r\nduplicate:1:3,1 2 3\r\n")
        XCTAssertEqual(
            findings.serializedJSON(),
            """
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

final class ListingHugeCellTests: XCTestCase {
    /// A cell is shown at most `Listing.maxCellColumns` wide, cut with `…`, also where nothing
    /// else cuts it (no terminal): a 100,000-character title once made a padding string for every
    /// width up to its own, minutes and gigabytes for one `report list`.
    func testAHugeCellIsCutAtTheWidestACellIsShown() {
        let huge = String(repeating: "x", count: 100_000)
        let wide = String(repeating: "東", count: 100_000)
        let listing = Listing(
            columns: [.init("id", "id"), .init("title", "title"), .init("note", "note")],
            rows: [
                [.int(1), .text(huge), .text("end")], [.int(2), .text(wide), .text("end")],
                [.int(3), .text("short"), .text("end")],
            ])
        let lines = listing.table.split(separator: "\n").map(String.init)
        let cell = Listing.maxCellColumns
        XCTAssertEqual(cell, 1_000)
        XCTAssertEqual(lines.map(TerminalWidth.columns), [cell + 10, cell + 9, cell + 9, cell + 9])
        XCTAssertEqual(lines[1], " 1  " + String(repeating: "x", count: cell - 1) + "…  end")
        // Wide characters: cut before the one that would not fit, then padded to the column.
        XCTAssertEqual(lines[2], " 2  " + String(repeating: "東", count: cell / 2 - 1) + "…   end")
        XCTAssertEqual(lines[3], " 3  short" + String(repeating: " ", count: cell - 5) + "  end")
        // On a terminal the column is fitted as before; JSON and CSV keep the whole text.
        var fitted = ""
        listing.table(width: 80) { fitted += $0 }
        XCTAssertEqual(fitted.split(separator: "\n").map { TerminalWidth.columns(String($0)) }, [80, 79, 79, 79], fitted)
        XCTAssertTrue(listing.csv.contains(huge) && listing.serializedJSON().contains(wide))
    }
}

final class ListingTerminalTests: XCTestCase {
    func testATableCellCannotReachTheTerminalRawNorBreakItsRow() {
        let listing = Listing(
            columns: [.init("id", "id"), .init("merchant", "merchant")],
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
