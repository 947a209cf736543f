import ExpenseCore
import ExpenseSupport
import XCTest

@testable import Rendering

/// Names and remittance texts in the EPC's character set: German spelled as German banks spell
/// it, other letters and scripts transliterated, never a '?' made up, never empty, never longer.
final class SEPATextTests: XCTestCase {
    func testGermanIsSpelledOutAndOtherScriptsTransliterated() {
        XCTAssertEqual(SEPAText.written("Jürgen Groß-Öztürk", limit: 70, fallback: "x"), "Juergen Gross-Oeztuerk")
        XCTAssertEqual(SEPAText.written("A\u{0308}rzte", limit: 70, fallback: "x"), "Aerzte")  // decomposed Ä
        XCTAssertEqual(SEPAText.written("Zoë Ærø", limit: 70, fallback: "x"), "Zoe AEro")
        XCTAssertEqual(SEPAText.written("Иван Петров", limit: 70, fallback: "x"), "Ivan Petrov")
        XCTAssertEqual(SEPAText.written("\"<Müller & Co>\"", limit: 70, fallback: "x"), "'(Mueller + Co)'")
    }

    func testNothingLeavesTheSetAndNothingIsDropped() {
        for hostile in ["\u{1B}[2J\r\nevil\u{202E}", "東京", "😀😀", "\u{0301}\u{0301}", "a\tb\u{0}c", String(repeating: "ß", count: 300)] {
            let written = SEPAText.written(hostile, limit: 140, fallback: "Report 7")
            XCTAssertTrue(SEPAText.isInSet(written), written)
            XCTAssertFalse(written.contains("?"), written)
            XCTAssertFalse(written.isEmpty)
            XCTAssertLessThanOrEqual(written.count, 140)
        }
        XCTAssertEqual(SEPAText.written("😀", limit: 70, fallback: "Report 7"), "Report 7")
    }

    func testTheFileCountsAndSumsItsTransfers() throws {
        let eur = Currency(code: "EUR", minorDigits: 2, name: "Euro")
        let account = BankAccount(holder: "A & B", iban: try IBAN("DE89370400440532013000"))
        let transfers = [12_345, 1, 99].map { minor in
            PaymentTransfer(
                report: Int64(minor), owner: "alice", amount: Money(minorUnits: Int64(minor), currency: eur), account: account,
                seen: ReportVersion(lastEvent: 1), endToEndID: PaymentTransfer.endToEndID(report: Int64(minor)), remittance: "Trip")
        }
        let file = CreditTransferFile(
            format: .pain00100103, messageID: PaymentRun.messageID(run: 12, at: "2026-03-10T09:00:00Z"),
            createdAt: "2026-03-10T09:00:00Z", executionDate: try CalendarDate.parse("2026-03-11"), debtor: account,
            transfers: transfers)
        let xml = file.xml()
        XCTAssertEqual(xml.components(separatedBy: "<NbOfTxs>3</NbOfTxs>").count, 3)
        XCTAssertEqual(xml.components(separatedBy: "<CtrlSum>124.45</CtrlSum>").count, 3)
        XCTAssertTrue(xml.contains("<InstdAmt Ccy=\"EUR\">0.01</InstdAmt>"))
        XCTAssertTrue(xml.contains("<MsgId>EXP-RUN-12-20260310090000</MsgId>"))
        XCTAssertTrue(xml.contains("<Nm>A + B</Nm>"))
        XCTAssertTrue(xml.contains("<ReqdExctnDt>2026-03-11</ReqdExctnDt>"))
    }

    func testTheNextBankDaySkipsWeekendsAndTARGETHolidays() throws {
        let day = { (text: String) in try CalendarDate.parse(text) }
        XCTAssertEqual(nextBankDay(after: try day("2026-03-10")), try day("2026-03-11"))  // Tuesday
        XCTAssertEqual(nextBankDay(after: try day("2026-03-13")), try day("2026-03-16"))  // Friday
        XCTAssertEqual(nextBankDay(after: try day("2026-04-02")), try day("2026-04-07"))  // Good Friday, Easter Monday
        XCTAssertEqual(nextBankDay(after: try day("2026-12-24")), try day("2026-12-28"))
        XCTAssertEqual(nextBankDay(after: try day("2026-04-30")), try day("2026-05-04"))  // 1 May, a Friday
        XCTAssertLessThanOrEqual(PaymentRun.messageID(run: 9_999_999_999, at: "2026-03-10T09:00:00Z").count, 35)
    }
}
