import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// What receipt matching reads from the store, on a file and (the team tier) on a team database: the
/// items that still want a receipt, by amount on an index, and the receipts attached to nothing.
final class ReceiptMatchingStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!
    private let day = CalendarDate(year: 2026, month: 3, day: 8)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store =
            ServerStore.isSelected
            ? try ServerStore.open(as: "ana", now: { "2026-03-10T09:00:00Z" })
            : try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    @discardableResult
    private func item(_ minor: Int64, on date: CalendarDate, in report: Report? = nil, category: String = "taxi") throws -> Int64 {
        let amount = Money(minorUnits: minor, currency: eur)
        let conversion = report.map { _ in Expense.Conversion(rate: .one, source: .same, converted: amount) }
        return try store.write {
            try store.insertExpense(
                Expense(reportID: report?.id, date: date, category: category, merchant: "Taxi", amount: amount, conversion: conversion))
        }.id
    }

    func testCandidatesAreItemsWithoutAReceiptInADraftOrNoneOfTheAmountAndDays() throws {
        let draft = try store.write { try store.insertReport(Report(id: 0, title: "Draft", currency: eur, owner: "ana")) }
        let sent = try store.write { try store.insertReport(Report(id: 0, title: "Sent", currency: eur, owner: "ana")) }
        let loose = try item(3_600, on: day)
        let inDraft = try item(3_600, on: day.adding(days: 2), in: draft)
        try item(3_600, on: day.adding(days: 5), in: draft)  // outside the days
        try item(3_700, on: day, in: draft)  // another amount
        let withReceipt = try item(3_600, on: day, in: draft)
        let submitted = try item(3_600, on: day, in: sent, category: "per_diem")  // needs no receipt to be submitted
        let bytes = Array("taxi".utf8)
        let receipt = try store.write {
            // On a team database the bytes first: the server names only stored bytes in a row.
            if ServerStore.isSelected { try store.receiptStorage?.store(bytes, hash: SHA256.hex(bytes)) }
            return try store.insertReceipt(
                Receipt(
                    sha256: SHA256.hex(bytes), mediaType: .jpeg, size: Int64(bytes.count), originalName: "r.jpg", source: .file,
                    capturedAt: "2026-03-10T09:00:00Z", ocr: ReceiptOCR(status: .skipped)))
        }
        try store.attach(receipt: receipt.id, to: withReceipt, by: .tester)
        _ = try store.write { try store.apply(.submit, to: sent.id, by: try UserName(validating: "ana")) }
        _ = submitted

        let days = day.adding(days: -1)...day.adding(days: 3)
        XCTAssertEqual(try store.matchCandidates(on: days, amounts: 3_600...3_600, currency: eur).map(\.id), [loose, inDraft])
        XCTAssertEqual(try store.matchCandidates(on: days, amounts: 3_500...3_700, currency: eur).map(\.id).count, 3)
        XCTAssertEqual(try store.matchCandidates(on: days).map(\.id).count, 3, "by the days alone: every amount")
        XCTAssertEqual(try store.unattachedOwnReceipts().map(\.id), [])
        try store.detach(receipt: receipt.id, from: withReceipt, by: .tester)
        XCTAssertEqual(try store.unattachedOwnReceipts().map(\.id), [receipt.id])
    }

    /// A receipt's lookup seeks each of its days and its amount on an index, never reading every
    /// item of those days (a million items cost what a hundred do); a bank statement's rows,
    /// which that index leaves out, are sought by their days on the content keys' index.
    func testTheLookupByAmountIsOnTheIndex() throws {
        if ServerStore.isSelected {
            let definition = try store.db.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'expenses_by_date_and_amount'") {
                $0.string(0)
            }
            XCTAssertEqual(
                definition,
                [
                    "CREATE INDEX expenses_by_date_and_amount ON public.expenses USING btree (owner, date, amount_minor) WHERE (import_key IS NULL)"
                ])
            return
        }
        let days = day.adding(days: -1)...day.adding(days: 3)
        let lookups: [(ClosedRange<Int64>?, String)] = [(3_600...3_600, "(date=? AND amount_minor=?)"), (nil, "(date=?)")]
        for (amounts, lookup) in lookups {
            let query = store.matchCandidatesQuery(on: days, amounts: amounts, currency: amounts.map { _ in eur })
            let plan = try store.db.query("EXPLAIN QUERY PLAN " + query.text, query.arguments) { $0.string(3) }
            XCTAssertTrue(plan.contains("SEARCH e USING INDEX expenses_by_date_and_amount \(lookup)"), "\(plan)")
            XCTAssertTrue(plan.contains { $0.contains("INDEX expenses_by_date_and_import_key (date=? AND import_key>?)") }, "\(plan)")
            XCTAssertFalse(plan.contains { $0.hasPrefix("SCAN e") }, "\(plan)")
        }
    }
}
