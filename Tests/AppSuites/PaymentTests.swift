import ExpenseTestSupport
import Foundation
import XCTest

/// Paying what is approved (issue 41): where each person is paid (`payee`, `company`), one SEPA
/// credit transfer file for the approved reports (`pay`), checked by ISO 20022's own XSD with
/// xmllint, and the payment run it records (`pay confirm|cancel|list|show`). Run in process and
/// as the binary, on a file and on a team database.
final class PaymentTests: EngineTestCase {
    var app: App!

    static let alices = "DE89 3704 0044 0532 0130 00"
    static let carols = "GB82WEST12345698765432"

    override func setUpWithError() throws {
        app = try App()
        // Receipts are not what this suite is about: the trips go through without them.
        try app.ok("--user", "fiona", "policy", "set", "missing-receipt", "off")
        try app.ok("--user", "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")
    }

    override func tearDown() { app = nil }

    /// Submitted by its owner and approved by bob.
    private func approve(_ report: Int, owner: String) throws {
        try app.ok("--user", owner, "report", "submit", "\(report)")
        try app.ok("--user", "bob", "report", "approve", "\(report)")
    }

    /// What `report show` says is due to the traveller.
    private func due(_ report: Int) throws -> String {
        let show = try XCTUnwrap(try app.json("report", "show", "\(report)") as? [String: Any])
        let totals = try XCTUnwrap(show["totals"] as? [String: Any])
        return try XCTUnwrap((totals["dueToEmployee"] as? [String: Any])?["amount"] as? String)
    }

    /// Three approved trips of different shapes: advances larger than the spending, a hotel bill,
    /// per diems and mileage; report 4 in dollars.
    private func threeTrips() throws {
        try app.ok(
            "--user", "alice", "report", "new", "Advance larger than spent", "--from", "2026-03-02", "--to", "2026-03-03", "--country",
            "none")
        try app.ok("--user", "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "20", "--category", "taxi")
        try app.ok("--user", "alice", "report", "advance", "1", "--amount", "100", "--date", "2026-03-01")
        try approve(1, owner: "alice")
        try app.ok("--user", "alice", "report", "new", "Hotel Astoria", "--from", "2026-03-09", "--to", "2026-03-10", "--country", "none")
        try app.ok(
            "--user", "alice", "expense", "add", "--report", "2", "--date", "2026-03-09", "--amount", "412.80", "--category", "lodging",
            "--merchant", "Hotel Astoria")
        try approve(2, owner: "alice")
        let hostile = "Zoë \"<O'Brien & Søn>\" Ивано\u{0301}в \u{202E}evil"
        try app.ok(
            "--user", "carol", "report", "new", hostile + String(repeating: "x", count: 150), "--from", "2026-03-02T08:00", "--to",
            "2026-03-04T18:00", "--country", "DE")
        try app.ok(
            "--user", "carol", "expense", "add", "--report", "3", "--date", "2026-03-02", "--category", "mileage", "--distance", "100",
            "--vehicle", "car")
        try approve(3, owner: "carol")
        try app.ok(
            "--user", "alice", "report", "new", "Boston", "--from", "2026-03-02", "--to", "2026-03-03", "--currency", "USD", "--country",
            "none")
        try app.ok("--user", "alice", "expense", "add", "--report", "4", "--date", "2026-03-02", "--amount", "15", "--category", "taxi")
        try approve(4, owner: "alice")
        try app.ok("--user", "alice", "payee", "set", "--iban", Self.alices, "--name", "Alice Müller")
        try app.ok("--user", "carol", "payee", "set", "--iban", Self.carols, "--name", hostile)
    }

    func testThreeTripsGiveOnePain001ThatValidatesWithTheRightCountAndSum() throws {
        try threeTrips()
        let paid = try app.run("--user", "fiona", "pay", "--approved", "-o", "pay.xml", "--execution-date", "2026-03-12")
        XCTAssertEqual(paid.status, 0, paid.stderr)
        let hotel = try due(2)
        let trip = try due(3)
        XCTAssertEqual(hotel, "412.80")
        XCTAssertTrue(paid.stdout.hasPrefix("Payment run 1: 2 transfers, "), paid.stdout)
        XCTAssertTrue(paid.stdout.contains("report 1: owed by the traveller: 80.00 EUR back"), paid.stdout)
        XCTAssertTrue(paid.stdout.contains("report 4: in USD: a SEPA credit transfer pays euros only"), paid.stdout)
        try PaymentFileValidation.assertValid(app.path("pay.xml"), format: "pain.001.001.09")
        let xml = try String(contentsOfFile: app.path("pay.xml"), encoding: .utf8)
        let sum = String(format: "%.2f", (Double(hotel) ?? 0) + (Double(trip) ?? 0))
        XCTAssertEqual(xml.components(separatedBy: "<NbOfTxs>2</NbOfTxs>").count, 3, xml)
        XCTAssertEqual(xml.components(separatedBy: "<CtrlSum>\(sum)</CtrlSum>").count, 3, xml)
        XCTAssertTrue(xml.contains("<InstdAmt Ccy=\"EUR\">\(hotel)</InstdAmt>"), xml)
        XCTAssertTrue(xml.contains("<InstdAmt Ccy=\"EUR\">\(trip)</InstdAmt>"), xml)
        XCTAssertTrue(xml.contains("<EndToEndId>EXPENSES-REPORT-2</EndToEndId>"), xml)
        XCTAssertTrue(xml.contains("<Nm>Alice Mueller</Nm>"), xml)
        XCTAssertTrue(xml.contains("<Nm>Zoe '(O'Brien + Son)' Ivanov evil"), xml)
        XCTAssertTrue(xml.contains("<Ustrd>Expenses report 2: Hotel Astoria, 2026-03-09 to 2026-03-10</Ustrd>"), xml)
        XCTAssertTrue(xml.contains("<ReqdExctnDt><Dt>2026-03-12</Dt></ReqdExctnDt>"), xml)
        for part in xml.components(separatedBy: "<Ustrd>").dropFirst() {
            XCTAssertLessThanOrEqual(part.prefix { $0 != "<" }.count, 140, part)
        }
        // The run is recorded with what it paid, and the reports go into no other run.
        let runs = try XCTUnwrap(try app.json("--user", "fiona", "pay", "list") as? [[String: Any]])
        XCTAssertEqual(runs.first?["status"] as? String, "open")
        let again = try app.run("--user", "fiona", "pay", "--report", "2", "-o", "again.xml")
        XCTAssertEqual(again.status, 1, again.stderr)
        XCTAssertTrue(again.stderr.contains("report 2: in payment run 1 (open) already"), again.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("again.xml")))
    }

