import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// The receipts of a report's items as `report show` presents them: which receipts each item
/// has, and which items miss one their category requires (the missing-receipt rule).
struct ReportReceipts {
    /// Receipt ids by expense id.
    var byItem: [Int64: [Int64]] = [:]
    /// The missing-receipt findings of the policy check, one per item.
    var missing: [Violation] = [] {
        didSet { missingIDs = Set(missing.flatMap(\.expenseIDs)) }
    }
    /// The items of `missing`, to look each item up at once (a report can have 100,000).
    private var missingIDs: Set<Int64> = []

    static let none = ReportReceipts()

    /// - Parameter items: the report's items, when the caller has read them already.
    static func of(_ report: Report, items: [Expense]? = nil, in store: Store) throws -> ReportReceipts {
        var byItem: [Int64: [Int64]] = [:]
        for receipt in try store.receipts(.report(report.id)) {
            for expenseID in receipt.expenseIDs { byItem[expenseID, default: []].append(receipt.id) }
        }
        var receipts = ReportReceipts(byItem: byItem)
        receipts.missing = try PolicyCommands.violations(of: report, in: store, rules: [.missingReceipt], items: items)
        return receipts
    }

    func isMissing(_ expenseID: Int64) -> Bool { missingIDs.contains(expenseID) }

    /// The item's cell in the table: its receipt ids, or a marker when a required one is missing.
    func cell(_ expenseID: Int64) -> Listing.Cell {
        if let ids = byItem[expenseID], !ids.isEmpty { return .text(ids.map { "#\($0)" }.joined(separator: " ")) }
        return isMissing(expenseID) ? .text("MISSING") : .text("-")
    }
}
