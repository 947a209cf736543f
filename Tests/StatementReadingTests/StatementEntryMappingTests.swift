import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// A statement's format told by its content, and its entries mapped through rules that may only
/// say what to do with them: credits, defaults, conditions.
final class StatementEntryMappingTests: XCTestCase {
    private let categories = ["lodging", "meals", "taxi", "rail", "other"]

    private func rules(_ text: String, _ format: StatementEntries.Format = .ofx) throws -> ImportRules {
        try ImportRules.parse(text, path: "entries.rules", complete: false).forEntries(of: format)
    }

    func testTheFormatIsToldByContent() throws {
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("camt053-001-02.xml")), .entries(.camt053))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("camt053-001-08.xml")), .entries(.camt053))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("card-ofx102.ofx")), .entries(.ofx))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("bank-ofx220.ofx")), .entries(.ofx))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("card-ofx211-ascii.ofx")), .entries(.ofx))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("camt052-001-08.xml")), .entries(.camt052))
        XCTAssertEqual(StatementFormat.recognise(try StatementFixtures.bytes("camt054-001-02.xml")), .entries(.camt054))
        XCTAssertEqual(StatementFormat.recognise(Array("\u{FEFF}\r\n<OFX>".utf8)), .entries(.ofx))
        XCTAssertEqual(StatementFormat.recognise(Array("Date,Amount\n2026-03-01,1\n".utf8)), .csv)
        XCTAssertEqual(StatementFormat.recognise([UInt8]()), .csv)
        XCTAssertEqual(StatementFormat.recognise(Array("<?xml version=\"1.0\"?><plist/>".utf8)), .otherMarkup)
    }

    func testEntriesMapWithoutARulesFile() throws {
        let statement = try OFXReader.read(try StatementFixtures.bytes("card-ofx102.ofx"))
        let rows = try statement.mapped(try rules(""), categories: categories)
        XCTAssertEqual(rows.map(\.problems.count), [0, 0, 0, 0], rows.map(\.reason).description)
        XCTAssertEqual(rows.map { $0.amount?.decimalString }, ["23.40", "186.00", "54.10", "-23.40"], "a credit is a refund")
        XCTAssertEqual(rows.map(\.category), ["other", "other", "other", "other"], "'other' unless a rule says")
        XCTAssertEqual(rows.map(\.externalID), ["FR2026030500017", "FR2026030600042", "FR2026030900003", "FR2026031200001"])
        XCTAssertEqual(rows[0].merchant, "Café de Flore")
        XCTAssertEqual(rows[0].description, "PARIS 06")
        XCTAssertEqual(rows[0].date, CalendarDate(year: 2026, month: 3, day: 5))
    }

    func testABankAccountsCreditsAreSkippedUnlessTheRulesSayWhatCreditsAre() throws {
        let bank = try OFXReader.read(try StatementFixtures.bytes("bank-ofx220.ofx"))
        let unsaid = try rules("default category meals\n").importedEntries(of: bank)
        XCTAssertEqual(unsaid.entries.map(\.counterparty), ["STARBUCKS STORE 0412", "MARRIOTT SEATTLE", "ATM WITHDRAWAL"])
        XCTAssertEqual(unsaid.bankCreditsSkipped, 1, "the payroll is no refund")
        let refunds = try rules("credits refund\n").importedEntries(of: bank)
        XCTAssertEqual(refunds.entries.count, 4)
        XCTAssertEqual(refunds.bankCreditsSkipped, 0)
        XCTAssertEqual(try bank.mapped(try rules("credits refund\n"), categories: categories)[2].amount?.decimalString, "-2500.00")
        let camt = try CamtReader.read(try StatementFixtures.bytes("camt053-001-02.xml"))
        XCTAssertEqual(try rules("", .camt053).importedEntries(of: camt).bankCreditsSkipped, 1)
        let card = try OFXReader.read(try StatementFixtures.bytes("card-ofx102.ofx"))
        XCTAssertEqual(try rules("").importedEntries(of: card).entries.count, 4, "a card's credit is a refund")
    }

    func testCreditsSkipConditionsAndDefaults() throws {
        let statement = try CamtReader.read(try StatementFixtures.bytes("camt053-001-02.xml"))
        let rules = try rules(
            """
            credits skip
            default category rail
            default paid-by company
            if merchant matches hotel then category lodging
            if description matches ticket then merchant Deutsche Bahn
            """, .camt053)
        let rows = try statement.mapped(rules, categories: categories)
        XCTAssertEqual(rows.map(\.skippedBy), [nil, nil, 1])
        XCTAssertEqual(rows.map(\.category).prefix(2), ["lodging", "rail"])
        XCTAssertEqual(rows[1].merchant, "Deutsche Bahn")
        XCTAssertEqual(rows[1].statementMerchant, "DB Fernverkehr AG", "the fingerprint keeps the statement's merchant")
        XCTAssertEqual(rows[0].paidBy, .company)
    }

    func testRulesForColumnsAreRefusedAtTheirLine() throws {
        for (text, line, name) in [
            ("credits skip\ndate = Datum\n", 2, "date"), ("separator ;\n", 1, "separator"),
            ("# card\ndefault currency EUR\n", 2, "default currency"), ("encoding latin-1\n", 1, "encoding"),
        ] {
            XCTAssertThrowsError(try rules(text, .camt053)) { error in
                let error = error as? ExpenseError
                XCTAssertEqual(error?.location, "entries.rules:\(line)")
                XCTAssertEqual(error?.message, "'\(name)' is for a CSV statement; a camt.053 statement names its fields itself")
            }
        }
        XCTAssertThrowsError(
            try ImportRules.parse("credits skip\n", path: "csv.rules").checkComplete(),
            "the same rules for a CSV still need its columns")
    }

    func testAnInvalidEntryHasItsReasonAndItsFieldsAsACSVRecord() throws {
        var entry = StatementEntry(line: 7)
        (entry.date, entry.amount, entry.currency, entry.counterparty, entry.description, entry.reference, entry.type) = (
            "2026-02-30", "1.00", "EUR", "A, \"B\"", "two\nlines", "R1", "DBIT"
        )
        var statement = StatementEntries(format: .ofx)
        statement.entries = [entry]
        let rows = try statement.mapped(try rules(""), categories: categories)
        XCTAssertEqual(rows.first?.problems.map(\.field), ["date"])
        let records = StatementEntryRecords([entry], fileBytes: 10)
        XCTAssertTrue(try records.next())
        XCTAssertEqual(String(decoding: records.rawRecord, as: UTF8.self), "2026-02-30,1.00,EUR,\"A, \"\"B\"\"\",\"two\nlines\",R1,DBIT")
        XCTAssertEqual(String(decoding: records.field(3), as: UTF8.self), "A, \"B\"")
        XCTAssertEqual(records.recordLine, 7)
        XCTAssertEqual(records.bytesConsumed, 10)
        XCTAssertFalse(try records.next())
    }
}
