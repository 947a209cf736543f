import ExpenseCore
import ExpenseSupport
import Rendering
import XCTest

/// Tables on terminals of 80 and 120 columns: nothing wider than the terminal, columns left out
/// by their priority, a message wrapped rather than cut, dates and times whole.
final class ListingWidthTests: XCTestCase {
    let eur = CurrencyTable.standard.currency("EUR")!
    let message =
        "Items 4 and 9 look like the same expense: 38.50 EUR at Bahnhof Buffet Zürich on 2026-03-03, both paid personally; "
        + "acknowledge it with the reason if two people ate"

    private func table(_ listing: Listing, width: Int?) -> [String] {
        var text = ""
        listing.table(width: width) { text += $0 }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func assertFits(_ lines: [String], _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines.filter { TerminalWidth.columns($0) > width }, [], "wider than \(width)", file: file, line: line)
    }

    private var check: Listing {
        Listing(
            columns: [
                .init("severity", "severity"), .init("key", "violation", fit: .whole), .init("message", "message", fit: .wrap),
                .init("acknowledged", "acknowledged", fit: .wrap), .init("itemIds", "items", inTable: false),
            ],
            rows: [
                [.text("warning"), .text("duplicate:4:9"), .text(message), .null, .ids([4, 9])],
                [.text("blocking"), .text("missing-receipt:12"), .text("Item 12 (412.80 EUR) has no receipt"), .null, .ids([12])],
            ])
    }

