import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    static let expenseColumns: SQL = """
        id, report_id, date, category, merchant, description, amount_minor, currency,
        rate, rate_date, rate_source, converted_minor, paid_by, external_id, distance_tenths, vehicle, from_place, to_place,
        nights
        """

    /// `expenseColumns` of the table aliased `alias`, named as the table names them.
    static func expenseColumns(_ alias: String) -> SQL {
        SQL(
            verbatim: expenseColumns.text.split(separator: ",").map { column in
                let name = column.trimmingSpaces
                return "\(alias).\(name) AS \(name)"
            }.joined(separator: ", "))
    }

    /// Where `expenseColumns` are in a query's rows, looked up by name once per query: read by
    /// name per row, a 100,000-item report looked names up 1.3 million times.
    struct ExpenseColumns {
        let id, reportID, date, category, merchant, description, amountMinor, currency, rate, rateDate, rateSource,
            convertedMinor, paidBy, externalID, distance, vehicle, fromPlace, toPlace, nights: Int

        init(_ row: Row) {
            (id, reportID, date, category) = (row.index("id"), row.index("report_id"), row.index("date"), row.index("category"))
            (merchant, description) = (row.index("merchant"), row.index("description"))
            (amountMinor, currency, rate) = (row.index("amount_minor"), row.index("currency"), row.index("rate"))
            (rateDate, rateSource, convertedMinor) = (row.index("rate_date"), row.index("rate_source"), row.index("converted_minor"))
            (paidBy, externalID) = (row.index("paid_by"), row.index("external_id"))
            (distance, vehicle, nights) = (row.index("distance_tenths"), row.index("vehicle"), row.index("nights"))
            (fromPlace, toPlace) = (row.index("from_place"), row.index("to_place"))
        }
    }

    /// An expense of its row, every stored value decoded or refused (`StoredRow`).
    /// - Parameter rate: the rate of its text, parsed once per text by the caller; nil for text
    ///   that is no rate.
    static func expense(
        _ row: Row, _ column: ExpenseColumns, reportCurrency: (Int64) throws -> Currency,
        rate: (String) -> ExchangeRate?
    ) throws -> Expense {
        let stored = StoredRow(row, table: "expenses", key: .column(column.id))
        let amount = try stored.money(column.amountMinor, in: try stored.currency(column.currency))
        let reportID = try stored.optionalInteger(column.reportID)
        var conversion: Expense.Conversion?
        if !row.isNull(column.rate) {
            let target = try reportID.map(reportCurrency) ?? amount.currency
            conversion = Expense.Conversion(
                rate: try stored.decoded(column.rate, as: StoredRow.anExchangeRate, rate),
                rateDate: try stored.optionalDate(column.rateDate),
                source: try stored.value(column.rateSource, as: Expense.Conversion.Source.self),
                converted: try stored.money(column.convertedMinor, in: target))
        }
        return Expense(
            id: try stored.integer(column.id), reportID: reportID, date: try stored.date(column.date),
            category: row.string(column.category), merchant: row.string(column.merchant),
            description: row.string(column.description), amount: amount, conversion: conversion,
            paidBy: try stored.value(column.paidBy, as: PaidBy.self),
            reference: row.optionalString(column.externalID), journey: try journey(stored, column),
            nights: try stored.optionalInteger(column.nights, as: Int.self, in: 1...Expense.maximumNights))
    }

    /// A mileage item's journey, when its row has one: a distance the domain accepts and a vehicle.
    private static func journey(_ stored: StoredRow, _ column: ExpenseColumns) throws -> Journey? {
        let distance = try stored.optionalDecoded(column.distance, as: "a distance in tenths of a km (1 to \(Distance.maximumTenths))") {
            Int64($0).flatMap { try? Distance(tenths: $0) }
        }
        let vehicle = try stored.optionalValue(column.vehicle, as: Vehicle.self)
        guard let distance, let vehicle else { return nil }
        let row = stored.row
        return Journey(
            distance: distance, vehicle: vehicle, from: row.optionalString(column.fromPlace), to: row.optionalString(column.toPlace))
    }

    /// Maps expense rows, looking each report's currency up once and parsing each rate's text
    /// once; only the rows `including` accepts are mapped.
    /// - Parameter capacity: how many rows are expected (a report's kept count), so that a large
    ///   result is not copied as it grows.
    func expenses(
        _ sql: SQL, capacity: Int = 0,
        including: (Row) -> Bool = { _ in true }
    ) throws -> [Expense] {
        var currencies: [Int64: Currency] = [:]
        let reportCurrency = { (id: Int64) throws -> Currency in
            if let known = currencies[id] { return known }
            let found = try self.db.queryFirst(SQL("SELECT id, currency FROM reports WHERE id = \(id)")) {
                try StoredRow($0, table: "reports", key: .column(0)).currency(1)
            }
            // No such report: the foreign key holds it on both engines, so only a file written
            // with its keys off; its amounts are still read, in an unknown currency.
            let currency = found ?? Store.currency("XXX")
            currencies[id] = currency
            return currency
        }
        var rates: [String: ExchangeRate] = [:]
        let rate = { (text: String) -> ExchangeRate? in
            if let known = rates[text] { return known }
            guard let rate = try? ExchangeRate.parse(text) else { return nil }
            if rates.count < 10_000 { rates[text] = rate }
            return rate
        }
        var columns: ExpenseColumns?
        var found: [Expense] = []
        found.reserveCapacity(min(max(capacity, 0), 10_000_000))
        try db.forEachRow(sql) { row in
            guard including(row) else { return }
            let column = columns ?? ExpenseColumns(row)
            columns = column
            found.append(try Store.expense(row, column, reportCurrency: reportCurrency, rate: rate))
        }
        return try withVAT(found)
    }

    /// Inserts an expense and returns it with its id; refused when its report is not editable.
    public func insertExpense(_ expense: Expense) throws -> Expense {
        try write {
            if let reportID = expense.reportID { try requireEditable(report: reportID, for: .addItems) }
            try expense.validate()
            try requireVATRates(expense)
            if let reportID = expense.reportID {
                try requireTotalFits(report: reportID, adding: expense.conversion?.converted.minorUnits ?? 0)
            }
            return try self.expense(try writes.expenses.add(expense, stamp: now()))
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
            try requireVATRates(expense)
            let newConverted = expense.conversion?.converted.minorUnits ?? 0
            if let current, current == expense.reportID {
                try requireTotalFits(report: current, adding: Int64(clamping: Int128(newConverted) - Int128(converted)))
            } else {
                if let current { try requireTotalFits(report: current, adding: Int64(clamping: -Int128(converted))) }
                if let target = expense.reportID { try requireTotalFits(report: target, adding: newConverted) }
            }
            try writes.expenses.edit(expense, stamp: now())
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
            try writes.expenses.delete(id)
        }
    }

    /// The expense with `id`, or an "unknown expense" error.
    public func expense(_ id: Int64) throws -> Expense {
        guard let expense = try expenses("SELECT \(Self.expenseColumns) FROM expenses WHERE id = \(id)").first
        else {
            throw ExpenseError(.notFound, .unknownExpense(id), "unknown expense \(id)")
        }
        return expense
    }

    /// Which expenses to list.
    public enum ExpenseFilter: Sendable, Equatable {
        case all
        case report(Int64)
        case unassigned
    }

    /// Expenses by date, then id: the oldest first, or with `newestFirst` the newest (a list's
    /// `limit` then keeps the latest).
    public func expenses(_ filter: ExpenseFilter, limit: Int? = nil, newestFirst: Bool = false) throws -> [Expense] {
        let most = Int64(limit ?? Int.max)
        let order: SQL = newestFirst ? "ORDER BY date DESC, id DESC" : "ORDER BY date, id"
        switch filter {
        case .all:
            return try expenses("SELECT \(Self.expenseColumns) FROM expenses \(order) LIMIT \(most)")
        case .report(let id):
            let count = try db.scalar(SQL("SELECT item_count FROM reports WHERE id = \(id)"))
            return try expenses(
                "SELECT \(Self.expenseColumns) FROM expenses WHERE report_id = \(id) \(order) LIMIT \(most)",
                capacity: Int(clamping: min(count, most)))
        case .unassigned:
            return try expenses("SELECT \(Self.expenseColumns) FROM expenses WHERE report_id IS NULL \(order) LIMIT \(most)")
        }
    }

    /// How many expenses `filter` lists.
    public func expenseCount(_ filter: ExpenseFilter) throws -> Int {
        switch filter {
        case .all: return Int(try db.scalar(SQL("SELECT count(*) FROM expenses")))
        case .report(let id): return Int(try db.scalar(SQL("SELECT count(*) FROM expenses WHERE report_id = \(id)")))
        case .unassigned: return Int(try db.scalar(SQL("SELECT count(*) FROM expenses WHERE report_id IS NULL")))
        }
    }

    /// The ids of the latest expenses, newest first (TAB completion of expense ids).
    public func recentExpenseIDs(limit: Int) throws -> [Int64] {
        try db.query("SELECT id FROM expenses ORDER BY id DESC LIMIT \(limit)") { $0.int64(0) }
    }
}
