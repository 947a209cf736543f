import ExpenseSupport

extension Schema {
    /// Issue 43: people and their managers, cost centres and their owners, and what a report (and,
    /// where it differs, an item) is charged to. A person's row exists once someone set it; a
    /// report's charge is one or more cost centres with a share each in hundredths of a percent,
    /// adding up to 10000 (the writes check the sum: SQLite checks no rule at commit). A report's
    /// and its items' charges are frozen with the report outside draft (`costCentreTriggers`),
    /// since the route a report waits on is computed from them at its submission.
    ///
    /// Frozen as it shipped: literal SQL, its triggers written out as they were then.
    static func addPeopleAndCostCentres(_ db: Database) throws {
        try db.execute(SQL(verbatim: peopleAndCostCentres))
    }

    static let peopleAndCostCentres = """
        CREATE TABLE people (
            name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0),
            manager TEXT CHECK (manager IS NULL OR (length(manager) > 0 AND manager <> name)),
            changed_by TEXT NOT NULL,
            changed_at TEXT NOT NULL
        );
        CREATE TABLE cost_centres (
            code TEXT PRIMARY KEY NOT NULL CHECK (length(code) BETWEEN 1 AND 20 AND code NOT GLOB '*[^A-Za-z0-9._-]*'),
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            owner TEXT NOT NULL CHECK (length(owner) > 0),
            changed_by TEXT NOT NULL,
            changed_at TEXT NOT NULL
        );
        CREATE TABLE report_cost_centres (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            cost_centre TEXT NOT NULL REFERENCES cost_centres (code),
            share INTEGER NOT NULL CHECK (share BETWEEN 1 AND 10000),
            PRIMARY KEY (report_id, cost_centre)
        );
        CREATE TABLE expense_cost_centres (
            expense_id INTEGER NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
            cost_centre TEXT NOT NULL REFERENCES cost_centres (code),
            share INTEGER NOT NULL CHECK (share BETWEEN 1 AND 10000),
            PRIMARY KEY (expense_id, cost_centre)
        );

        -- `costCentreTriggers` as they were then.
        CREATE TRIGGER report_cost_centres_frozen_insert BEFORE INSERT ON report_cost_centres
        WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;

        CREATE TRIGGER report_cost_centres_frozen_update BEFORE UPDATE ON report_cost_centres
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
          OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;

        CREATE TRIGGER report_cost_centres_frozen_delete BEFORE DELETE ON report_cost_centres
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;

        CREATE TRIGGER expense_cost_centres_frozen_insert BEFORE INSERT ON expense_cost_centres
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;

        CREATE TRIGGER expense_cost_centres_frozen_update BEFORE UPDATE ON expense_cost_centres
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
          OR (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;

        CREATE TRIGGER expense_cost_centres_frozen_delete BEFORE DELETE ON expense_cost_centres
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its cost centres are frozen'); END;
        """

    /// A report's cost centres, and its items' own, are frozen with the report outside draft: the
    /// route it waits on was computed from them at its submission. The app re-creates any that is
    /// missing or altered.
    static var costCentreTriggers: [Trigger] {
        let message = "the report is not a draft; its cost centres are frozen"
        let status = { (row: String) in
            "(SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = \(row).expense_id) <> 'draft'"
        }
        let items = [("insert", status("NEW")), ("update", status("OLD") + "\n  OR " + status("NEW")), ("delete", status("OLD"))]
            .map { event, when in
                Trigger(
                    name: "expense_cost_centres_frozen_\(event)",
                    sql: """
                        CREATE TRIGGER expense_cost_centres_frozen_\(event) BEFORE \(event.uppercased()) ON expense_cost_centres
                        WHEN \(when)
                        BEGIN SELECT RAISE(ABORT, '\(message)'); END
                        """)
            }
        return frozenWithReport("report_cost_centres", message: message) + items
    }
}
