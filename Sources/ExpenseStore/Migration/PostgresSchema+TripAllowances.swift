import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Per diems (issue 29), as SQLite's migration `Schema.addTripAllowances` has them: a report's
    /// times of day and country, its stops and meals, the per-diem rates (the shipped table to
    /// start with) and the per-day rows frozen at submission, each frozen outside draft by the
    /// triggers of the same names. Who may read and write them: `tripPolicies`, `tripFunctions`.
    ///
    /// Frozen as it shipped: its checks, the shipped rates, the kinds of day, the triggers' search
    /// path and `Schema.frozenTripTables`' messages are written out.
    static let tripAllowances = """
        ALTER TABLE reports ADD COLUMN start_time text CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
        ALTER TABLE reports ADD COLUMN end_time text CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
        ALTER TABLE reports ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');

        CREATE TABLE report_stops (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            date text NOT NULL CHECK (expenses_is_date(date)),
            country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
            PRIMARY KEY (report_id, date)
        );

        CREATE TABLE report_meals (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            date text NOT NULL CHECK (expenses_is_date(date)),
            breakfast bigint NOT NULL CHECK (breakfast IN (0, 1)),
            lunch bigint NOT NULL CHECK (lunch IN (0, 1)),
            dinner bigint NOT NULL CHECK (dinner IN (0, 1)),
            PRIMARY KEY (report_id, date),
            CHECK (breakfast + lunch + dinner > 0)
        );

        -- Shared by everyone, as the exchange rates; finance keeps them (allowance_rate_save).
        CREATE TABLE allowance_rates (
            country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
            valid_from text NOT NULL CHECK (expenses_is_date(valid_from)),
            full_day bigint NOT NULL CHECK (full_day >= 0),
            partial_day bigint NOT NULL CHECK (partial_day >= 0),
            currency text NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
            PRIMARY KEY (country, valid_from)
        );
        INSERT INTO allowance_rates (country, valid_from, full_day, partial_day, currency) VALUES
            ('DE', '2020-01-01', 2800, 1400, 'EUR');

        CREATE TABLE report_allowances (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            date text NOT NULL CHECK (expenses_is_date(date)),
            country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
            kind text NOT NULL CHECK (kind IN ('full', 'partial', 'none')),
            breakfast bigint NOT NULL CHECK (breakfast IN (0, 1)),
            lunch bigint NOT NULL CHECK (lunch IN (0, 1)),
            dinner bigint NOT NULL CHECK (dinner IN (0, 1)),
            valid_from text NOT NULL CHECK (expenses_is_date(valid_from)),
            full_day bigint NOT NULL CHECK (full_day >= 0),
            partial_day bigint NOT NULL CHECK (partial_day >= 0),
            currency text NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
            rate_minor bigint NOT NULL CHECK (rate_minor >= 0),
            deductions_minor bigint NOT NULL CHECK (deductions_minor >= 0),
            amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
            rate text NOT NULL CHECK (length(rate) > 0),
            rate_date text CHECK (expenses_is_date(rate_date)),
            rate_source text NOT NULL CHECK (rate_source IN ('same', 'table')),
            converted_minor bigint NOT NULL CHECK (converted_minor >= 0),
            PRIMARY KEY (report_id, date)
        );

        -- A trip's stops and meals and its frozen per diems (and, from pg-v5, a report's advances)
        -- change only while its report is a draft, whatever writes them (the message is the trigger's argument).
        CREATE FUNCTION report_rows_frozen() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF TG_OP <> 'INSERT' AND (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft' THEN
                RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP <> 'DELETE' AND (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft' THEN
                RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER report_stops_frozen_insert BEFORE INSERT ON report_stops FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_stops_frozen_update BEFORE UPDATE ON report_stops FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_stops_frozen_delete BEFORE DELETE ON report_stops FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_meals_frozen_insert BEFORE INSERT ON report_meals FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_meals_frozen_update BEFORE UPDATE ON report_meals FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_meals_frozen_delete BEFORE DELETE ON report_meals FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_allowances_frozen_insert BEFORE INSERT ON report_allowances FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its per diems are frozen');
        CREATE TRIGGER report_allowances_frozen_update BEFORE UPDATE ON report_allowances FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its per diems are frozen');
        CREATE TRIGGER report_allowances_frozen_delete BEFORE DELETE ON report_allowances FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its per diems are frozen');
        """

    /// A report's stops, meals and frozen per diems are seen with their report, as its audit log is.
    static var tripPolicies: [Policy] {
        ["report_stops", "report_meals", "report_allowances", "report_nights", "report_office"].map { table in
            Policy(
                name: "\(table)_of_visible_reports", table: table, command: "SELECT", roles: groupRoles,
                using: "EXISTS (SELECT 1 FROM reports r WHERE r.id = \(table).report_id)")
        }
    }
}
