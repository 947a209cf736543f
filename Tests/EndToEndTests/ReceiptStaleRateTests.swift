import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 42: a receipt in Danish kroner and its card line in euros, with no ECB rate fresh
/// enough to convert the one into the other (the rates file stops at 2026-02-27, the taxi is of
/// 2026-03-11, and a rate may be 7 days old). Whichever comes first, the receipt stays unattached
/// and what is said names the missing rate, never a card line to come; once a fresh rate is
/// loaded, `receipt match` attaches it. Through the built binary, on a file and on a team database.
final class ReceiptStaleRateTests: EngineTestCase {
    var app: ExpensesProcess!

    /// The ride's receipt, an e-mail that is itself the receipt: 250.00 DKK, about 33.52 EUR.
    private let receipt = Data(
        """
        From: "Taxa Koebenhavn" <kvittering@taxa.example>
        Date: Wed, 11 Mar 2026 22:40:00 +0100
        Subject: Din kvittering fra Taxa

        Taxa Koebenhavn
        Koersel 11.03.2026
        Total 250,00 DKK

        """.utf8)
    private let missing = "no ECB rate for DKK within 7 days of 2026-03-11; latest 2026-02-27"

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try "Date,DKK,\n2026-02-27,7.4572,\n2026-02-26,7.4570,\n".write(
            toFile: app.path("eurofxref-hist.csv"), atomically: true, encoding: .utf8)
        try "Date,Description,Amount\n2026-03-11,TAXA KOBENHAVN,33.70\n".write(
            toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try "date = Date\namount = Amount\nmerchant = Description\ndefault currency EUR\ndefault category taxi\ndefault paid-by company\n"
            .write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
    }

    override func tearDown() { app = nil }

    private func capture() throws -> String {
        let result = try app.run(["receipt", "capture", "-"], stdinBytes: receipt)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    private func importCard() throws -> String {
        try app.ok("import", app.path("card.csv"), "--rules", app.path("card.rules"))
    }

    /// `receipt match` says the rate is missing; a fresh rate loaded, it attaches the receipt to its line.
    private func assertAttachedOnceARateIsFresh(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_receipts"), "0", file: file, line: line)
        XCTAssertEqual(
            try app.ok("receipt", "match"),
            """
            Left receipt 1 (Din kvittering fra Taxa.eml): not compared with your items in EUR: \(missing)
            Attached 0 receipts; 0 could be more than one expense, 1 matched none
            Load newer rates (expenses rates import eurofxref-hist.csv), then: expenses receipt match

            """, file: file, line: line)
        try "Date,DKK,\n2026-03-11,7.4580,\n".write(toFile: app.path("eurofxref-new.csv"), atomically: true, encoding: .utf8)
        try app.ok("rates", "import", app.path("eurofxref-new.csv"))
        let matched = try app.ok("receipt", "match")
        XCTAssertTrue(matched.contains("Attached receipt 1 (Din kvittering fra Taxa.eml) to expense 1"), matched, file: file, line: line)
    }

    func testTheStatementFirstThenTheReceiptSaysTheRateIsStale() throws {
        try app.ok("rates", "import", app.path("eurofxref-hist.csv"))
        _ = try importCard()
        let captured = try capture()
        XCTAssertTrue(
            captured.hasSuffix(
                "Kept unattached: not compared with your items in EUR: \(missing)\n"
                    + "Load newer rates (expenses rates import eurofxref-hist.csv), then: expenses receipt match; "
                    + "or attach it: expenses receipt attach 1 --expense ID\n"), captured)
        XCTAssertFalse(captured.contains("the card statement's line takes it"), captured)
        try assertAttachedOnceARateIsFresh()
    }

    func testTheReceiptFirstThenTheStatementSaysWhichReceiptWantsARate() throws {
        let captured = try capture()
        XCTAssertTrue(
            captured.contains("Kept unattached: not compared with your items in EUR: no ECB rate for DKK on or before 2026-03-11\n"),
            captured)
        try app.ok("rates", "import", app.path("eurofxref-hist.csv"))
        let imported = try importCard()
        XCTAssertTrue(
            imported.hasSuffix(
                "Receipt 1 (Din kvittering fra Taxa.eml) stayed unattached, not compared with the new lines in EUR: \(missing)\n"
                    + "Load newer rates (expenses rates import eurofxref-hist.csv), then: expenses receipt match\n"), imported)
        try assertAttachedOnceARateIsFresh()
    }

    func testTheCaptureAndTheImportSayItInJSON() throws {
        try app.ok("rates", "import", app.path("eurofxref-hist.csv"))
        let captured = try app.run(["receipt", "capture", "-", "--format", "json"], stdinBytes: receipt)
        XCTAssertEqual(captured.status, 0, captured.stderr)
        let capture = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((capture["match"] as? [String: Any])?["unconverted"] as? String, missing)
        let imported = try app.object("import", app.path("card.csv"), "--rules", app.path("card.rules"), "--format", "json")
        let unconverted = try XCTUnwrap(imported["receiptsWithoutRate"] as? [[String: Any]])
        XCTAssertEqual(unconverted.map { $0["receipt"] as? Int }, [1])
        XCTAssertEqual(unconverted.map { $0["reason"] as? String }, [missing])
    }
}
