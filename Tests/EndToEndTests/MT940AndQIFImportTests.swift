import Foundation
import XCTest

/// `expenses import` of MT940 and QIF statements through the built binary: recognised by
/// content, read without rules or through rules that say what to do with the entries,
/// idempotent; and files of a known format the importer does not read, named as such.
final class MT940AndQIFImportTests: ImportTestCase {
    private let columns = "SELECT date, category, merchant, description, amount_minor, currency, external_id FROM expenses ORDER BY id"

    /// What the summary says of a bank account's credit it skipped.
    private static let bankCredit =
        "; 1 bank credit skipped (money in, such as salary, a reimbursement or an advance, is no refund; "
        + "to import it as one, give --rules FILE saying 'credits refund')"

    func testAnMT940AndAQIFImportOnceOnly() throws {
        let mt940 = try fixture("bank-de-mt940.sta")
        XCTAssertEqual(
            summary(try app.ok("import", mt940)), "Imported \(mt940) as batch 1: 4 new, 0 duplicate, 0 invalid" + Self.bankCredit + "\n")
        XCTAssertEqual(
            try app.query(columns),
            """
            2026-01-02|other|Gaststätte Zum Löwen Walldorf|Rechnung 4711 2 Nächte & Frühstück|41280|EUR|2601020000123
            2026-01-02|other|Telekom Deutschland GmbH|Mobilfunk Januar 2026|3995|EUR|2601020000125
            2026-02-03|other||KARTENZAHLUNG BAECKEREI MUELLER FRANKFURT AM MAIN|850|EUR|
            2026-02-03|other||KARTENZAHLUNG BAECKEREI MUELLER FRANKFURT AM MAIN|850|EUR|
            """, "Windows-1252 decoded; the two loaves on one day are two rows")
        XCTAssertEqual(
            summary(try app.ok("import", mt940)), "Imported \(mt940) as batch 2: 0 new, 4 duplicate, 0 invalid" + Self.bankCredit + "\n")
        let qif = try fixture("card.qif")
        let rules = try write("default currency USD\nif merchant matches marriott then category lodging\n", to: "card.rules")
        XCTAssertEqual(summary(try app.ok("import", qif, "--rules", rules)), "Imported \(qif) as batch 3: 4 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(summary(try app.ok("import", qif, "--rules", rules)), "Imported \(qif) as batch 4: 0 new, 4 duplicate, 0 invalid\n")
        XCTAssertEqual(
            try app.query(columns + " LIMIT 4 OFFSET 4"),
            """
            2026-01-02|lodging|MARRIOTT SEATTLE|FOLIO 88231|123456|USD|
            2026-01-15|other|STARBUCKS STORE 0412||4215|USD|
            2026-01-15|other|STARBUCKS STORE 0412||4215|USD|
            2026-01-20|lodging|MARRIOTT SEATTLE|REFUND PARKING|-6000|USD|
            """, "the card's refund is one; the rules' currency, as QIF names none")
    }

    func testAStatementInDeutscheMarkIsReadAndConvertedToEurosAtTheFixedRate() throws {
        let statement = try write(
            """
            :20:STARTUMS
            :25:10040000/0532013000
            :28C:00001/001
            :60F:C010301DEM5000,00
            :61:0103050305D100,00NMSCNONREF//0103050000001
            :86:106?00KARTENZAHLUNG?20SVWZ+Tankstelle?32Aral Walldorf
            :61:0103070307D1234,56NMSCNONREF//0103070000002
            :86:106?00KARTENZAHLUNG?32Hotel Adler
            :62F:C010331DEM3665,44
            -

            """, to: "umsaetze-2001-03.sta")
        try app.ok("report", "new", "Walldorf 2001", "--currency", "EUR")
        let result = try app.run("import", statement, "--report", "1")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try app.query("SELECT date, merchant, amount_minor, currency, rate, converted_minor FROM expenses ORDER BY date"),
            """
            2001-03-05|Aral Walldorf|10000|DEM|1/1.95583|5113
            2001-03-07|Hotel Adler|123456|DEM|1/1.95583|63122
            """, "1 EUR = 1.95583 DEM, whatever the day, with no rates loaded")
        XCTAssertEqual(try app.query("SELECT total_minor FROM reports WHERE id = 1"), "68235")
    }

