import XCTest

@testable import StatementReading

/// QIF files of bank, cash and card accounts: their records, dates in each form and order,
/// amounts with thousands separators, the sections passed over or refused.
final class QIFReaderTests: XCTestCase, StatementTextReading {
    func read(_ text: String) throws(StatementFailure) -> StatementEntries {
        try read(text, dayFirst: nil)
    }

    private func read(_ text: String, dayFirst: Bool?) throws(StatementFailure) -> StatementEntries {
        try QIFReader.read(Array(text.utf8), dayFirst: dayFirst)
    }

    func testACardAccountsRecordsAndSplits() throws {
        let statement = try QIFReader.read(try StatementFixtures.bytes("card.qif"))
        XCTAssertEqual(statement.format, .qif)
        var hotel = StatementEntry(line: 2)
        (hotel.date, hotel.amount, hotel.counterparty, hotel.description, hotel.type) = (
            "2026-01-02", "1234.56", "MARRIOTT SEATTLE", "FOLIO 88231", "1001"
        )
        XCTAssertEqual(statement.entries.first, hotel, "the record's T, not its splits; a charge is negative on a card too")
        XCTAssertEqual(statement.entries.map(\.date), ["2026-01-02", "2026-01-15", "2026-01-15", "2026-01-20"])
        XCTAssertEqual(statement.entries.map(\.amount), ["1234.56", "42.15", "42.15", "60.00"])
        XCTAssertEqual(statement.entries.map(\.isCredit), [false, false, false, true], "the refund")
        XCTAssertEqual(statement.entries.map(\.onBankAccount), [false, false, false, false])
        XCTAssertEqual(statement.entries.map(\.reference), ["", "", "", ""], "QIF has no ids")
        XCTAssertEqual(statement.entries.map(\.line), [2, 13, 19, 23])
    }

    func testTheDateOrderIsTheFilesElseTheCallersElseMonthFirst() throws {
        let ambiguous = "!Type:Bank\nD01/02/2024\nT-1\n^\n"
        XCTAssertEqual(try read(ambiguous).entries.first?.date, "2024-01-02", "the US's order")
        XCTAssertEqual(try read(ambiguous, dayFirst: true).entries.first?.date, "2024-02-01")
        let dayFirst = ambiguous + "D13/02/2024\nT-1\n^\n"
        XCTAssertEqual(try read(dayFirst).entries.map(\.date), ["2024-02-01", "2024-02-13"], "a 13 is a day")
        XCTAssertEqual(try read(dayFirst, dayFirst: false).entries.map(\.date), ["2024-02-01", "2024-02-13"], "the file's evidence first")
        XCTAssertEqual(try read("!Type:Bank\nD01.02.2024\nT-1\n^\n").entries.first?.date, "2024-02-01", "dots are day first")
        let forms = "!Type:Cash\nD1/ 2'24\nT-1\n^\nD2024-01-03\nT-1\n^\nD1/4/98\nT-1\n^\nD12/31/2023\nT-1\n^\nD1/5\nT-1\n^\n"
        XCTAssertEqual(try read(forms).entries.map(\.date), ["2024-01-02", "2024-01-03", "1998-01-04", "2023-12-31", "1/5"])
        XCTAssertEqual(try read("!Type:Bank\nD13/13/2024\nT-1\n^\n").entries.first?.date, "2024-13-13", "left for the date's check")
        XCTAssertEqual(
            try read("!Type:Bank\nD2/10'2020\nT-2\nSFood\nD1/10'2020\n$-2\n^\n").entries.first?.date, "2020-02-10", "not the split's")
    }

    func testAmountsWithThousandsSeparators() throws {
        let amounts = ["-1,234.56", "-1.234,56", "1 234,5", "-12", "-1,234", "+7.5", "12.3.4"]
        let text = "!Type:Bank\n" + amounts.map { "D1/1/24\nT\($0)\n^\n" }.joined()
        let entries = try read(text).entries
        XCTAssertEqual(entries.map(\.amount), ["1234.56", "1234.56", "1234.5", "12", "1234", "7.5", "12.3.4"])
        XCTAssertEqual(entries.map(\.isCredit), [false, false, true, false, false, true, true])
    }

    func testAccountsListsHeadersAndInvestmentsArePassedOverAndOnlyInvestmentsRefused() throws {
        let text = """
            ### exported for a test
            !Option:AutoSwitch
            !Account
            NVisa
            TCCard
            ^
            !Type:Cat
            NTravel
            E
            ^
            !Clear:AutoSwitch
            !Type:Oth L
            D1/2/24
            T-5.00
            PTaxi
            ^
            !type:bank
            D1/3/24
            T-6.00
            PBus
            """
        let entries = try read(text).entries
        XCTAssertEqual(entries.map(\.counterparty), ["Taxi", "Bus"], "a last record without its ^ too")
        XCTAssertEqual(entries.map(\.onBankAccount), [false, true])
        let bankAndInvestments = "!Type:Bank\nD1/1/24\nT-1\n^\n!Type:Invst\nD1/1/24\nNBuy\nT-100\n^\n"
        XCTAssertEqual(try read(bankAndInvestments).entries.map(\.amount), ["1"], "the investment account's trades passed over")
        XCTAssertEqual(
            failure("!Type:Invst\nD1/1/24\nNBuy\nT-100\n^\n"),
            StatementFailure(
                line: 1, message: "'!Type:Invst' is an investment account's, whose trades are no expenses",
                hint: "export the bank or card account's transactions ('!Type:Bank', '!Type:CCard')"))
        XCTAssertEqual(failure("!Type:Budget\n")?.line, 1)
        XCTAssertEqual(failure("D1/1/24\n")?.message, "'D1/1/24' before the file's '!Type:' line")
        XCTAssertEqual(failure("!Type:Bank\r\nM" + String(repeating: "x", count: 70_000) + "\r\n")?.line, 2)
    }

    func testWindows1252AndCRLF() throws {
        var bytes = Array("\u{FEFF}!Type:Bank\r\nD1/1/24\r\nT-1\r\nPCaf?\r\n^\r\n".utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))!
        bytes[mark] = 0xE9
        let entry = try QIFReader.read(bytes).entries.first
        XCTAssertEqual(entry?.counterparty, "Café")
        XCTAssertEqual(entry?.line, 2)
    }
}