    /// `report check`: the message is the point, so it wraps over lines, word by word, never cut;
    /// ACKNOWLEDGED, empty, takes no width and no line; the keys one types stay whole.
    func testAMessageWrapsOverLinesAndAnEmptyColumnTakesNoWidth() {
        for width in [80, 120] {
            let lines = table(check, width: width)
            assertFits(lines, width)
            XCTAssertFalse(lines.joined().contains("…"), "\(width): \(lines)")
            XCTAssertEqual(lines[0].split(separator: " ", omittingEmptySubsequences: true), ["SEVERITY", "VIOLATION", "MESSAGE"])
            XCTAssertEqual(lines.last, "blocking  missing-receipt:12  Item 12 (412.80 EUR) has no receipt")
            // The message's lines, read on, are the message; every one starts at its column.
            let start = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "MESSAGE")!.lowerBound)
            let messageLines = lines.dropFirst().dropLast()
            XCTAssertGreaterThan(messageLines.count, 1, "\(width): \(lines)")
            XCTAssertTrue(messageLines.first!.hasPrefix("warning   duplicate:4:9       Items 4 "), "\(lines)")
            XCTAssertTrue(messageLines.dropFirst().allSatisfy { $0.prefix(start).allSatisfy { $0 == " " } }, "\(lines)")
            XCTAssertEqual(messageLines.map { $0.dropFirst(start) }.joined(separator: " "), message)
        }
        // The note under it wraps too.
        var noted = check
        noted.note = "3 blocking, 2 warnings not acknowledged; 'expenses report acknowledge REPORT KEY --reason TEXT' accepts a warning"
        for width in [80, 120] { assertFits(table(noted, width: width), width) }
        // Piped, with no width known: one line a row, as wide as it is.
        let piped = table(check, width: nil)
        XCTAssertEqual(piped.count, 3)
        XCTAssertTrue(piped[1].contains(message), "\(piped)")
        XCTAssertTrue(piped[0].hasSuffix("ACKNOWLEDGED"), "\(piped)")
    }

    /// An acknowledgement, when there is one, wraps too, beside the message.
    func testAnAcknowledgementWrapsBesideTheMessage() {
        var listing = check
        listing.rows[0][3] = .text("alice: two colleagues ate, two lunches, one bill each, both at the station before the train")
        for width in [80, 120] {
            let lines = table(listing, width: width)
            assertFits(lines, width)
            XCTAssertFalse(lines.joined().contains("…"), "\(width): \(lines)")
            XCTAssertTrue(lines[0].hasSuffix("ACKNOWLEDGED"), "\(lines)")
            XCTAssertTrue(
                lines[1].contains("alice: two colleagues") && lines.contains { $0.hasSuffix(" train") || $0.hasSuffix(" the train") },
                "\(lines)")
        }
    }

    private var expenses: Listing {
        Listing(
            columns: [
                .init("id", "id"), .init("reportId", "report"), .init("date", "date"), .init("category", "category"),
                .init("merchant", "merchant"), .init("paidBy", "paid by", drop: 2), .init("amount", "amount"),
                .init("rateDecimal", "rate", drop: 3), .init("converted", "converted", drop: 1),
            ],
            rows: [
                [
                    .int(14), .int(3), .date(try! CalendarDate.parse("2026-03-03")), .text("meals"), .text("Bahnhof Buffet Zürich"),
                    .text("personal"), .money(Money(minorUnits: 3_850, currency: CurrencyTable.standard.currency("CHF")!)),
                    .text("0.854555"), .money(Money(minorUnits: 3_290, currency: eur)),
                ]
            ])
    }

    /// `expense list`: the rate gives way before the converted amount, which is what is paid
    /// back, and who paid before it; both before the merchant is cut below 20 columns; at 120
    /// everything is shown.
    func testColumnsAreLeftOutByPriorityTheRateBeforeTheConvertedAmount() {
        let wide = table(expenses, width: 120)
        XCTAssertEqual(wide, table(expenses, width: nil))
        XCTAssertTrue(wide[0].hasSuffix("RATE      CONVERTED"), "\(wide)")
        let at80 = table(expenses, width: 80)
        assertFits(at80, 80)
        XCTAssertEqual(
            at80[0].split(separator: " "), ["ID", "REPORT", "DATE", "CATEGORY", "MERCHANT", "AMOUNT", "CONVERTED"])
        XCTAssertTrue(at80[1].contains("Bahnhof Buffet Zürich") && at80[1].contains("32.90 EUR"), "\(at80)")
        XCTAssertEqual(at80.last, "(rate, paid by left out to fit 80 columns)")
        let at60 = table(expenses, width: 60)
        assertFits(at60, 60)
        XCTAssertEqual(at60.last, "(rate, paid by, converted left out to fit 60 columns)")
        XCTAssertTrue(at60[1].contains("2026-03-03") && at60[1].contains("38.50 CHF"), "\(at60)")
    }

    /// `receipt list`: the time it was captured is never cut (it was `2026-12-0…`), nor a date;
    /// the size, the type and the file's name give way, then the merchant is cut.
    func testDatesAndTimesStayWhole() {
        let listing = Listing(
            columns: [
                .init("id", "id"), .init("capturedAt", "captured", fit: .whole), .init("mediaType", "type", drop: 2),
                .init("size", "size", drop: 3), .init("name", "name", drop: 1), .init("expenseIds", "expenses"),
                .init("merchant", "merchant"), .init("date", "date"), .init("total", "total"),
            ],
            rows: [
                [
                    .int(7), .text("2026-12-03 09:41:27"), .text("PDF"), .bytes(90_726), .text("DB-Rechnung-2026-12-03-ICE-577.pdf"),
                    .ids([31, 32]), .text("DB Fernverkehr AG Frankfurt"), .date(try! CalendarDate.parse("2026-12-02")),
                    .amount("129.90", currency: "EUR"),
                ]
            ])
        for width in [80, 120] {
            let lines = table(listing, width: width)
            assertFits(lines, width)
            XCTAssertTrue(lines[1].contains("2026-12-03 09:41:27") && lines[1].contains("2026-12-02"), "\(width): \(lines)")
            XCTAssertTrue(lines[1].contains("31 32") && lines[1].contains("129.90 EUR"), "\(width): \(lines)")
        }
        XCTAssertTrue(table(listing, width: 120)[0].contains("TYPE      SIZE  NAME"), "\(table(listing, width: 120))")
        XCTAssertEqual(table(listing, width: 80).last, "(size, type, name left out to fit 80 columns)")
        // Narrower than its whole columns: the table is as narrow as it can be, the time still whole.
        XCTAssertTrue(table(listing, width: 40)[1].contains("2026-12-03 09:41:27"))
    }

    /// A word longer than the column is broken inside; wide characters count two columns.
    func testAWrappedCellBreaksALongWordAndCountsWideCharacters() {
        let listing = Listing(
            columns: [.init("id", "id"), .init("message", "message", fit: .wrap)],
            rows: [[.int(1), .text("東京駅の日本料理レストラン東京駅の日本料理 and https://example.com/a/very/long/receipt/path")]])
        let lines = table(listing, width: 24)
        assertFits(lines, 24)
        XCTAssertGreaterThan(lines.count, 3, "\(lines)")
        XCTAssertEqual(
            lines.dropFirst().map { $0.dropFirst(4) }.joined().replacingOccurrences(of: " ", with: ""),
            "東京駅の日本料理レストラン東京駅の日本料理andhttps://example.com/a/very/long/receipt/path")
    }

    /// A list without spaces (the meals of a day) breaks after a comma, not inside a meal.
    func testAListWithoutSpacesBreaksAfterAComma() {
        let listing = Listing(
            columns: [.init("id", "id"), .init("meals", "meals", fit: .wrap)], rows: [[.int(1), .text("breakfast,lunch,dinner")]])
        XCTAssertEqual(table(listing, width: 20), ["ID  MEALS", " 1  breakfast,lunch,", "    dinner"])
    }

    /// Rows with nothing in them at all still show their columns, narrow or not.
    func testATableOfEmptyCellsKeepsItsColumns() {
        let listing = Listing(
            columns: [.init("acknowledged", "acknowledged"), .init("reason", "reason", fit: .wrap)], rows: [[.null, .text("")]])
        XCTAssertEqual(table(listing, width: 10), ["ACKNOWLEDGED  REASON", String(repeating: " ", count: 14)])
    }

    /// Without a width a message longer than `maxCellColumns` is cut on its one line, as any cell.
    func testWithoutAWidthAHugeMessageStaysOneLine() {
        let listing = Listing(
            columns: [.init("id", "id"), .init("message", "message", fit: .wrap)],
            rows: [[.int(1), .text(String(repeating: "word ", count: 1_000))]])
        XCTAssertEqual(table(listing, width: nil).count, 2)
        XCTAssertTrue(table(listing, width: nil)[1].hasSuffix("…"))
    }
}
