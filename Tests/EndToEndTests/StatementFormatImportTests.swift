import Foundation
import XCTest

/// `expenses import` of the formats banks hand out besides CSV, through the built binary:
/// camt.053 (.001.02 and .001.08), camt.052, camt.054 and OFX (1.x SGML card, 2.x XML bank, 2.x
/// in US-ASCII), recognised by content,
/// without or with a rules file, idempotent, atomic, with a rejects file, and hostile files.
final class StatementFormatImportTests: ImportTestCase {
    /// The summary without its timing and batch number.
    private func unnumbered(_ stdout: String) -> String {
        summary(stdout).replacingOccurrences(of: #" as batch [0-9]+"#, with: "", options: .regularExpression)
    }

    private let columns = "SELECT date, category, merchant, description, amount_minor, currency, external_id FROM expenses ORDER BY id"

    func testEachFormatImportsIntoAReportWithoutRulesAndOnceOnly() throws {
        try app.ok("report", "new", "March", "--currency", "EUR")
        let camt = try fixture("camt053-001-02.xml")
        let result = try app.run("import", camt, "--report", "1")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            summary(result.stdout),
            "Imported \(camt) as batch 1: 2 new, 0 duplicate, 0 invalid; 1 pending entry not imported (not booked yet)"
                + Self.bankCredit + "\n")
        XCTAssertEqual(
            try app.query(columns),
            """
            2026-03-02|other|Hotel Astoria Walldorf|Rechnung 4711 2 Nächte & Frühstück|41280|EUR|2026030200001234
            2026-03-05|other|DB Fernverkehr AG|Online-Ticket Frankfurt - Berlin|8990|EUR|2026030500004411
            """)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses WHERE report_id = 1"), "2")
        // The same statement under another name, and the card's OFX twice: nothing new the second time.
        let renamed = app.path("download")
        try FileManager.default.copyItem(atPath: camt, toPath: renamed)
        XCTAssertEqual(
            summary(try app.ok("import", renamed, "--report", "1")),
            "Imported \(renamed) as batch 2: 0 new, 2 duplicate, 0 invalid; 1 pending entry not imported (not booked yet)"
                + Self.bankCredit + "\n")
        // The card's OFX into the same report, its dollars converted at the ECB's rate; twice: nothing new.
        try app.ok("rates", "import", try fixture("eurofxref-hist.csv"))
        let card = try fixture("card-ofx102.ofx")
        XCTAssertEqual(summary(try app.ok("import", card, "--report", "1")), "Imported \(card) as batch 3: 4 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(summary(try app.ok("import", card, "--report", "1")), "Imported \(card) as batch 4: 0 new, 4 duplicate, 0 invalid\n")
        XCTAssertEqual(
            try app.query("SELECT merchant, currency, converted_minor FROM expenses WHERE external_id = 'FR2026030900003'"),
            "YELLOW CAB NYC|USD|4999", "54.10 USD at 1.0823, the rate of 2026-03-06")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses WHERE merchant = 'Café de Flore'"), "2", "Windows-1252 decoded")
        // camt.053 .001.08 into a franc report, the bank's OFX 2 into a dollar one.
        try app.ok("report", "new", "Zürich", "--currency", "CHF")
        try app.ok("report", "new", "Seattle", "--currency", "USD")
        let v8 = try fixture("camt053-001-08.xml")
        let bank = try fixture("bank-ofx220.ofx")
        XCTAssertEqual(
            summary(try app.ok("import", v8, "--report", "2")),
            "Imported \(v8) as batch 5: 2 new, 0 duplicate, 0 invalid; 1 pending entry not imported (not booked yet)\n")
        XCTAssertEqual(
            summary(try app.ok("import", bank, "--report", "3")),
            "Imported \(bank) as batch 6: 3 new, 0 duplicate, 0 invalid" + Self.bankCredit + "\n")
        XCTAssertEqual(
            try app.query("SELECT id, item_count, total_minor FROM reports ORDER BY id"),
            """
            1|6|73869
            2|2|7330
            3|3|42015
            """, "the card's credit is a refund; the bank's payroll and the hotel's credit to the account are not imported")
    }

    func testAnIntradayReportADebitNotificationAndAnASCIIOFXImportOnceEach() throws {
        let report = try fixture("camt052-001-08.xml")
        let notification = try fixture("camt054-001-02.xml")
        let card = try fixture("card-ofx211-ascii.ofx")
        XCTAssertEqual(
            unnumbered(try app.ok("import", report)),
            "Imported \(report): 2 new, 0 duplicate, 0 invalid; 1 pending entry not imported (not booked yet)" + Self.bankCredit + "\n")
        XCTAssertEqual(
            unnumbered(try app.ok("import", notification)),
            "Imported \(notification): 2 new, 0 duplicate, 0 invalid; 1 pending entry not imported (not booked yet)\n")
        XCTAssertEqual(unnumbered(try app.ok("import", card)), "Imported \(card): 2 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(
            try app.query(columns),
            """
            2026-04-07|other|Brauhaus & Küche|Kartenzahlung <Girocard>|3890|EUR|052-20260407-0001
            2026-04-07|other|Parkhaus Hauptbahnhof||1200|EUR|052-20260407-0002
            2026-04-09|other|Café du Théâtre|Lunch Kunde Meier|2750|CHF|054-0409-1
            2026-04-09|other|SBB CFF FFS||14500|CHF|
            2026-04-02|other|CAFÉ ROUGE NEW YORK||1875|USD|320260402000188
            2026-04-03|other|MARRIOTT BOSTON|AT&T BUILDING|24900|USD|320260403000077
            """)
        // All three again, in one import: nothing new, the entry without a reference found by its content.
        XCTAssertEqual(
            summary(try app.ok("import", report, notification, card)).split(separator: "\n").last,
            "Imported 3 files: 0 new, 6 duplicate, 0 invalid")
        XCTAssertEqual(try count(), 6)
    }

    func testAFITIDReusedForAnotherAmountIsImportedWithAWarningAndOnceOnly() throws {
        let ofx = try write(
            """
            OFXHEADER:100
            DATA:OFXSGML
            CHARSET:1252

            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>EUR
            <BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-18.00<FITID>0310<NAME>Taxi Berlin</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-18.00<FITID>0310<NAME>Taxi Berlin</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-42.60<FITID>0310<NAME>Hotel Adlon</STMTTRN>
            </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>

            """, to: "card.ofx")
        let warning =
            "expenses: warning: \(ofx):9: FITID '0310' repeats with another amount than at line 7; "
            + "taken as another transaction, '0310#2'\n"
        let first = try app.run("import", ofx)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, warning)
        XCTAssertEqual(unnumbered(first.stdout), "Imported \(ofx): 2 new, 1 duplicate, 0 invalid\n", "the same FITID and content is one")
        XCTAssertEqual(
            try app.query("SELECT merchant, amount_minor, external_id FROM expenses ORDER BY id"),
            """
            Taxi Berlin|1800|0310
            Hotel Adlon|4260|0310#2
            """)
        let again = try app.run("import", ofx)
        XCTAssertEqual(again.stderr, warning)
        XCTAssertEqual(unnumbered(again.stdout), "Imported \(ofx): 0 new, 3 duplicate, 0 invalid\n")
    }

