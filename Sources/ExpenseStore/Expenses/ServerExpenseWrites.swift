import ExpenseCore
import ExpenseSupport

/// Expense writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerExpenseWrites: ExpenseWrites {
    unowned let store: Store

    func add(_ expense: Expense, stamp: String) throws -> Int64 {
        let conversion = expense.conversion
        let journey = expense.journey
        return try ServerWrites.expenseAdd.call(
            on: store.db, expense.reportID, expense.date.description, expense.category, expense.merchant,
            expense.description, expense.amount.minorUnits, expense.amount.currency.code,
            conversion?.rate.description, conversion?.rateDate?.description, conversion?.source.rawValue,
            conversion?.converted.minorUnits, expense.paidBy.rawValue, journey?.distance.tenths,
            journey?.vehicle.rawValue, journey?.from, journey?.to, expense.nights.map(Int64.init), Self.vatText(expense.vat), stamp)
    }

    func edit(_ expense: Expense, stamp: String) throws {
        let conversion = expense.conversion
        let journey = expense.journey
        try ServerWrites.expenseEdit.call(
            on: store.db, expense.id, expense.reportID, expense.date.description, expense.category, expense.merchant,
            expense.description, expense.amount.minorUnits, expense.amount.currency.code,
            conversion?.rate.description, conversion?.rateDate?.description, conversion?.source.rawValue,
            conversion?.converted.minorUnits, expense.paidBy.rawValue, journey?.distance.tenths,
            journey?.vehicle.rawValue, journey?.from, journey?.to, expense.nights.map(Int64.init), Self.vatText(expense.vat), stamp)
    }

    /// An item's VAT as the server functions take it: `RATE:GROSS` parts, the rate in hundredths
    /// of a percent and the gross in minor units, separated by commas ("700:11000,1900:1500"); nil
    /// for none. The server recomputes nothing it is given but checks it all, and computes the tax itself.
    static func vatText(_ vat: VATSplit?) -> String? {
        vat.map { $0.parts.map { "\($0.rate.hundredths):\($0.gross.minorUnits)" }.joined(separator: ",") }
    }

    func delete(_ id: Int64) throws {
        try ServerWrites.expenseDelete.call(on: store.db, id)
    }

    func lastCategory(forMerchant merchant: String) throws -> String? {
        try store.db.queryFirst(
            "SELECT category FROM expenses WHERE lower(merchant) = lower(\(merchant)) ORDER BY id DESC LIMIT 1", { $0.string(0) })
    }

    /// Each name as last written: the first of its spellings by id, newest first.
    func merchants(like pattern: String, limit: Int) throws -> [String] {
        try store.db.query(
            """
            SELECT (array_agg(merchant ORDER BY id DESC))[1] FROM expenses WHERE merchant ILIKE \(pattern) ESCAPE '\\' AND merchant <> ''
            GROUP BY lower(merchant) ORDER BY max(id) DESC LIMIT \(limit)
            """
        ) { $0.string(0) }
    }
}