    func testAQIFWithoutRulesIsInTheReportsCurrencyElseTheSettings() throws {
        let qif = try fixture("card.qif")
        try app.ok("import", qif)
        XCTAssertEqual(try app.query("SELECT DISTINCT currency FROM expenses"), "EUR", "the default-currency setting's")
        try app.ok("import", "undo", "1")
        try app.ok("rates", "import", try fixture("eurofxref-hist.csv"))
        try app.ok("report", "new", "Seattle", "--currency", "USD")
        XCTAssertEqual(summary(try app.ok("import", qif, "--report", "1")), "Imported \(qif) as batch 2: 4 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(try app.query("SELECT DISTINCT currency FROM expenses"), "USD", "the report's")
        let mapping = try write("default currency USD\nmerchant = P\n", to: "qif.rules")
        let refused = try app.run("import", qif, "--rules", mapping)
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(
            refused.stderr,
            """
            expenses: error: \(mapping):2: 'merchant' is for a CSV statement; a QIF statement names its fields itself
            hint: rules for QIF give only 'credits', 'default category', 'default paid-by', 'default currency', 'date-format' and 'if ... then ...'

            """)
    }

    func testAQIFsDatesThatCouldBeEitherOrderFollowTheRulesDateFormat() throws {
        let qif = try write("!Type:Bank\nD03/04/2026\nT-12.50\nPBakery\n^\n", to: "bank.qif")
        XCTAssertEqual(dryRunDate(try app.ok("import", qif, "--dry-run", "--format", "csv")), "2026-03-04", "month first, as in the US")
        let rules = try write("date-format %d/%m/%Y\n", to: "bank.rules")
        try app.ok("import", qif, "--rules", rules)
        XCTAssertEqual(try app.query("SELECT date FROM expenses"), "2026-04-03")
    }

    /// The date of a dry run's one row, from its CSV.
    private func dryRunDate(_ csv: String) -> String {
        let rows = csv.split(separator: "\r\n")
        guard rows.count == 2, let column = rows[0].split(separator: ",").firstIndex(of: "date") else { return csv }
        return String(rows[1].split(separator: ",", omittingEmptySubsequences: false)[column])
    }

    func testBadEntriesAreInvalidRowsAndBrokenFilesFailAtTheirLine() throws {
        let statement = ":20:X\n:25:1\n:60F:C260301EUR1,00\n:61:261345D1,00NMSCNONREF\n:61:260302D2,00NMSCNONREF\n"
        let invalid = try write(statement + ":62F:C260331EUR1,00\n", to: "date.sta")
        let atomic = try app.run("import", invalid)
        XCTAssertEqual(atomic.status, 65)
        XCTAssertTrue(atomic.stderr.hasPrefix("\(invalid):4: date: "), atomic.stderr)
        XCTAssertTrue(atomic.stderr.contains("1 invalid row in \(invalid); nothing was imported"), atomic.stderr)
        XCTAssertEqual(try count(), 0)
        let truncated = try write(statement, to: "truncated.sta")
        let failed = try app.run("import", truncated)
        XCTAssertEqual(failed.status, 65)
        XCTAssertEqual(
            failed.stderr,
            """
            expenses: error: \(truncated):1: the statement starting here has no closing balance (:62F:)
            hint: is the file truncated?

            """)
        let invest = try write("!Type:Bank\n^\n!Type:Invst\nD1/3/26\nNBuy\nT-100.00\n^\n", to: "invest.qif")
        let refused = try app.run("import", invest)
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(
            refused.stderr,
            """
            expenses: error: \(invest):3: '!Type:Invst' is an investment account's, whose trades are no expenses
            hint: export the bank or card account's transactions ('!Type:Bank', '!Type:CCard')

            """)
        XCTAssertEqual(try count(), 0)
    }

    func testAFileOfAKnownFormatTheImporterDoesNotReadIsNamed() throws {
        let files: [(name: String, bytes: [UInt8], message: String, hint: String)] = [
            (
                "statement.xlsx", [0x50, 0x4B, 0x03, 0x04] + Array("\0\0\0\0[Content_Types].xml xl/workbook.xml".utf8),
                "an Excel workbook (.xlsx)", "export CSV from the bank instead"
            ),
            (
                "statement.xls", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0], "an Excel workbook (.xls)",
                "export CSV from the bank instead"
            ),
            (
                "statement.pdf", Array("%PDF-1.7\n".utf8), "a PDF document",
                "download the statement as CSV, camt.053 (or camt.052, camt.054), OFX, MT940 or QIF instead"
            ),
            (
                "umsaetze.xls", Array("<html><body><table><tr><td>Datum</td></tr></table></body></html>\n".utf8), "a web page (HTML)",
                "export CSV from the bank instead (a bank's '.xls' download is often such a page)"
            ),
            ("statement.json", Array("{\"transactions\": []}\n".utf8), "JSON", "export CSV from the bank instead"),
            (
                "statement.csv.gz", [0x1F, 0x8B, 0x08, 0, 0, 0], "a gzip-compressed file",
                "unpack it first (gunzip FILE) and import what it holds"
            ),
            (
                "intraday.sta", Array(":20:X\n:25:10040000/1\n:28C:1\n:34F:EURD0,\n:13D:2603021200+0100\n".utf8),
                "an MT942 interim transaction report (SWIFT)", "import the MT940 statement of the same days, whose entries are booked"
            ),
            (
                "charges.xml",
                Array("<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.086.001.02\"></Document>\n".utf8),
                "an ISO 20022 camt.086 message, no statement",
                "export the account's camt.053 statement (or camt.052, camt.054, CSV, OFX, MT940 or QIF) from the bank instead"
            ),
        ]
        let csvRules = try write(Self.cardRules, to: "card.rules")
        for file in files {
            let path = app.path(file.name)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            for rules in [[], ["--rules", csvRules]] {
                let result = try app.run(["import", path] + rules)
                XCTAssertEqual(result.status, 65, file.name)
                XCTAssertEqual(
                    result.stderr,
                    "expenses: error: \(path): this is \(file.message), not a statement the importer reads\nhint: \(file.hint)\n",
                    file.name)
            }
        }
        XCTAssertEqual(try count(), 0)
    }
}