    /// A card statement in OFX 1.x SGML whose transactions are `(date, amount, FITID, payee)`,
    /// the first at line 7.
    private func cardOFX(_ transactions: [(String, String, String, String)], to name: String) throws -> String {
        try write(
            """
            OFXHEADER:100
            DATA:OFXSGML
            CHARSET:1252

            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>EUR
            <BANKTRANLIST>

            """
                + transactions.map { "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\($0.0)<TRNAMT>-\($0.1)<FITID>\($0.2)<NAME>\($0.3)</STMTTRN>\n" }
                .joined()
                + "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n", to: name)
    }

    func testAFITIDImportedEarlierThatComesAgainWithAnotherAmountOrDateIsSaidNotDroppedSilently() throws {
        let march = try cardOFX(
            [("20260310", "18.00", "0310", "Taxi Berlin"), ("20260311", "5.00", "0311", "Kiosk"), ("20260312", "9.90", "0312", "Bakery")],
            to: "march.ofx")
        let first = try app.run("import", march)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        // The next download: 0310 with another amount, 0311 on another day, 0312 the same, 0313 new.
        let april = try cardOFX(
            [
                ("20260310", "21.00", "0310", "Taxi Berlin"), ("20260312", "5.00", "0311", "Kiosk"), ("20260312", "9.90", "0312", "Bakery"),
                ("20260401", "3.20", "0313", "Kiosk"),
            ], to: "april.ofx")
        let warnings =
            "expenses: warning: \(april):7: FITID '0310' was imported before with 18.00 EUR on 2026-03-10 (expense 1, \(march):7); "
            + "here it has 21.00 EUR on 2026-03-10: not imported again, as the bank means one transaction by it\n"
            + "hint: if the bank corrected it, correct expense 1; if it is another transaction, add it by hand\n"
            + "expenses: warning: \(april):8: FITID '0311' was imported before with 5.00 EUR on 2026-03-11 (expense 2, \(march):8); "
            + "here it has 5.00 EUR on 2026-03-12: not imported again, as the bank means one transaction by it\n"
            + "hint: if the bank corrected it, correct expense 2; if it is another transaction, add it by hand\n"
        let second = try app.run("import", april)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stderr, warnings)
        XCTAssertEqual(unnumbered(second.stdout), "Imported \(april): 1 new, 3 duplicate, 0 invalid\n")
        XCTAssertEqual(
            try app.query("SELECT date, amount_minor, external_id FROM expenses ORDER BY id"),
            """
            2026-03-10|1800|0310
            2026-03-11|500|0311
            2026-03-12|990|0312
            2026-04-01|320|0313
            """, "the stored transactions as they were")
        // Told again each time, in a dry run too; the same statement again says nothing.
        let dry = try app.run("import", april, "--dry-run")
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stderr.hasPrefix(warnings), dry.stderr)
        XCTAssertEqual(try app.run("import", march).stderr, "")
    }

    /// What the summary says of a bank account's credit it skipped.
    private static let bankCredit =
        "; 1 bank credit skipped (money in, such as salary, a reimbursement or an advance, is no refund; "
        + "to import it as one, give --rules FILE saying 'credits refund')"

    func testABankAccountsCreditsAreSkippedAndCountedUnlessTheRulesSayRefund() throws {
        let bank = try fixture("bank-ofx220.ofx")
        let dryRun = try app.run("import", bank, "--dry-run")
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(
            dryRun.stdout.hasSuffix("Dry run: 3 new, 0 duplicate, 0 invalid" + Self.bankCredit + "; nothing was written.\n"), dryRun.stdout)
        let json = try app.object("import", bank, "--dry-run", "--format", "json")
        XCTAssertEqual(json["bankCreditsSkipped"] as? Int, 1)
        XCTAssertEqual(unnumbered(try app.ok("import", bank)), "Imported \(bank): 3 new, 0 duplicate, 0 invalid" + Self.bankCredit + "\n")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses WHERE amount_minor < 0"), "0", "the payroll is no refund")
        let refunds = try write("credits refund\n", to: "refunds.rules")
        XCTAssertEqual(unnumbered(try app.ok("import", bank, "--rules", refunds)), "Imported \(bank): 1 new, 3 duplicate, 0 invalid\n")
        XCTAssertEqual(try app.query("SELECT merchant, amount_minor FROM expenses WHERE amount_minor < 0"), "PAYROLL ACME CORP|-250000")
    }

    func testACamtAmountWithAMinusSignIsAnInvalidRowAtItsLine() throws {
        let text = try String(contentsOfFile: try fixture("camt053-001-02.xml"), encoding: .utf8)
            .replacingOccurrences(of: "<Amt Ccy=\"EUR\">89.90</Amt>", with: "<Amt Ccy=\"EUR\">-89.90</Amt>")
        let camt = try write(text, to: "signed.xml")
        let atomic = try app.run("import", camt)
        XCTAssertEqual(atomic.status, 65)
        XCTAssertTrue(
            atomic.stderr.hasPrefix(
                "\(camt):59: amount: '-89.90' has a minus sign that camt.053 forbids (<CdtDbtInd> says money in or out)\n"),
            atomic.stderr)
        XCTAssertEqual(try count(), 0)
        let rejects = app.path("rejects.csv")
        XCTAssertEqual(try app.run("import", camt, "--skip-invalid", "--rejects", rejects).status, 0)
        XCTAssertEqual(
            try String(contentsOfFile: rejects, encoding: .utf8),
            """
            date,amount,currency,merchant,description,external-id,type,reason
            2026-03-05,-89.90,EUR,DB Fernverkehr AG,Online-Ticket Frankfurt - Berlin,2026030500004411,DBIT,\(camt):59: amount: '-89.90' has a minus sign that camt.053 forbids (<CdtDbtInd> says money in or out)

            """)
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses"), "Hotel Astoria Walldorf")
    }

    func testARulesFileSaysWhatToDoWithTheEntries() throws {
        let rules = try write(
            """
            # For the bank's OFX: no columns, only what to do with the entries.
            credits skip
            default category meals
            if merchant matches marriott then category lodging
            if merchant matches ^ATM then skip

            """, to: "bank.rules")
        let bank = try fixture("bank-ofx220.ofx")
        let dryRun = try app.run("import", bank, "--rules", rules, "--dry-run", "--format", "csv")
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertEqual(
            dryRun.stdout.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false)[2] },
            ["status", "new", "new", "skipped", "skipped"])
        // (A dry run's batch number is taken on a team database, whose sequences do not roll back.)
        XCTAssertEqual(
            unnumbered(try app.ok("import", bank, "--rules", rules)), "Imported \(bank): 2 new, 0 duplicate, 0 invalid, 2 skipped\n")
        XCTAssertEqual(
            try app.query("SELECT category, merchant, amount_minor FROM expenses ORDER BY id"),
            """
            meals|STARBUCKS STORE 0412|4215
            lodging|MARRIOTT SEATTLE|31800
            """)
        let mapping = try write("credits skip\nmerchant = NAME\n", to: "csv.rules")
        let refused = try app.run("import", bank, "--rules", mapping)
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(
            refused.stderr,
            """
            expenses: error: \(mapping):2: 'merchant' is for a CSV statement; an OFX statement names its fields itself
            hint: rules for OFX give only 'credits', 'default category', 'default paid-by' and 'if ... then ...'

            """)
        let csv = try fixture("amex.csv")
        let noRules = try app.run("import", csv)
        XCTAssertEqual(noRules.status, 64, noRules.stderr)
        XCTAssertTrue(noRules.stderr.contains("\(csv) is a CSV statement: reading it needs a rules file"), noRules.stderr)
    }

    func testAnInvalidEntryWritesNothingOrGoesToTheRejectsFile() throws {
        let text = try String(contentsOfFile: try fixture("camt053-001-02.xml"), encoding: .utf8)
            .replacingOccurrences(of: "<DtTm>2026-03-05T23:40", with: "<DtTm>2026-02-30T23:40")
        let camt = try write(text, to: "bad.xml")
        let atomic = try app.run("import", camt)
        XCTAssertEqual(atomic.status, 65)
        XCTAssertEqual(
            atomic.stderr,
            """
            \(camt):59: date: '2026-02-30' is not a day of the calendar
            expenses: error: 1 invalid row in \(camt); nothing was imported
            hint: fix it and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

            """)
        XCTAssertEqual(try count(), 0)
        let rejects = app.path("rejects.csv")
        let skipped = try app.run("import", camt, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(
            unnumbered(skipped.stdout),
            "Imported \(camt): 1 new, 0 duplicate, 1 invalid; 1 pending entry not imported (not booked yet)" + Self.bankCredit
                + "; invalid rows written to \(rejects)\n")
        XCTAssertEqual(
            try String(contentsOfFile: rejects, encoding: .utf8),
            """
            date,amount,currency,merchant,description,external-id,type,reason
            2026-02-30,89.90,EUR,DB Fernverkehr AG,Online-Ticket Frankfurt - Berlin,2026030500004411,DBIT,\(camt):59: date: '2026-02-30' is not a day of the calendar

            """)
    }

    func testHostileFilesAreBadDataAtALineNeverACrash() throws {
        let fixture = try Data(contentsOf: Self.fixtures.appendingPathComponent("card-ofx102.ofx"))
        let truncated = app.path("truncated.ofx")
        try fixture.prefix(700).write(to: URL(fileURLWithPath: truncated))
        let cases: [(String, String, String)] = [
            (truncated, ":47: ", "the file ends inside the tag <DTPO>"),
            (
                try write(
                    "<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">"
                        + String(repeating: "<a>", count: 200_000), to: "deep.xml"), ":1: ", "elements nested deeper than 64 levels"
            ),
            (
                try write("<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x \"xx\">]><d/>", to: "dtd.xml"), ":1: ",
                "neither a camt.052, camt.053 or camt.054 message nor OFX"
            ),
            (
                try write("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<!DOCTYPE d>", to: "dtd2.xml"), ":2: ",
                "a document type declaration (<!DOCTYPE ...>) is not read in a statement"
            ),
        ]
        for (path, location, message) in cases {
            let result = try app.run("import", path)
            XCTAssertEqual(result.status, 65, "\(path): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("expenses: error: \(path)\(location)"), result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertTrue(result.stderr.contains("\nhint: "), result.stderr)
        }
        XCTAssertEqual(try count(), 0)
    }
}
