import ExpenseSupport

extension Schema {
    /// Issue 43: who decides on a report. The company's approval policy (one row at most; none:
    /// the manager first, no second approval); each submitted report's route, computed when it is
    /// submitted and frozen with it (`approval_steps`, a step a person's or a group's, decided by
    /// whom, for whom and when); and the approvers' delegates for a period (`delegations`).
    /// Literal SQL, as every migration is to be.
    static func addApprovalRoute(_ db: Database) throws {
        try db.execute(SQL(verbatim: approvalRoute))
    }

    static let approvalRoute = """
        CREATE TABLE approval_policy (
            singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
            step_order TEXT NOT NULL DEFAULT 'manager,cost-centre'
                CHECK (step_order IN ('manager,cost-centre', 'cost-centre,manager')),
            second_above_minor INTEGER CHECK (second_above_minor >= 0),
            second_above_currency TEXT CHECK (length(second_above_currency) = 3 AND second_above_currency = upper(second_above_currency)),
            second_approver TEXT NOT NULL DEFAULT 'manager' CHECK (second_approver IN ('manager', 'finance')),
            changed_by TEXT NOT NULL,
            changed_at TEXT NOT NULL,
            CHECK ((second_above_minor IS NULL) = (second_above_currency IS NULL))
        );

        CREATE TABLE approval_steps (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 1),
            approver TEXT CHECK (length(approver) > 0),
            approver_group TEXT CHECK (approver_group IN ('approver', 'finance')),
            why TEXT NOT NULL CHECK (length(why) > 0),
            decided_by TEXT,
            on_behalf_of TEXT,
            decided_at TEXT,
            PRIMARY KEY (report_id, position),
            CHECK ((approver IS NULL) <> (approver_group IS NULL)),
            CHECK ((decided_by IS NULL) = (decided_at IS NULL)),
            CHECK (on_behalf_of IS NULL OR decided_by IS NOT NULL)
        );

        CREATE TABLE delegations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            approver TEXT NOT NULL CHECK (length(approver) > 0),
            delegate TEXT NOT NULL CHECK (length(delegate) > 0),
            from_date TEXT NOT NULL CHECK (from_date IS date(from_date, '+0 days')),
            until_date TEXT NOT NULL CHECK (until_date IS date(until_date, '+0 days')),
            created_at TEXT NOT NULL,
            CHECK (delegate <> approver),
            CHECK (until_date >= from_date)
        );
        CREATE INDEX delegations_by_approver ON delegations (approver, until_date);
        """
}
