import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Separation of duties, held by the server against any client: the owner submits, recalls
    /// and reopens; someone else approves, rejects (an approver) or reimburses (finance). Row
    /// security already hides most of what one may not do; this refuses the rest in words the app
    /// uses (`ReportAction.check`). Named to fire after `reports_status_change` (triggers fire in
    /// name order), so an illegal or unlogged step is refused as such first.
    static var workflowActors: String {
        let steps = ReportAction.allCases.map { action in
            let group = groupRole(for: action).map(literal) ?? "NULL"
            return "(\(literal(action.from.rawValue)), \(literal(action.to.rawValue)), \(literal(action.rawValue)), "
                + "\(action.actor == .owner), \(group))"
        }.joined(separator: ", ")
        return """
            CREATE OR REPLACE FUNCTION reports_status_change_actor() RETURNS trigger LANGUAGE plpgsql \(pinnedSearchPath) AS $$
            DECLARE
                step_name text;
                owners_step boolean;
                group_role text;
            BEGIN
                -- The administrator's copy of a file's history (TeamImport): logged as imported, by them.
                IF current_user = '\(definerRole)' AND current_setting('expenses.importing', true) = 'history' THEN
                    RETURN NEW;
                END IF;
                SELECT s.name, s.by_owner, s.grp INTO step_name, owners_step, group_role
                FROM (VALUES \(steps)) AS s (from_status, to_status, name, by_owner, grp)
                WHERE s.from_status = OLD.status AND s.to_status = NEW.status;
                IF step_name IS NULL THEN
                    RETURN NEW;   -- not a step: reports_status_change refuses it
                END IF;
                IF owners_step AND OLD.owner <> session_user THEN
                    RAISE EXCEPTION 'report % belongs to %; only they can % it', OLD.id, OLD.owner, step_name
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF NOT owners_step AND OLD.owner = session_user THEN
                    RAISE EXCEPTION '% owns report % and cannot % it: someone else must (separation of duties)',
                        session_user, OLD.id, step_name USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF group_role IS NOT NULL AND NOT pg_has_role(session_user, group_role, 'MEMBER') THEN
                    RAISE EXCEPTION 'only a member of % can % report %', group_role, step_name, OLD.id
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                RETURN NEW;
            END $$;
            CREATE OR REPLACE TRIGGER reports_status_change_actor BEFORE UPDATE OF status ON reports
                FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION reports_status_change_actor();
            """
    }

    /// Who moves someone else's report moves only that: its status (and when it changed). Also from
    /// inside a trigger: anyone can put one on a temporary table of their own, so the depth says
    /// nothing about who wrote the UPDATE. The totals the items' triggers keep change only with
    /// items, and only the owner writes those.
    static let ownerEdits = """
        CREATE OR REPLACE FUNCTION reports_owner_edits() RETURNS trigger LANGUAGE plpgsql \(pinnedSearchPath) AS $$
        BEGIN
            -- The write layer's functions (and the administrator's copy, as their role) check who may
            -- change what themselves; an item of the owner's written by them keeps the totals.
            IF current_user = '\(definerRole)' THEN
                RETURN NEW;
            END IF;
            IF OLD.owner <> session_user
               AND to_jsonb(NEW) - 'status' - 'updated_at' <> to_jsonb(OLD) - 'status' - 'updated_at' THEN
                RAISE EXCEPTION 'report % belongs to %; others can only change its status', OLD.id, OLD.owner
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            RETURN NEW;
        END $$;
        CREATE OR REPLACE TRIGGER reports_owner_edits BEFORE UPDATE ON reports
            FOR EACH ROW EXECUTE FUNCTION reports_owner_edits();
        """

    /// A receipt is attached only to an item of whoever captured it: the link's foreign key does
    /// not see row security, and a link to someone else's receipt would show it with the item.
    /// (A row security check here would read receipts from their links' policy, which PostgreSQL
    /// refuses as recursive.)
    static let receiptOwners = """
        CREATE OR REPLACE FUNCTION expense_receipts_same_owner() RETURNS trigger LANGUAGE plpgsql \(pinnedSearchPath) AS $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM receipts c JOIN expenses e ON e.owner = c.owner
                           WHERE c.id = NEW.receipt_id AND e.id = NEW.expense_id) THEN
                RAISE EXCEPTION 'receipt % is not the receipt of the owner of expense %', NEW.receipt_id, NEW.expense_id
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            RETURN NEW;
        END $$;
        CREATE OR REPLACE TRIGGER expense_receipts_same_owner BEFORE INSERT OR UPDATE ON expense_receipts
            FOR EACH ROW EXECUTE FUNCTION expense_receipts_same_owner();
        """
}