    func testTheEarlierVersionValidatesTooAndHostileNamesStayInTheSEPASet() throws {
        try threeTrips()
        try app.ok("--user", "fiona", "company", "set", "--name", "Bank & <Co>", "--iban", "DE02120300000000202051", "--bic", "BYLADEM1001")
        try app.ok(
            "--user", "fiona", "pay", "--report", "3", "-o", "old.xml", "--format", "pain.001.001.03", "--execution-date", "2026-03-12")
        try PaymentFileValidation.assertValid(app.path("old.xml"), format: "pain.001.001.03")
        let xml = try String(contentsOfFile: app.path("old.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains("<ReqdExctnDt>2026-03-12</ReqdExctnDt>"), xml)
        XCTAssertTrue(xml.contains("<DbtrAgt><FinInstnId><BIC>BYLADEM1001</BIC></FinInstnId></DbtrAgt>"), xml)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ".unicodeScalars)
        for element in ["Nm", "Ustrd"] {
            for part in xml.components(separatedBy: "<\(element)>").dropFirst() {
                let text = String(part.prefix { $0 != "<" }).replacingOccurrences(of: "&amp;", with: "")
                XCTAssertTrue(text.unicodeScalars.allSatisfy(allowed.contains), "\(element) '\(text)' leaves the SEPA set")
                XCTAssertFalse(text.contains("?"), text)
            }
        }
    }

    func testConfirmingReimbursesEachReportThroughTheWorkflowAndCancellingFreesThem() throws {
        try threeTrips()
        try app.ok("--user", "fiona", "pay", "--report", "2", "-o", "one.xml")
        XCTAssertEqual(
            try app.run("--user", "fiona", "pay", "confirm", "7").stderr,
            "expenses: error: unknown payment run 7\nhint: 'expenses pay list' shows the runs\n")
        try app.ok("--user", "fiona", "pay", "cancel", "1")
        let cancelled = try app.run("--user", "fiona", "pay", "confirm", "1")
        XCTAssertEqual(cancelled.status, 1)
        XCTAssertTrue(cancelled.stderr.contains("payment run 1 is cancelled; only an open run can be confirmed"), cancelled.stderr)
        try app.ok("--user", "fiona", "pay", "--report", "2", "--report", "3", "-o", "two.xml")
        XCTAssertEqual(try app.ok("--user", "fiona", "pay", "confirm", "2"), "Confirmed payment run 2: 2 reports reimbursed\n")
        let history = try XCTUnwrap(try app.json("report", "history", "2") as? [[String: String]])
        XCTAssertEqual(history.last?["action"], "reimburse")
        XCTAssertEqual(history.last?["actor"], "fiona")
        XCTAssertEqual(history.last?["reason"], "payment run 2")
        let shown = try XCTUnwrap(try app.json("--user", "fiona", "pay", "show", "2") as? [String: Any])
        XCTAssertEqual(shown["status"] as? String, "confirmed")
        XCTAssertEqual((shown["transfers"] as? [[String: Any]])?.count, 2)
        // Nobody pays their own report.
        try app.ok("--user", "alice", "report", "new", "Own", "--from", "2026-03-02", "--to", "2026-03-02")
        try app.ok("--user", "alice", "expense", "add", "--report", "5", "--date", "2026-03-02", "--amount", "9", "--category", "taxi")
        try approve(5, owner: "alice")
        let own = try app.run("--user", "alice", "pay", "--report", "5", "-o", "own.xml")
        XCTAssertEqual(own.status, 1)
        XCTAssertTrue(own.stderr.contains("report 5: your own report: someone else pays it"), own.stderr)
    }

    func testPayeesAreCheckedAndShownAndTheCompanyAccountIsNeeded() throws {
        let wrong = try app.run("--user", "alice", "payee", "set", "--iban", "DE89 3704 0044 0532 0130 01")
        XCTAssertEqual(wrong.status, 65)
        XCTAssertTrue(wrong.stderr.contains("fails its check digits (ISO 7064 mod 97)"), wrong.stderr)
        let short = try app.run("--user", "alice", "payee", "set", "--iban", "DE8937040044053201300\u{1B}[2J")
        XCTAssertEqual(short.status, 65)
        XCTAssertFalse(short.stderr.contains("\u{1B}"), short.stderr)
        try app.ok("--user", "alice", "payee", "set", "--iban", Self.alices)
        let shown = try XCTUnwrap(try app.json("--user", "alice", "payee", "show") as? [String: Any])
        XCTAssertEqual(shown["holder"] as? String, "Alice")
        XCTAssertEqual(shown["iban"] as? String, "DE89370400440532013000")
        try app.ok("--user", "alice", "payee", "set", "--iban", Self.carols)
        let changes = try XCTUnwrap((try app.json("--user", "alice", "payee", "show") as? [String: Any])?["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["new"] as? String }, ["DE89370400440532013000", Self.carols])
        XCTAssertEqual(changes.last?["old"] as? String, "DE89370400440532013000")
        XCTAssertTrue(try app.ok("--user", "fiona", "company", "show").contains("DE02 1203 0000 0000 2020 51"))
    }

    func testAPastExecutionDateIsRefusedAndAFailedPayWritesNothing() throws {
        try threeTrips()
        let past = try app.run("--user", "fiona", "pay", "--approved", "-o", "pay.xml", "--execution-date", "2026-03-09")
        XCTAssertEqual(past.status, 65)
        XCTAssertTrue(past.stderr.contains("the execution date 2026-03-09 is past"), past.stderr)
        let usage = try app.run("--user", "fiona", "pay", "-o", "pay.xml")
        XCTAssertEqual(usage.status, 64)
        try "keep".write(toFile: app.path("pay.xml"), atomically: true, encoding: .utf8)
        let exists = try app.run("--user", "fiona", "pay", "--approved", "-o", "pay.xml")
        XCTAssertEqual(exists.status, 73, exists.stderr)
        XCTAssertEqual(try String(contentsOfFile: app.path("pay.xml"), encoding: .utf8), "keep")
        XCTAssertEqual(try XCTUnwrap(try app.json("--user", "fiona", "pay", "list") as? [Any]).count, 0)
    }
}
