import ExpenseCore
import ExpenseSupport

extension Schema {
    /// The audit log of report transitions, policy settings and acknowledged warnings — and
    /// triggers that hold the workflow's rules even against a hand-written UPDATE. The statuses and
    /// legal transitions are `ReportStatus`'s as they shipped, written out.
    static func createWorkflow(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE report_events (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        -- No foreign key: the log outlives a deleted draft (ids are never reused).
                        report_id INTEGER NOT NULL,
                        at TEXT NOT NULL,
                        actor TEXT NOT NULL CHECK (length(actor) > 0),
                        action TEXT NOT NULL CHECK (length(action) > 0),
                        from_status TEXT NOT NULL CHECK (from_status IN ('draft', 'submitted', 'approved', 'rejected', 'reimbursed')),
                        to_status TEXT NOT NULL CHECK (to_status IN ('draft', 'submitted', 'approved', 'rejected', 'reimbursed')),
                        reason TEXT NOT NULL DEFAULT ''
                    );
                    CREATE INDEX report_events_by_report ON report_events (report_id, id);
                    CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON report_events
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                    CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON report_events
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

                    -- A status changes only along a legal transition, and only after it was logged.
                    CREATE TRIGGER reports_status_change BEFORE UPDATE OF status ON reports WHEN NEW.status IS NOT OLD.status
                    BEGIN
                        SELECT RAISE(ABORT, 'illegal report transition')
                        WHERE (OLD.status, NEW.status) NOT IN (VALUES ('draft', 'submitted'), ('submitted', 'approved'), ('submitted', 'rejected'), ('submitted', 'draft'), ('approved', 'reimbursed'), ('rejected', 'draft'));
                        SELECT RAISE(ABORT, 'a report transition must be logged first')
                        WHERE NOT EXISTS (SELECT 1 FROM report_events
                                          WHERE id = (SELECT max(id) FROM report_events WHERE report_id = NEW.id)
                                            AND from_status = OLD.status AND to_status = NEW.status);
                    END;

                    -- Items are frozen outside draft, whatever writes them. (A missing report compares as
                    -- NULL, so its foreign key, not this, reports it.)
                    CREATE TRIGGER expenses_frozen_insert BEFORE INSERT ON expenses
                    WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                    BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;
                    CREATE TRIGGER expenses_frozen_update BEFORE UPDATE ON expenses
                    WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                      OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
                    BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;
                    CREATE TRIGGER expenses_frozen_delete BEFORE DELETE ON expenses
                    WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
                    BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;

                    CREATE TABLE policy_rules (
                        rule TEXT PRIMARY KEY NOT NULL,
                        severity TEXT NOT NULL CHECK (severity IN ('warning', 'blocking', 'off'))
                    );

                    CREATE TABLE policy_acknowledgements (
                        report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                        violation TEXT NOT NULL,
                        actor TEXT NOT NULL,
                        at TEXT NOT NULL,
                        reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
                        PRIMARY KEY (report_id, violation)
                    );
                    """))
    }
}
