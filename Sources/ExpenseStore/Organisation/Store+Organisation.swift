import ExpenseCore
import ExpenseSupport

/// People and their managers, cost centres and their owners, and what reports and items are
/// charged to (issue 43): read by everyone (on a team database, a report's and its items'
/// charges with the report); set through the writes, which ask the domain first.
extension Store {
    /// Every person someone set, by name.
    public func people() throws -> [Person] {
        try db.query("SELECT name, manager FROM people ORDER BY name" as SQL) { Person(name: $0.string(0), manager: $0.optionalString(1)) }
    }

    /// `name`'s manager, or nil when they have none.
    public func manager(of name: String) throws -> String? {
        try db.queryFirst("SELECT manager FROM people WHERE name = \(name)" as SQL) { $0.optionalString(0) } ?? nil
    }

    /// Sets `person`'s manager (nil: none), refused when it is the person or would make the
    /// managers go round in a circle. On a team database finance or the administrator sets them
    /// (the server decides). Call inside `write`.
    public func setPerson(_ person: UserName, manager: UserName?, by actor: UserName) throws {
        if let manager {
            var managers: [String: String] = [:]
            for known in try people() { managers[known.name] = known.manager }
            try Person.requireNoCycle(person: person.value, manager: manager.value, managers: managers)
        }
        try writes.organisation.setPerson(person, manager: manager, by: actor)
    }

    /// Every cost centre, by code.
    public func costCentres() throws -> [CostCentre] {
        try db.query("SELECT code, name, owner FROM cost_centres ORDER BY code" as SQL, Self.costCentre)
    }

    /// Cost centre `code`, or an "unknown cost centre" error saying the closest code.
    public func costCentre(_ code: String) throws -> CostCentre {
        if let found = try db.queryFirst("SELECT code, name, owner FROM cost_centres WHERE code = \(code)" as SQL, Self.costCentre) {
            return found
        }
        let suggestion = Suggestion.closest(to: code, among: try costCentres().map(\.code))
        throw ExpenseError(.notFound, .unknownCostCentre(code, suggestion: suggestion), "unknown cost centre '\(code)'")
    }

    static func costCentre(_ row: Row) -> CostCentre {
        CostCentre(code: row.string(0), name: row.string(1), owner: row.string(2))
    }

    /// Adds or changes cost centre `centre` (finance's or the administrator's on a team database).
    /// Call inside `write`.
    public func saveCostCentre(_ centre: CostCentre, by actor: UserName) throws {
        _ = try CostCentre.code(centre.code)
        guard !centre.name.trimmingSpaces.isEmpty else { throw ExpenseError(.invalidData, "a cost centre needs a name") }
        try TextLimits.check(centre.name, field: "name")
        try writes.organisation.saveCostCentre(centre, by: actor)
    }

    /// What report `report` is charged to, nil when to none.
    public func costCentres(ofReport report: Int64) throws -> CostCentreSplit? {
        try split(
            "SELECT cost_centre, share FROM report_cost_centres WHERE report_id = \(report) ORDER BY share DESC, cost_centre" as SQL,
            table: "report_cost_centres", row: report)
    }

    /// The items of report `report` charged otherwise than the report, by item.
    public func itemCostCentres(inReport report: Int64) throws -> [Int64: CostCentreSplit] {
        var shares: [Int64: [CostCentreSplit.Part]] = [:]
        try db.forEachRow(
            """
            SELECT c.expense_id, c.cost_centre, c.share FROM expense_cost_centres c JOIN expenses e ON e.id = c.expense_id
            WHERE e.report_id = \(report) ORDER BY c.expense_id, c.share DESC, c.cost_centre
            """ as SQL
        ) { row in
            shares[row.int64(0), default: []].append(CostCentreSplit.Part(code: row.string(1), share: Int(row.int64(2))))
        }
        return try shares.mapValues { try Self.storedSplit($0, table: "expense_cost_centres", row: "\($0)") }
    }

    /// What item `expense` is charged to where it differs from its report, nil when as its report.
    public func costCentres(ofExpense expense: Int64) throws -> CostCentreSplit? {
        try split(
            "SELECT cost_centre, share FROM expense_cost_centres WHERE expense_id = \(expense) ORDER BY share DESC, cost_centre" as SQL,
            table: "expense_cost_centres", row: expense)
    }

