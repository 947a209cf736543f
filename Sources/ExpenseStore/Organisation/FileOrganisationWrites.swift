import ExpenseCore
import ExpenseSupport

/// People, cost centres and charges on a file: the SQL. A file has one person, who may set
/// everything (separation of duties by name still holds where a report is decided).
struct FileOrganisationWrites: OrganisationWrites {
    unowned let store: Store

    func setPerson(_ person: UserName, manager: UserName?, by actor: UserName) throws {
        try store.db.execute(
            """
            INSERT INTO people (name, manager, changed_by, changed_at) VALUES (\(person.value), \(manager?.value), \(actor.value), \(store.now()))
            ON CONFLICT (name) DO UPDATE SET manager = excluded.manager, changed_by = excluded.changed_by, changed_at = excluded.changed_at
            """ as SQL)
    }

    func saveCostCentre(_ centre: CostCentre, by actor: UserName) throws {
        try store.db.execute(
            """
            INSERT INTO cost_centres (code, name, owner, changed_by, changed_at)
            VALUES (\(centre.code), \(centre.name), \(centre.owner), \(actor.value), \(store.now()))
            ON CONFLICT (code) DO UPDATE SET name = excluded.name, owner = excluded.owner, changed_by = excluded.changed_by,
                changed_at = excluded.changed_at
            """ as SQL)
    }

    func chargeReport(_ report: Int64, to split: CostCentreSplit?) throws {
        try store.db.execute("DELETE FROM report_cost_centres WHERE report_id = \(report)" as SQL)
        for part in split?.parts ?? [] {
            try store.db.execute(
                "INSERT INTO report_cost_centres (report_id, cost_centre, share) VALUES (\(report), \(part.code), \(Int64(part.share)))"
                    as SQL)
        }
    }

    func chargeExpense(_ expense: Int64, to split: CostCentreSplit?) throws {
        try store.db.execute("DELETE FROM expense_cost_centres WHERE expense_id = \(expense)" as SQL)
        for part in split?.parts ?? [] {
            try store.db.execute(
                "INSERT INTO expense_cost_centres (expense_id, cost_centre, share) VALUES (\(expense), \(part.code), \(Int64(part.share)))"
                    as SQL)
        }
    }
}
