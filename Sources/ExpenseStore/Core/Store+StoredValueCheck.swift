import ExpenseCore
import ExpenseSupport

/// A stored value the app cannot read (`StoredRow` refused it), as `db check` lists it.
public struct BadStoredValue: Sendable, Equatable {
    public var table: String
    public var column: String
    /// The row's id or key, when its table has one.
    public var row: String?
    /// What is wrong, whole: "expenses.rate of row 3 holds 'abc', which is not an exchange rate (...)".
    public var message: String
}

extension Store {
    /// Every row of the domain's tables read as the store's reads read it, through the same
    /// mappings and so the same decoders: the values refused, by table and then row. A row is
    /// listed once, by the first value refused; another in it shows once that one is corrected.
    public func badStoredValues() throws -> [BadStoredValue] {
        var found: [BadStoredValue] = []
        for (sql, read) in storedRowReaders {
            try db.forEachRow(SQL(verbatim: sql)) { row in
                do {
                    try read(row)
                } catch let error as ExpenseError {
                    guard case .badStoredValue(let table, let column, let key) = error.code else { throw error }
                    found.append(BadStoredValue(table: table, column: column, row: key, message: error.message))
                }
            }
        }
        return found
    }

    /// Each domain table's query of all its rows, and the mapping that reads one.
    private var storedRowReaders: [(sql: String, read: (Row) throws -> Void)] {
        var expenseColumns: ExpenseColumns?
        // Which currency an item's conversion is in is not stored in its row: any will do here.
        let reportCurrency = { (_: Int64) in Store.currency("XXX") }
        return [
            ("SELECT \(Self.reportColumns) FROM reports ORDER BY id", { _ = try Self.report($0) }),
            (
                "SELECT \(Self.expenseColumns) FROM expenses ORDER BY id",
                { row in
                    let columns = expenseColumns ?? ExpenseColumns(row)
                    expenseColumns = columns
                    _ = try Self.expense(row, columns, reportCurrency: reportCurrency, rate: { try? ExchangeRate.parse($0) })
                }
            ),
            ("SELECT \(Self.eventColumns) FROM report_events ORDER BY id", { _ = try Self.event($0) }),
            (
                "SELECT \(Self.advanceColumns) FROM report_advances ORDER BY id",
                { _ = try Self.advance($0, reportCurrency: reportCurrency(0)) }
            ),
            (
                "SELECT \(Self.cutColumns) FROM expense_cuts ORDER BY expense_id",
                { _ = try Self.cut($0, reportCurrency: reportCurrency(0)) }
            ),
            ("SELECT \(Self.stopColumns) FROM report_stops ORDER BY report_id, date", { _ = try Self.stop($0) }),
            ("SELECT \(Self.mealColumns) FROM report_meals ORDER BY report_id, date", { _ = try Self.mealsOfDay($0) }),
            (
                "SELECT \(Self.frozenPerDiemColumns) FROM report_allowances ORDER BY report_id, date",
                { _ = try Self.frozenPerDiem($0, reportCurrency: reportCurrency(0)) }
            ),
            ("SELECT \(receiptColumns) FROM receipts ORDER BY id", { _ = try Self.receipt($0) }),
            ("SELECT \(Self.batchColumns) FROM import_batches ORDER BY id", { _ = try Self.batch($0) }),
            ("SELECT \(Self.referenceRateColumns) FROM exchange_rates ORDER BY currency, date", { _ = try Self.referenceRate($0) }),
            ("SELECT \(Self.mileageRateColumns) FROM mileage_rates ORDER BY vehicle, valid_from", { _ = try Self.mileageRate($0) }),
            ("SELECT \(Self.vatColumns) FROM expense_vat ORDER BY expense_id, rate_hundredths", { _ = try Self.vatPart($0) }),
            ("SELECT \(Self.vatRateColumns) FROM vat_rates ORDER BY country, rate_hundredths, valid_from", { _ = try Self.vatRateRow($0) }),
            ("SELECT \(Self.allowanceRateColumns) FROM allowance_rates ORDER BY country, valid_from", { _ = try Self.allowanceRate($0) }),
            ("SELECT \(Self.categoryColumns) FROM categories ORDER BY code", { _ = try Self.category($0) }),
            ("SELECT \(Self.severityColumns) FROM policy_rules ORDER BY rule", { _ = try Self.severity($0) }),
            ("SELECT \(Self.dynamicShortcutColumns) FROM dynamic_shortcuts ORDER BY type", { _ = try Self.dynamicShortcut($0) }),
            ("SELECT \(Self.launchColumns) FROM shortcut_launches ORDER BY id", { _ = try Self.launch($0) }),
            ("SELECT \(Self.payeeColumns) FROM payees ORDER BY user_name", { _ = try Self.payee($0) }),
            ("SELECT \(Self.runColumns) FROM payment_runs r ORDER BY r.id", { _ = try Self.paymentRun($0) }),
        ]
    }
}