    private func split(_ query: SQL, table: String, row: Int64) throws -> CostCentreSplit? {
        let parts = try db.query(query) { CostCentreSplit.Part(code: $0.string(0), share: Int($0.int64(1))) }
        return parts.isEmpty ? nil : try Self.storedSplit(parts, table: table, row: "\(row)")
    }

    /// Stored shares as a split: ones that do not add up to 100 % are bad data, as any stored
    /// value the app did not write.
    static func storedSplit(_ parts: [CostCentreSplit.Part], table: String, row: String) throws -> CostCentreSplit {
        do {
            return try CostCentreSplit(parts)
        } catch {
            throw ExpenseError(
                .invalidData, .badStoredValue(table: table, column: "share", row: row), "\(table) of \(row): \(error.message)")
        }
    }

    /// Charges report `report` to `split` (nil: to none): refused unless the report is a draft
    /// and every cost centre exists; on a team database only its owner may (the server decides).
    /// Call inside `write`.
    public func chargeReport(_ report: Int64, to split: CostCentreSplit?) throws {
        try requireEditable(report: report, for: .chargeCostCentres)
        _ = try self.report(report)
        try requireCostCentres(split)
        try writes.organisation.chargeReport(report, to: split)
    }

    /// Charges item `expense` to `split` where it differs from its report (nil: as its report):
    /// refused unless its report is a draft and every cost centre exists. Call inside `write`.
    public func chargeExpense(_ expense: Int64, to split: CostCentreSplit?) throws {
        _ = try self.expense(expense)
        if let report = try placeOfExpense(expense).reportID {
            try requireEditable(report: report, for: .chargeCostCentres)
        }
        try requireCostCentres(split)
        try writes.organisation.chargeExpense(expense, to: split)
    }

    private func requireCostCentres(_ split: CostCentreSplit?) throws {
        for part in split?.parts ?? [] { _ = try costCentre(part.code) }
    }
}

extension Store {
    /// The items of every report the caller sees (on a team database, as row security lets her)
    /// dated between two days, each in its report's currency with what it is charged to: its
    /// own cost centres, else its report's, else none.
    public func chargedItems(from: CalendarDate?, to: CalendarDate?) throws -> [(amount: Money, split: CostCentreSplit?)] {
        let range = "e.date >= \(from?.description ?? "0000-01-01") AND e.date <= \(to?.description ?? "9999-12-31")" as SQL
        var reportShares: [Int64: [CostCentreSplit.Part]] = [:]
        try db.forEachRow(
            "SELECT report_id, cost_centre, share FROM report_cost_centres ORDER BY report_id, share DESC, cost_centre" as SQL
        ) { reportShares[$0.int64(0), default: []].append(CostCentreSplit.Part(code: $0.string(1), share: Int($0.int64(2)))) }
        var itemShares: [Int64: [CostCentreSplit.Part]] = [:]
        try db.forEachRow(
            """
            SELECT c.expense_id, c.cost_centre, c.share FROM expense_cost_centres c JOIN expenses e ON e.id = c.expense_id
            WHERE e.report_id IS NOT NULL AND \(range) ORDER BY c.expense_id, c.share DESC, c.cost_centre
            """ as SQL
        ) { itemShares[$0.int64(0), default: []].append(CostCentreSplit.Part(code: $0.string(1), share: Int($0.int64(2)))) }
        let reports = try reportShares.mapValues { try Self.storedSplit($0, table: "report_cost_centres", row: "") }
        let items = try itemShares.mapValues { try Self.storedSplit($0, table: "expense_cost_centres", row: "") }
        return try db.query(
            """
            SELECT e.id, e.report_id, r.currency, e.converted_minor FROM expenses e JOIN reports r ON r.id = e.report_id
            WHERE \(range) ORDER BY e.id
            """ as SQL
        ) { row in
            let amount = Money(minorUnits: row.int64(3), currency: Store.currency(row.string(2)))
            return (amount, items[row.int64(0)] ?? reports[row.int64(1)])
        }
    }
}
