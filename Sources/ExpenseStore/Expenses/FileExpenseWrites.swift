import ExpenseCore
import ExpenseSupport

/// Expense writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileExpenseWrites: ExpenseWrites {
    unowned let store: Store

    func add(_ expense: Expense, stamp: String) throws -> Int64 {
        let conversion = expense.conversion
        let journey = expense.journey
        let id = try store.db.insert(
            """
            INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency,
                                  rate, rate_date, rate_source, converted_minor, paid_by, distance_tenths, vehicle,
                                  from_place, to_place, nights, created_at, updated_at)
            VALUES (\(expense.reportID), \(expense.date), \(expense.category), \(expense.merchant), \(expense.description),
                    \(expense.amount.minorUnits), \(expense.amount.currency), \(conversion?.rate), \(conversion?.rateDate),
                    \(conversion?.source.rawValue), \(conversion?.converted.minorUnits), \(expense.paidBy.rawValue),
                    \(journey?.distance.tenths), \(journey?.vehicle.rawValue), \(journey?.from), \(journey?.to),
                    \(expense.nights), \(stamp), \(stamp))
            """)
        try insertVAT(expense.vat, of: id)
        return id
    }

    func edit(_ expense: Expense, stamp: String) throws {
        let conversion = expense.conversion
        let journey = expense.journey
        // The parts go first, so that the amount changes under none (`expenses_amount_keeps_vat`).
        try store.db.execute(SQL("DELETE FROM expense_vat WHERE expense_id = \(expense.id)"))
        try store.db.execute(
            SQL(
                """
                UPDATE expenses SET report_id = \(expense.reportID), date = \(expense.date), category = \(expense.category),
                                    merchant = \(expense.merchant), description = \(expense.description),
                                    amount_minor = \(expense.amount.minorUnits), currency = \(expense.amount.currency),
                                    rate = \(conversion?.rate), rate_date = \(conversion?.rateDate),
                                    rate_source = \(conversion?.source.rawValue), converted_minor = \(conversion?.converted.minorUnits),
                                    paid_by = \(expense.paidBy.rawValue), distance_tenths = \(journey?.distance.tenths),
                                    vehicle = \(journey?.vehicle.rawValue), from_place = \(journey?.from), to_place = \(journey?.to),
                                    nights = \(expense.nights), updated_at = \(stamp)
                WHERE id = \(expense.id)
                """))
        try insertVAT(expense.vat, of: expense.id)
    }

    /// An item's VAT parts, by rate; the tax is not stored but computed from them (`VATPart`).
    private func insertVAT(_ vat: VATSplit?, of id: Int64) throws {
        for part in vat?.parts ?? [] {
            try store.db.execute(
                SQL(
                    """
                    INSERT INTO expense_vat (expense_id, rate_hundredths, gross_minor)
                    VALUES (\(id), \(Int64(part.rate.hundredths)), \(part.gross.minorUnits))
                    """))
        }
    }

    func delete(_ id: Int64) throws {
        try store.db.execute(SQL("DELETE FROM expenses WHERE id = \(id)"))
    }

    func lastCategory(forMerchant merchant: String) throws -> String? {
        try store.db.queryFirst(
            "SELECT category FROM expenses WHERE merchant = \(merchant) COLLATE NOCASE ORDER BY id DESC LIMIT 1", { $0.string(0) })
    }

    /// Each name as last written: SQLite gives a bare column the max(id) row's value.
    func merchants(like pattern: String, limit: Int) throws -> [String] {
        try store.db.query(
            """
            SELECT merchant FROM expenses WHERE merchant LIKE \(pattern) ESCAPE '\\' AND merchant <> ''
            GROUP BY merchant COLLATE NOCASE ORDER BY max(id) DESC LIMIT \(limit)
            """
        ) { $0.string(0) }
    }
}
