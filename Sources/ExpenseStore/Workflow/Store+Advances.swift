import ExpenseCore
import ExpenseSupport

extension Store {
    static let advanceColumns: SQL = "id, report_id, date, amount_minor, currency, rate, rate_date, rate_source, converted_minor"

    static func advance(_ row: Row, reportCurrency: Currency) throws -> Advance {
        let stored = StoredRow(row, table: "report_advances", key: .column(0))
        return Advance(
            id: try stored.integer(0), reportID: try stored.integer(1), date: try stored.date(2),
            amount: try stored.money(3, in: try stored.currency(4)),
            conversion: Expense.Conversion(
                rate: try stored.exchangeRate(5), rateDate: try stored.optionalDate(6),
                source: try stored.value(7, as: Expense.Conversion.Source.self),
                converted: try stored.money(8, in: reportCurrency)))
    }

    /// A report's advances, by date then id.
    public func advances(_ reportID: Int64) throws -> [Advance] {
        let currency = try report(reportID).currency
        return try db.query("SELECT \(Self.advanceColumns) FROM report_advances WHERE report_id = \(reportID) ORDER BY date, id" as SQL) {
            try Self.advance($0, reportCurrency: currency)
        }
    }

    /// The sum of a report's advances in its currency.
    public func advanceTotal(_ reportID: Int64, currency: Currency) throws -> Money {
        Money(
            minorUnits: try db.scalar("SELECT coalesce(sum(converted_minor), 0) FROM report_advances WHERE report_id = \(reportID)" as SQL),
            currency: currency)
    }

    /// Records an advance on a draft report and logs it (`advance N added`); returns it with its id.
    public func addAdvance(_ advance: Advance, by actor: UserName) throws -> Advance {
        try write {
            guard let report = try lockedReport(advance.reportID) else {
                throw ExpenseError(.notFound, .unknownReport(advance.reportID), "unknown report \(advance.reportID)")
            }
            try report.requireEditable(.recordAdvances)
            try advance.validate()
            let id = try writes.workflow.addAdvance(advance, to: report, by: actor)
            var saved = advance
            saved.id = id
            return saved
        }
    }

    /// Removes advance `id` from its draft report and logs it (`advance N removed`); returns it.
    public func removeAdvance(_ id: Int64, by actor: UserName) throws -> Advance {
        try write {
            guard let reportID = try db.queryFirst("SELECT report_id FROM report_advances WHERE id = \(id)" as SQL, { $0.int64(0) }),
                let advance = try advances(reportID).first(where: { $0.id == id }), let report = try lockedReport(reportID)
            else {
                throw ExpenseError(.notFound, .unknownAdvance(id), "unknown advance \(id)")
            }
            try report.requireEditable(.removeAdvances)
            try writes.workflow.removeAdvance(id, from: report, by: actor)
            return advance
        }
    }
}
