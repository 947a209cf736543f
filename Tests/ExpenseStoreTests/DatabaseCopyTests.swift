import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// `DatabaseCopy` between SQLite files: every table and column known, the rows and the receipt
/// files exact, a second copy adding nothing, counters moved, triggers back, and every refusal
/// leaving the target as it was. (A team database as source and target: `TeamCopyTests`.)
final class DatabaseCopyTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(because: "copies between SQLite files; into and out of a team database: TeamCopyTests")
    }

    private let eur = CurrencyTable.standard.currency("EUR")!
    private let now = { "2026-03-10T09:00:00Z" }

    // MARK: - The schema

    /// A migration that adds a table or a column fails this until the copy knows what to do with it.
    func testEveryTableAndColumnOfTheSchemaIsCopiedOrDeliberatelyNot() throws {
        let store = try Store(path: path(), now: now)
        let tables = try store.db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { $0.string(0) }
        let copied = Dictionary(uniqueKeysWithValues: CopiedTable.all.map { ($0.name, $0) })
        for table in tables where CopiedTable.notCopied[table] == nil && table != CopiedTable.auditHead {
            guard let spec = copied[table] else {
                XCTFail("table \(table) is neither copied (CopiedTable.all) nor listed in CopiedTable.notCopied")
                continue
            }
            let columns = try store.db.query("SELECT name, type FROM pragma_table_info(\(table)) ORDER BY cid" as SQL) {
                "\($0.string(0)) \($0.string(1))"
            }
            XCTAssertEqual(spec.columns.map { "\($0.name) \($0.kind == .integer ? "INTEGER" : "TEXT")" }, columns, table)
            let key = try store.db.query("SELECT name FROM pragma_table_info(\(table)) WHERE pk > 0 ORDER BY pk" as SQL) { $0.string(0) }
            XCTAssertEqual(spec.key, key, "key of \(table)")
        }
        for name in CopiedTable.notCopied.keys where name != "receipt_contents" {
            XCTAssertTrue(tables.contains(name), "\(name) is listed as not copied but is no table")
        }
        // The server's owner columns are the ones the copy fills.
        let owned = Set(CopiedTable.all.filter { $0.owner != .none }.map { "\($0.name).owner" })
        let serverOnly = Set(PostgresSchema.differences.keys.filter { $0.hasSuffix(".owner") })
        XCTAssertEqual(serverOnly.subtracting(owned), ["open_sessions.owner", "shortcut_launches.owner"])
        XCTAssertEqual(owned.subtracting(serverOnly), [])
    }

    // MARK: - File to file

    /// ana's file: report 1 reimbursed, report 2 deleted (its id stays used), report 3 a draft
    /// with a receipt, an unassigned item, a policy setting and an acknowledgement.
    private func anasFile(_ name: String = "ana.sqlite") throws -> Store {
        let store = try Store(path: path(name), now: now)
        let amount = Money(minorUnits: 4120, currency: eur)
        let conversion = Expense.Conversion(rate: .one, source: .same, converted: amount)
        let day = CalendarDate(year: 2026, month: 3, day: 2)!
        try store.write {
            let first = try store.insertReport(Report(id: 0, title: "Walldorf", currency: eur, owner: "ana"))
            _ = try store.insertExpense(Expense(reportID: first.id, date: day, category: "taxi", amount: amount, conversion: conversion))
            try store.acknowledge("missing-receipt:1", of: first.id, by: "ana", reason: "the driver had no printer")
            try store.apply(.submit, to: first.id, by: "ana")
            try store.apply(.approve, to: first.id, by: "ben")
            try store.apply(.reimburse, to: first.id, by: "ben", reason: "PAY-1")
            let deleted = try store.insertReport(Report(id: 0, title: "Cancelled", currency: eur, owner: "ana"))
            _ = try store.deleteReport(deleted.id, deletingItems: true)
            let draft = try store.insertReport(Report(id: 0, title: "Berlin", currency: eur, owner: "ana"))
            let item = try store.insertExpense(
                Expense(
                    reportID: draft.id, date: day, category: "meals", amount: amount,
                    conversion: conversion))
            _ = try store.insertExpense(Expense(date: day, category: "meals", amount: amount))
            // Issue 29's rows: a journey, nights, an advance and a rate of its own.
            let journey = Journey(distance: try Distance(tenths: 1_234), vehicle: .car, from: "Munich", to: "Stuttgart")
            let driven = try store.mileageAmount(journey, on: day)
            _ = try store.insertExpense(
                Expense(
                    reportID: draft.id, date: day, category: "mileage", amount: driven,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: driven), journey: journey))
            _ = try store.insertExpense(
                Expense(reportID: draft.id, date: day, category: "lodging", amount: amount, conversion: conversion, nights: 2))
            _ = try store.addAdvance(Advance(reportID: draft.id, date: day, amount: amount, conversion: conversion), by: "ana")
            try store.setMileageRate(
                MileageRate(vehicle: .motorcycle, validFrom: day, perKilometre: Money(minorUnits: 25, currency: eur)))
            try store.setSeverity(.blocking, of: .duplicate)
            let bytes = Array("a receipt's bytes".utf8)
            let hash = SHA256.hex(bytes)
            try store.requireReceiptVault().store(bytes, hash: hash)
            let receipt = try store.insertReceipt(
                Receipt(
                    sha256: hash, mediaType: .png, size: Int64(bytes.count), source: .file,
                    capturedAt: "2026-03-02T10:00:00Z"))
            _ = try store.attach(receipt: receipt.id, to: item.id, by: .tester)
        }
        return store
    }

    /// Each copied table's rows in key order, and the counters, as text.
    private func rows(_ store: Store) throws -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for table in CopiedTable.all + [CopiedTable("report_events_head", [], key: ["singleton"])] {
            let all = SQL(verbatim: "SELECT * FROM \(table.name) ORDER BY \(table.key.joined(separator: ", "))")
            rows[table.name] = try store.db.query(all) { row in
                (0..<row.columnCount).map { row.isNull($0) ? "NULL" : row.string($0) }.joined(separator: "|")
            }
        }
        rows["sqlite_sequence"] = try store.db.query("SELECT name, seq FROM sqlite_sequence ORDER BY name") {
            "\($0.string(0))=\($0.int64(1))"
        }
        return rows
    }

    func testAFileIsCopiedExactlyAndASecondCopyAddsNothing() throws {
        let source = try anasFile()
        let outcome = try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now)
        XCTAssertTrue(outcome.createdTarget)
        XCTAssertEqual(outcome.tables.first { $0.name == "reports" }, tally("reports", copied: 2, rows: 2))
        XCTAssertEqual(outcome.tables.first { $0.name == "report_events" }, tally("report_events", copied: 6, rows: 6))
        XCTAssertEqual(outcome.receiptFiles, tally("receipt files", copied: 1, rows: 1))
        XCTAssertEqual(outcome.receiptBytesCopied, 17)

        let target = try Store(path: path("copy.sqlite"), now: now)
        XCTAssertEqual(try rows(target), try rows(source))
        XCTAssertEqual(try Schema.damagedTriggers(target.db), [], "the file's triggers are back, as they were")
        XCTAssertNil(target.triggerRepair)
        XCTAssertEqual(try target.verifyAuditLog(), 6)
        XCTAssertEqual(target.receiptVault?.check(try source.receipt(1).sha256), .ok)
        // The deleted report's id is not given again: the audit log outlives a deleted draft.
        let next = try target.write { try target.insertReport(Report(id: 0, title: "Next", currency: eur, owner: "ana")) }
        XCTAssertEqual(next.id, 4)

        let source2 = try Store(path: path("ana.sqlite"), now: now)
        let again = try DatabaseCopy.copy(from: source2, to: .file(path("mirror.sqlite")), owner: nil, now: now)
        let twice = try DatabaseCopy.copy(from: source2, to: .file(path("mirror.sqlite")), owner: nil, now: now)
        XCTAssertFalse(again.copiedNothing)
        XCTAssertTrue(twice.copiedNothing)
        XCTAssertFalse(twice.createdTarget)
        XCTAssertEqual(twice.tables.first { $0.name == "expenses" }, tally("expenses", present: 5, rows: 5))
        XCTAssertEqual(twice.receiptFiles, tally("receipt files", present: 1, rows: 1))
    }

    /// New rows since the last copy are added and the rest is left alone; a row that changed since
    /// (a report that moved on) is a conflict, as any other content under a copied key.
    func testACopyAfterMoreWorkAddsTheNewRowsButNotChangedOnes() throws {
        let source = try anasFile()
        _ = try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now)
        try source.write {
            _ = try source.insertExpense(
                Expense(
                    date: CalendarDate(year: 2026, month: 3, day: 9)!, category: "taxi",
                    amount: Money(minorUnits: 990, currency: eur)))
            try source.setSeverity(.warning, of: .outsideTrip)
        }
        let outcome = try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now)
        XCTAssertEqual(outcome.tables.first { $0.name == "expenses" }, tally("expenses", copied: 1, present: 5, rows: 6))
        XCTAssertEqual(outcome.tables.first { $0.name == "policy_rules" }, tally("policy_rules", copied: 1, present: 1, rows: 2))
        XCTAssertEqual(outcome.tables.first { $0.name == "report_events_head" }, tally("report_events_head", present: 1, rows: 1))
        XCTAssertEqual(outcome.tables.reduce(0) { $0 + $1.copied }, 2)

        _ = try source.write { try source.apply(.submit, to: 3, by: "ana") }
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "reports 3 is already in \(path("copy.sqlite")) with other content (status")
        XCTAssertEqual(try Store(path: path("copy.sqlite"), now: now).report(3).status, .draft)
    }

    func testARowWithTheSameKeyAndOtherContentIsRefusedAndNothingIsCopied() throws {
        let source = try anasFile()
        let other = try Store(path: path("other.sqlite"), now: now)
        _ = try other.write { try other.insertReport(Report(id: 0, title: "Someone else's", currency: eur, owner: "cleo")) }
        let before = try rows(other)
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("other.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "reports 1 is already in \(path("other.sqlite")) with other content (title, status, owner")
        XCTAssertEqual(try rows(other), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("other.receipts")), "no receipt file was left behind")
    }

    func testATargetWithRowsTheSourceLacksIsNotACopyOfIt() throws {
        let source = try anasFile()
        _ = try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now)
        let target = try Store(path: path("copy.sqlite"), now: now)
        try target.write { try target.setSeverity(.off, of: .missingReceipt) }
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "the copy of policy_rules does not match: \(path("ana.sqlite")) has 1 row, "
                + "\(path("copy.sqlite")) would hold 2 rows (it holds rows")
    }

    func testABrokenSourceChainOrAForeignValueIsRefusedAndTheNewFileRemoved() throws {
        _ = try anasFile()
        let other = try openDatabase("ana.sqlite")
        try other.execute("DROP TRIGGER report_events_append_only_update")
        try other.execute("UPDATE report_events SET reason = 'PAY-2' WHERE id = 3")
        let source = try Store(path: path("ana.sqlite"), now: now)
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "the audit log of \(path("ana.sqlite")) is broken")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("copy.sqlite")))

        _ = try anasFile("typed.sqlite")
        try openDatabase("typed.sqlite").execute("UPDATE expenses SET amount_minor = 'lots' WHERE id = 3")
        let typed = try Store(path: path("typed.sqlite"), now: now)
        assertExpenseError(
            try DatabaseCopy.copy(from: typed, to: .file(path("copy.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "expenses 3 in \(path("typed.sqlite")) holds a value of another type than an integer in amount_minor")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("copy.sqlite")))
    }

    func testADamagedReceiptFileStopsTheCopyAndLeavesNothingBehind() throws {
        let source = try anasFile()
        let receipt = try source.receipt(1)
        let file = try XCTUnwrap(source.receiptVault?.path(of: receipt.sha256))
        chmod(file, 0o600)
        try Data("other bytes".utf8).write(to: URL(fileURLWithPath: file))
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("copy.sqlite")), owner: nil, now: now), kind: .invalidData,
            messageContains: "the bytes of receipt \(receipt.sha256.prefix(12)) in \(path("ana.sqlite")) are damaged")
        for name in ["copy.sqlite", "copy.sqlite-wal", "copy.receipts"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(name)), name)
        }
    }

    func testTheTargetIsNeverTheSourceALinkOrAnotherFile() throws {
        let source = try anasFile()
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("ana.sqlite")), owner: nil, now: now), kind: .usage,
            messageContains: "onto itself")
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("ana.sqlite-wal")), owner: nil, now: now), kind: .cannotCreate,
            messageContains: "write-ahead log")
        try FileManager.default.createSymbolicLink(atPath: path("link.sqlite"), withDestinationPath: path("ana.sqlite"))
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("link.sqlite")), owner: nil, now: now), kind: .usage,
            messageContains: "onto itself")
        try FileManager.default.createSymbolicLink(atPath: path("elsewhere.sqlite"), withDestinationPath: path("nothing-yet.sqlite"))
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("elsewhere.sqlite")), owner: nil, now: now), kind: .cannotCreate,
            messageContains: "symbolic link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nothing-yet.sqlite")))
        try FileManager.default.createDirectory(atPath: path("vaulted.receipts-elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: path("vaulted.receipts"), withDestinationPath: path("vaulted.receipts-elsewhere"))
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(path("vaulted.sqlite")), owner: nil, now: now), kind: .cannotCreate,
            messageContains: "its receipt vault \(path("vaulted.receipts")) is a symbolic link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("vaulted.sqlite")))
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(directory.path), owner: nil, now: now), kind: .cannotCreate,
            messageContains: "a directory")
        assertExpenseError(
            try DatabaseCopy.copy(from: source, to: .file(":memory:"), owner: nil, now: now), kind: .usage,
            messageContains: "needs a file")
        // An empty file is a new database, as everywhere in expenses.
        XCTAssertTrue(FileManager.default.createFile(atPath: path("empty.sqlite"), contents: nil))
        XCTAssertFalse(try DatabaseCopy.copy(from: source, to: .file(path("empty.sqlite")), owner: nil, now: now).copiedNothing)
    }

    private func tally(_ name: String, copied: Int = 0, present: Int = 0, rows: Int) -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally(name)
        tally.copied = copied
        tally.present = present
        tally.rows = rows
        return tally
    }
}
