import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    static let expenseColumns = """
        id, report_id, date, category, merchant, description, amount_minor, currency,
        rate, rate_date, rate_source, converted_minor, paid_by
        """

    /// `expenseColumns` of the table aliased `alias`, named as the table names them.
    static func expenseColumns(_ alias: String) -> String {
        expenseColumns.split(separator: ",").map { column in
            let name = column.trimmingSpaces
            return "\(alias).\(name) AS \(name)"
        }.joined(separator: ", ")
    }

    static func expense(_ row: Row, reportCurrency: (Int64) throws -> Currency) throws -> Expense {
        let amount = Money(minorUnits: row.int64("amount_minor"), currency: currency(row.string("currency")))
        let reportID = row.optionalInt64("report_id")
        var conversion: Expense.Conversion?
        if let rateText = row.optionalString("rate"), let converted = row.optionalInt64("converted_minor") {
            let target = try reportID.map(reportCurrency) ?? amount.currency
            conversion = Expense.Conversion(
                rate: (try? ExchangeRate.parse(rateText)) ?? .one, rateDate: date(row.optionalString("rate_date")),
                source: Expense.Conversion.Source(rawValue: row.string("rate_source")) ?? .manual,
                converted: Money(minorUnits: converted, currency: target))
        }
        return Expense(id: row.int64("id"), reportID: reportID, date: date(row.string("date")) ?? CalendarDate(dayNumber: 0),
                       category: row.string("category"), merchant: row.string("merchant"), description: row.string("description"),
                       amount: amount, conversion: conversion, paidBy: PaidBy(rawValue: row.string("paid_by")) ?? .personal)
    }

    /// Maps expense rows, looking each report's currency up once; only the rows `including`
    /// accepts are mapped.
    func expenses(_ sql: String, _ arguments: [DatabaseValue], including: (Row) -> Bool = { _ in true }) throws -> [Expense] {
        var currencies: [Int64: Currency] = [:]
        let reportCurrency = { (id: Int64) throws -> Currency in
            if let known = currencies[id] { return known }
            let code = try self.db.queryFirst("SELECT currency FROM reports WHERE id = ?", [.integer(id)]) { $0.string(0) }
            let currency = Store.currency(code ?? "XXX")
            currencies[id] = currency
            return currency
        }
        var found: [Expense] = []
        try db.forEachRow(sql, arguments) { row in
            if including(row) { found.append(try Store.expense(row, reportCurrency: reportCurrency)) }
        }
        return found
    }

    private static func arguments(_ expense: Expense) -> [DatabaseValue] {
        [DatabaseValue(expense.reportID), .text(expense.date.description), .text(expense.category),
         .text(expense.merchant), .text(expense.description), .integer(expense.amount.minorUnits),
         .text(expense.amount.currency.code), DatabaseValue(expense.conversion?.rate.description),
         DatabaseValue(expense.conversion?.rateDate?.description), DatabaseValue(expense.conversion?.source.rawValue),
         DatabaseValue(expense.conversion?.converted.minorUnits), .text(expense.paidBy.rawValue)]
    }

    /// Inserts an expense and returns it with its id; refused when its report is not editable.
    public func insertExpense(_ expense: Expense) throws -> Expense {
        try write {
            if let reportID = expense.reportID { try requireEditable(report: reportID, for: .addItems) }
            try expense.validate()
            if let reportID = expense.reportID {
                try requireTotalFits(report: reportID, adding: expense.conversion?.converted.minorUnits ?? 0)
            }
            let stamp = now()
            try db.execute("""
                INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency,
                                      rate, rate_date, rate_source, converted_minor, paid_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, Self.arguments(expense) + [.text(stamp), .text(stamp)])
            return try self.expense(db.lastInsertedRowID)
        }
    }

    /// Saves every field of `expense`, its report included: a change of its items when it stays
    /// in its report, else a move out of the one it is in and into the one it names. Refused
    /// when a report it touches is not editable.
    public func updateExpense(_ expense: Expense) throws {
        try write {
            let (current, converted) = try placeOfExpense(expense.id)
            if let current { try requireEditable(report: current, for: current == expense.reportID ? .changeItems : .moveItems) }
            if let target = expense.reportID, target != current { try requireEditable(report: target, for: .addItems) }
            try expense.validate()
            let newConverted = expense.conversion?.converted.minorUnits ?? 0
            if let current, current == expense.reportID {
                try requireTotalFits(report: current, adding: Int64(clamping: Int128(newConverted) - Int128(converted)))
            } else {
                if let current { try requireTotalFits(report: current, adding: Int64(clamping: -Int128(converted))) }
                if let target = expense.reportID { try requireTotalFits(report: target, adding: newConverted) }
            }
            try db.execute("""
                UPDATE expenses SET report_id = ?, date = ?, category = ?, merchant = ?, description = ?, amount_minor = ?,
                                    currency = ?, rate = ?, rate_date = ?, rate_source = ?, converted_minor = ?, paid_by = ?,
                                    updated_at = ?
                WHERE id = ?
                """, Self.arguments(expense) + [.text(now()), .integer(expense.id)])
        }
    }

    /// Deletes an expense; refused when its report is not editable.
    public func deleteExpense(_ id: Int64) throws {
        try write {
            let (reportID, converted) = try placeOfExpense(id)
            if let reportID {
                try requireEditable(report: reportID, for: .deleteItems)
                try requireTotalFits(report: reportID, adding: Int64(clamping: -Int128(converted)))
            }
            try db.execute("DELETE FROM expenses WHERE id = ?", [.integer(id)])
        }
    }

    /// The expense with `id`, or an "unknown expense" error.
    public func expense(_ id: Int64) throws -> Expense {
        guard let expense = try expenses("SELECT \(Self.expenseColumns) FROM expenses WHERE id = ?", [.integer(id)]).first
        else {
            throw ExpenseError(.invalidData, .unknownExpense(id), "unknown expense \(id)")
        }
        return expense
    }

    /// Which expenses to list.
    public enum ExpenseFilter: Sendable, Equatable {
        case all, report(Int64), unassigned
    }

    /// Expenses by date, then id.
    public func expenses(_ filter: ExpenseFilter, limit: Int? = nil) throws -> [Expense] {
        let limitArgument = DatabaseValue.integer(Int64(limit ?? -1))
        switch filter {
        case .all:
            return try expenses("SELECT \(Self.expenseColumns) FROM expenses ORDER BY date, id LIMIT ?", [limitArgument])
        case .report(let id):
            return try expenses("SELECT \(Self.expenseColumns) FROM expenses WHERE report_id = ? ORDER BY date, id LIMIT ?",
                                [.integer(id), limitArgument])
        case .unassigned:
            return try expenses("SELECT \(Self.expenseColumns) FROM expenses WHERE report_id IS NULL ORDER BY date, id LIMIT ?",
                                [limitArgument])
        }
    }

    /// The ids of the latest expenses, newest first (TAB completion of expense ids).
    public func recentExpenseIDs(limit: Int) throws -> [Int64] {
        try db.query("SELECT id FROM expenses ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))]) { $0.int64(0) }
    }
}
