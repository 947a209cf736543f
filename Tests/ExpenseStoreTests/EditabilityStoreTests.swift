import CSQLite
import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The store guarantees the domain's rule (`Report.requireEditable`): each write that changes a
/// report or its items refuses a report that is not a draft with the domain's error, checked in
/// its own transaction whatever its caller did, and writes nothing. (Without the store's check
/// the triggers would still refuse most of these, but as a bare SQLite error, and nothing at all
/// would refuse editing or deleting the report itself.)
final class EditabilityStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!
    private var report: Report!
    private var item: Expense!
    private var unassigned: Expense!
    private var receipt: Receipt!
    private var loose: Receipt!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try openStore(now: { "2026-03-10T09:00:00Z" })
        try store.write {
            report = try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana"))
            item = try store.insertExpense(expense(1250, in: report))
            unassigned = try store.insertExpense(expense(800, in: nil))
            receipt = try insertReceipt("attached")
            loose = try insertReceipt("loose")
            try store.attach(receipt: receipt.id, to: item.id, by: .tester)
            _ = try store.apply(.submit, to: report.id, by: "ana")
        }
    }

    /// The store the suite runs on: a file, or a team database (`ServerStore.engine`).
    private func openStore(now: @escaping () -> String) throws -> Store {
        ServerStore.isSelected ? try ServerStore.open(as: "ana", now: now) : try Store(path: path(), now: now)
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func expense(_ cents: Int64, in report: Report?) -> Expense {
        let amount = Money(minorUnits: cents, currency: eur)
        return Expense(
            reportID: report?.id, date: day, category: "meals", merchant: "Cafe", amount: amount,
            conversion: report.map { _ in Expense.Conversion(rate: .one, source: .same, converted: amount) })
    }

    /// A receipt of the bytes of `name`; on a team database its bytes are stored first, as the
    /// server names only stored bytes in a receipt's row.
    private func insertReceipt(_ name: String) throws -> Receipt {
        let bytes = Array(name.utf8)
        if ServerStore.isSelected { try store.receiptStorage?.store(bytes, hash: SHA256.hex(bytes)) }
        return try store.insertReceipt(
            Receipt(
                sha256: SHA256.hex(bytes), mediaType: .png, size: Int64(bytes.count), originalName: "\(name).png", source: .file,
                capturedAt: "2026-03-10T09:00:00Z"))
    }

    /// Every row a refused write could have touched.
    private func snapshot() throws -> String {
        var text = ""
        for sql in [
            "SELECT * FROM reports ORDER BY id", "SELECT * FROM expenses ORDER BY id",
            "SELECT * FROM expense_receipts ORDER BY expense_id, receipt_id", "SELECT * FROM import_batches ORDER BY id",
        ] {
            try store.db.forEachRow(sql) { row in
                text += (0..<row.columnCount).map { row.optionalString($0) ?? "NULL" }.joined(separator: "|") + "\n"
            }
            text += "--\n"
        }
        return text
    }

    /// Runs a write that must be refused with `message` (and the domain's code, which the app words
    /// as the recall hint) and change nothing.
    private func assertRefused<T>(
        _ write: @autoclosure () throws -> T, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try snapshot()
        let error = assertExpenseError(
            try write(), kind: .refused, messageContains: message,
            code: .reportNotEditable(id: report.id, status: "submitted"), file: file, line: line)
        XCTAssertEqual(error?.message, message, file: file, line: line)
        XCTAssertEqual(try snapshot(), before, "a refused write changed something", file: file, line: line)
    }

    func testInsertingAnItemIsRefused() throws {
        try assertRefused(try store.insertExpense(expense(500, in: report)), "report \(report.id) is submitted; cannot add items")
    }

    func testChangingAnItemIsRefused() throws {
        var changed = item!
        changed.merchant = "Somewhere else"
        try assertRefused(try store.updateExpense(changed), "report \(report.id) is submitted; cannot change its items")
    }

    func testMovingAnItemOutIsRefused() throws {
        var moved = item!
        moved.reportID = nil
        moved.conversion = nil
        try assertRefused(try store.updateExpense(moved), "report \(report.id) is submitted; cannot move its items")
    }

    func testMovingAnItemInIsRefused() throws {
        var moved = unassigned!
        moved.reportID = report.id
        moved.conversion = Expense.Conversion(rate: .one, source: .same, converted: moved.amount)
        try assertRefused(try store.updateExpense(moved), "report \(report.id) is submitted; cannot add items")
    }

    func testDeletingAnItemIsRefused() throws {
        try assertRefused(try store.deleteExpense(item.id), "report \(report.id) is submitted; cannot delete its items")
    }

    func testAttachingAReceiptIsRefused() throws {
        try assertRefused(
            try store.attach(receipt: loose.id, to: item.id, by: .tester),
            "expense \(item.id) is in report \(report.id), which is submitted; cannot attach receipts to it")
    }

    func testDetachingAReceiptIsRefused() throws {
        try assertRefused(
            try store.detach(receipt: receipt.id, from: item.id, by: .tester),
            "expense \(item.id) is in report \(report.id), which is submitted; cannot detach its receipts")
    }

    func testBeginningAnImportIntoItIsRefused() throws {
        try assertRefused(
            try store.write { try store.beginImportBatch(file: "s.csv", rules: "r", reportID: report.id) },
            "report \(report.id) is submitted; cannot import into it")
    }

    func testEditingTheReportIsRefused() throws {
        var edited = report!
        edited.title = "Another trip"
        try assertRefused(try store.updateReport(edited), "report \(report.id) is submitted; cannot edit it")
    }

    func testDeletingTheReportIsRefused() throws {
        let before = try snapshot()
        for deletingItems in [false, true] {
            let error = assertExpenseError(try store.deleteReport(report.id, deletingItems: deletingItems), kind: .refused)
            XCTAssertEqual(error?.message, "report \(report.id) is submitted; only a draft can be deleted")
        }
        XCTAssertEqual(try snapshot(), before)
    }

    /// The check reads the report as it is inside the write, not as the caller last saw it.
    func testTheCheckReadsTheStatusInsideTheWrite() throws {
        var stale = report!
        XCTAssertEqual(stale.status, .draft, "the value read before the submit")
        stale.title = "Renamed"
        assertExpenseError(try store.write { try store.updateReport(stale) }, kind: .refused, messageContains: "cannot edit it")
        XCTAssertEqual(try store.report(report.id).title, "Trip")
    }

    /// Once back in draft, every one of those writes goes through again.
    func testADraftTakesTheSameWrites() throws {
        _ = try store.write { try store.apply(.recall, to: report.id, by: "ana") }
        try store.detach(receipt: receipt.id, from: item.id, by: .tester)
        try store.attach(receipt: loose.id, to: item.id, by: .tester)
        var changed = item!
        changed.merchant = "Somewhere else"
        try store.updateExpense(changed)
        _ = try store.insertExpense(expense(500, in: report))
        try store.deleteExpense(item.id)
        var edited = try store.report(report.id)
        edited.title = "Another trip"
        try store.updateReport(edited)
        XCTAssertEqual(try store.deleteReport(report.id, deletingItems: true), 1)
    }

    /// Behind the store, the schema's triggers still refuse a hand-written change.
    func testTheTriggersStayAsTheLastLineOfDefence() throws {
        try fileOnly(
            because:
                "SQL on the tables as a member, which a team database refuses whole (permission denied): members write only through the server's functions (PostgresServerAttackTests tries each table as each role)"
        )
        let before = try snapshot()
        assertDatabaseError(
            try store.db.execute("UPDATE expenses SET amount_minor = 1 WHERE id = ?", [.integer(item.id)]),
            resultCode: SQLITE_CONSTRAINT)
        assertDatabaseError(
            try store.db.execute("DELETE FROM expense_receipts WHERE expense_id = ?", [.integer(item.id)]),
            resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try snapshot(), before)
    }
}
