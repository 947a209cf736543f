extension PostgresSchema {
    /// SQLite's triggers, by the same names and with the same messages (`Schema.protectiveTriggers`
    /// and the report totals), so the app shows the same words for the same rule. A refusal is an
    /// integrity constraint violation (SQLSTATE 23000), as SQLite's RAISE(ABORT) is a constraint
    /// error. The functions run as the writer: what they read, they read through its row security.
    ///
    /// Part of the first migration (`createTables`), frozen as it shipped: the legal transitions
    /// and the functions' search path are written out; it begins with `countFunction`, itself a
    /// shipped migration's text.
    static let triggers = """
        \(countFunction)
        CREATE TRIGGER expenses_count_insert AFTER INSERT ON expenses
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION expenses_count();
        CREATE TRIGGER expenses_count_delete AFTER DELETE ON expenses
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION expenses_count();
        CREATE TRIGGER expenses_count_update AFTER UPDATE ON expenses
            REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION expenses_count();

        -- The audit log is append-only: refused per statement, so that also an UPDATE or DELETE
        -- whose rows row security hides, and a TRUNCATE, is refused, not a silent no-op.
        CREATE FUNCTION report_events_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'integrity_constraint_violation';
        END $$;
        CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON report_events
            FOR EACH STATEMENT EXECUTE FUNCTION report_events_append_only();
        CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON report_events
            FOR EACH STATEMENT EXECUTE FUNCTION report_events_append_only();
        CREATE TRIGGER report_events_append_only_truncate BEFORE TRUNCATE ON report_events
            FOR EACH STATEMENT EXECUTE FUNCTION report_events_append_only();

        -- The server checks an entry's hash has the form of one; the app checks the chain.
        CREATE FUNCTION report_events_hashed_insert() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            RAISE EXCEPTION 'an audit log entry needs its hash: only expenses writes the log'
                USING ERRCODE = 'integrity_constraint_violation';
        END $$;
        CREATE TRIGGER report_events_hashed_insert BEFORE INSERT ON report_events
            FOR EACH ROW WHEN (NEW.hash IS NULL OR NEW.hash !~ '^[0-9a-f]{64}$')
            EXECUTE FUNCTION report_events_hashed_insert();

        -- A status changes only along a legal transition, and only after it was logged.
        CREATE FUNCTION reports_status_change() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF (OLD.status, NEW.status) NOT IN (VALUES ('draft', 'submitted'), ('submitted', 'approved'), ('submitted', 'rejected'), ('submitted', 'draft'), ('approved', 'reimbursed'), ('rejected', 'draft')) THEN
                RAISE EXCEPTION 'illegal report transition' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF NOT EXISTS (SELECT 1 FROM report_events
                           WHERE id = (SELECT max(id) FROM report_events WHERE report_id = NEW.id)
                             AND from_status = OLD.status AND to_status = NEW.status) THEN
                RAISE EXCEPTION 'a report transition must be logged first' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER reports_status_change BEFORE UPDATE OF status ON reports
            FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION reports_status_change();

        -- Items are frozen outside draft, whatever writes them. (A missing report reads as NULL,
        -- so its foreign key, not this, reports it.)
        CREATE FUNCTION expenses_frozen() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF TG_OP <> 'INSERT' AND (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP <> 'DELETE' AND (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER expenses_frozen_update BEFORE UPDATE ON expenses FOR EACH ROW EXECUTE FUNCTION expenses_frozen();
        -- Inserted and deleted rows, many at a time (an import, its undo), are checked once per
        -- statement: it fails whole when any of its rows is in a report that is not a draft.
        CREATE FUNCTION expenses_frozen_rows() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM changed c JOIN reports r ON r.id = c.report_id WHERE r.status <> 'draft') THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER expenses_frozen_insert AFTER INSERT ON expenses
            REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION expenses_frozen_rows();
        CREATE TRIGGER expenses_frozen_delete AFTER DELETE ON expenses
            REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION expenses_frozen_rows();

        -- The receipts of an item are part of it: frozen with the item outside draft.
        CREATE FUNCTION expense_receipts_frozen() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id
                WHERE e.id = CASE TG_OP WHEN 'DELETE' THEN OLD.expense_id ELSE NEW.expense_id END) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER expense_receipts_frozen_insert BEFORE INSERT ON expense_receipts
            FOR EACH ROW EXECUTE FUNCTION expense_receipts_frozen();
        CREATE TRIGGER expense_receipts_frozen_delete BEFORE DELETE ON expense_receipts
            FOR EACH ROW EXECUTE FUNCTION expense_receipts_frozen();
        """

    /// The function that keeps a report's item count and total: also a migration of its own
    /// (`PostgresMigrations`), which replaces it on a database made before it saturated. Frozen as
    /// it shipped, its search path and bounds written out.
    static let countFunction = """
        -- The cached item count and total of a report follow its items: once per statement, from
        -- its transition tables, so an import's 10,000 rows update their report once. (Row by row,
        -- one report's row got 10,000 new versions in one transaction, each found by walking the
        -- ones before it: a million-row import ran for hours.) The sums are numeric, and a total
        -- beyond bigint is kept at its end rather than failing with SQL words: the app refuses a
        -- total beyond the largest it handles after the insert, naming the report.
        CREATE OR REPLACE FUNCTION expenses_count() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                UPDATE reports r SET item_count = r.item_count - gone.items, total_minor = LEAST(GREATEST(r.total_minor - gone.total, -9223372036854775808), 9223372036854775807)::bigint
                FROM (SELECT report_id, count(*) AS items, sum(converted_minor) AS total FROM removed
                      WHERE report_id IS NOT NULL GROUP BY report_id) AS gone
                WHERE r.id = gone.report_id;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                UPDATE reports r SET item_count = r.item_count + came.items, total_minor = LEAST(GREATEST(r.total_minor + came.total, -9223372036854775808), 9223372036854775807)::bigint
                FROM (SELECT report_id, count(*) AS items, sum(converted_minor) AS total FROM added
                      WHERE report_id IS NOT NULL GROUP BY report_id) AS came
                WHERE r.id = came.report_id;
            END IF;
            RETURN NULL;
        END $$;
        """
}
