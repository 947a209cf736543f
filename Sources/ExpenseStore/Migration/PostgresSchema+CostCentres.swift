extension PostgresSchema {
    /// `Schema.addPeopleAndCostCentres` on the server. People and cost centres are read by every
    /// member (who approves whom is public knowledge inside the company) and changed by finance or
    /// the administrator alone (`person_set`, `cost_centre_save`); what a report and its items are
    /// charged to is seen with the report and written by its owner on her own draft alone
    /// (`report_cost_centres_set`, `expense_cost_centres_set`), frozen outside draft by the
    /// triggers of the same names as SQLite's. Literal SQL.
    static let peopleAndCostCentres = """
        CREATE TABLE people (
            name text PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
            manager text CHECK (manager IS NULL OR (length(manager) BETWEEN 1 AND 200 AND manager <> name)),
            changed_by text NOT NULL,
            changed_at text NOT NULL
        );
        CREATE TABLE cost_centres (
            code text PRIMARY KEY NOT NULL CHECK (code ~ '^[A-Za-z0-9._-]{1,20}$'),
            name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
            owner text NOT NULL CHECK (length(owner) BETWEEN 1 AND 200),
            changed_by text NOT NULL,
            changed_at text NOT NULL
        );
        CREATE TABLE report_cost_centres (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            cost_centre text NOT NULL REFERENCES cost_centres (code),
            share bigint NOT NULL CHECK (share BETWEEN 1 AND 10000),
            PRIMARY KEY (report_id, cost_centre)
        );
        CREATE TABLE expense_cost_centres (
            expense_id bigint NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
            cost_centre text NOT NULL REFERENCES cost_centres (code),
            share bigint NOT NULL CHECK (share BETWEEN 1 AND 10000),
            PRIMARY KEY (expense_id, cost_centre)
        );

        CREATE TRIGGER report_cost_centres_frozen_insert BEFORE INSERT ON report_cost_centres FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its cost centres are frozen');
        CREATE TRIGGER report_cost_centres_frozen_update BEFORE UPDATE ON report_cost_centres FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its cost centres are frozen');
        CREATE TRIGGER report_cost_centres_frozen_delete BEFORE DELETE ON report_cost_centres FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its cost centres are frozen');

        -- An item's own cost centres change only while its report is a draft (or it is in none).
        CREATE FUNCTION expense_cost_centres_frozen() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF TG_OP <> 'INSERT' AND (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its cost centres are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP <> 'DELETE' AND (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its cost centres are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER expense_cost_centres_frozen_insert BEFORE INSERT ON expense_cost_centres FOR EACH ROW EXECUTE FUNCTION expense_cost_centres_frozen();
        CREATE TRIGGER expense_cost_centres_frozen_update BEFORE UPDATE ON expense_cost_centres FOR EACH ROW EXECUTE FUNCTION expense_cost_centres_frozen();
        CREATE TRIGGER expense_cost_centres_frozen_delete BEFORE DELETE ON expense_cost_centres FOR EACH ROW EXECUTE FUNCTION expense_cost_centres_frozen();
        """

    /// What a report and its items are charged to is seen with them, as their stops and VAT parts are.
    static var costCentrePolicies: [Policy] {
        [
            Policy(
                name: "report_cost_centres_of_visible_reports", table: "report_cost_centres", command: "SELECT", roles: groupRoles,
                using: "EXISTS (SELECT 1 FROM reports r WHERE r.id = report_cost_centres.report_id)"),
            Policy(
                name: "expense_cost_centres_of_visible_items", table: "expense_cost_centres", command: "SELECT", roles: groupRoles,
                using: "EXISTS (SELECT 1 FROM expenses e WHERE e.id = expense_cost_centres.expense_id)"),
        ]
    }
}
