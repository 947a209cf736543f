import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 30 as a new user meets it, with the built binary: a week's receipts and the card export
/// end as one expense per payment, each with its receipt, in either order, with photos captured
/// alone, photos made into expenses (`--create --yes`, as takePhoto does at a terminal), a ride's
/// HTML e-mail piped in by a mail filter and a rail invoice's PDF in a Maildir; and `report check`
/// finds no duplicate. On a file and on a team database.
final class ReceiptWeekTests: EngineTestCase {
    var app: ExpensesProcess!

    /// The card export of the week: one line per payment, posted 0-2 days after it.
    private let statement = """
        Date,Description,Amount
        2026-03-07,HOTEL ASTORIA WALLDORF,1234.56
        2026-03-03,EUROSTAR RAIL SERVICES,129.00
        2026-03-05,BRASSERIE DU MARCHE PARIS,53.00
        2026-03-08,FUNK TAXI BERLIN,36.00
        2026-03-10,KIOSK AM STACHUS MUENCHEN,7.40
        2026-03-05,DB FERNVERKEHR AG,45.00
        2026-03-09,TAXI BERLIN,31.50

        """
    private let rules = """
        date-format %Y-%m-%d
        date = Date
        amount = Amount
        merchant = Description
        default currency EUR
        default category other
        default paid-by company

        """
    /// The photos, and which were made into expenses as they were taken.
    private let photos: [(file: String, create: Bool)] = [
        ("hotel-walldorf-de.jpg", true), ("rail-paris-fr.jpg", false), ("restaurant-paris-fr.jpg", true),
        ("taxi-berlin-de.png", false), ("kiosk-munich-de.jpg", false),
    ]

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try ExpensesProcess()
        try app.ok("report", "new", "Europe week", "--from", "2026-03-01", "--to", "2026-03-10", "--currency", "EUR")
        try statement.write(toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
    }

    override func tearDown() { app = nil }

    /// The e-mails of the week: a ride receipt as the message itself, piped in as a mail filter
    /// does, and a rail invoice's PDF, delivered to a Maildir.
    private func captureEmails() throws {
        let ride = try app.run(
            ["receipt", "capture", "-"], stdinBytes: MailSamples.html(merchant: "Taxi Berlin", total: "31,50", day: "08.03.2026"))
        XCTAssertEqual(ride.status, 0, ride.stderr)
        let maildir = app.path("Mail")
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        let invoice = MailSamples.pdf(["DB Fernverkehr AG", "Rechnung vom 04.03.2026", "MwSt 19 % 7,18", "Gesamtbetrag 45,00 EUR"])
        try MailSamples.withAttachment(invoice, filename: "rechnung.pdf", subject: "Ihre Rechnung")
            .write(to: URL(fileURLWithPath: maildir + "/new/1741100000.1.host"))
        let taken = try app.run("receipt", "capture", "--maildir", maildir)
        XCTAssertEqual(taken.status, 0, taken.stderr)
    }

    private func capture(_ photo: (file: String, create: Bool)) throws -> String {
        let result = try app.run(
            ["receipt", "capture", ReceiptSamples.path(photo.file)] + (photo.create ? ["--create", "--report", "1", "--yes"] : []))
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    private func importCard() throws -> String {
        try app.ok("import", app.path("card.csv"), "--rules", app.path("card.rules"), "--report", "1")
    }

    /// Every card line, once, with exactly its own receipt; no other item; no duplicate finding.
    private func assertOneExpensePerPayment(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(
            try app.query("SELECT count(*) || ' ' || count(DISTINCT merchant) FROM expenses"), "7 7",
            "one item per payment", file: file, line: line)
        XCTAssertEqual(
            try app.query(
                """
                SELECT count(*) FROM expenses e WHERE e.import_batch_id IS NOT NULL
                  AND (SELECT count(*) FROM expense_receipts l WHERE l.expense_id = e.id) = 1
                """), "7", "each card line with its receipt", file: file, line: line)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "7", file: file, line: line)
        let check = try app.run("report", "check", "1")
        XCTAssertFalse(check.stdout.contains("duplicate"), check.stdout, file: file, line: line)
        XCTAssertFalse(check.stdout.contains("missing-receipt"), check.stdout, file: file, line: line)
    }

    func testReceiptsFirstThenTheCardExport() throws {
        for photo in photos { _ = try capture(photo) }
        try captureEmails()
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "2", "two photos were made into expenses")
        let imported = try importCard()
        XCTAssertTrue(imported.contains("7 new"), imported)
        XCTAssertTrue(imported.contains("; 5 receipts captured before attached to their lines"), imported)
        XCTAssertTrue(imported.contains("; 2 expenses made from a receipt merged into their card lines"), imported)
        try assertOneExpensePerPayment()
        // The merged lines keep what the person said of them (the category), and say so in the log.
        XCTAssertEqual(try app.query("SELECT category FROM expenses WHERE merchant = 'HOTEL ASTORIA WALLDORF'"), "lodging")
        XCTAssertTrue(try app.ok("report", "history", "1").contains("made from it before the card line came, merged into it"))
    }

    func testTheCardExportFirstThenTheReceipts() throws {
        _ = try importCard()
        for photo in photos {
            let said = try capture(photo)
            XCTAssertTrue(said.contains("Attached to expense "), "\(photo.file): \(said)")
            XCTAssertFalse(said.contains("Created expense"), "\(photo.file): \(said)")
        }
        try captureEmails()
        try assertOneExpensePerPayment()
    }
}
