extension PostgresSchema {
    /// Issue 44: per diems abroad, as SQLite's migration `Schema.perDiemsAbroad` has them: the
    /// per-diem table's places and lodging flats (key (country, place, valid_from)), a report's
    /// place and `overnight`, a stop's place, paid meals, the nights at the lodging flat and the
    /// hours at one's own office (frozen outside draft by `report_rows_frozen`, read with their
    /// report by `tripPolicies`, written only by `report_night` and `report_office`), and the
    /// frozen per-day rows' new columns. Literal SQL.
    static let perDiemsAbroad = """
        ALTER TABLE allowance_rates ADD COLUMN place text NOT NULL DEFAULT '';
        ALTER TABLE allowance_rates ADD COLUMN lodging bigint NULL CHECK (lodging IS NULL OR lodging >= 0);
        ALTER TABLE allowance_rates DROP CONSTRAINT allowance_rates_pkey;
        ALTER TABLE allowance_rates ADD PRIMARY KEY (country, place, valid_from);
        UPDATE allowance_rates SET lodging = 2000 WHERE country = 'DE' AND place = '' AND valid_from = '2020-01-01' AND currency = 'EUR';

        ALTER TABLE reports ADD COLUMN place text NULL;
        ALTER TABLE reports ADD COLUMN overnight bigint NOT NULL DEFAULT 1 CHECK (overnight IN (0, 1));

        ALTER TABLE report_stops ADD COLUMN place text NULL;

        ALTER TABLE report_meals ADD COLUMN breakfast_paid bigint NOT NULL DEFAULT 0,
            ADD COLUMN lunch_paid bigint NOT NULL DEFAULT 0,
            ADD COLUMN dinner_paid bigint NOT NULL DEFAULT 0,
            ADD CHECK (breakfast_paid >= 0 AND (breakfast = 1 OR breakfast_paid = 0)),
            ADD CHECK (lunch_paid >= 0 AND (lunch = 1 OR lunch_paid = 0)),
            ADD CHECK (dinner_paid >= 0 AND (dinner = 1 OR dinner_paid = 0));

        CREATE TABLE report_nights (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            date text NOT NULL CHECK (expenses_is_date(date)),
            PRIMARY KEY (report_id, date)
        );

        CREATE TABLE report_office (
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            starts text NOT NULL CHECK (starts ~ '^[0-9]{4}-[01][0-9]-[0-3][0-9]T([01][0-9]|2[0-3]):[0-5][0-9]$'),
            ends text NOT NULL CHECK (ends ~ '^[0-9]{4}-[01][0-9]-[0-3][0-9]T([01][0-9]|2[0-3]):[0-5][0-9]$'),
            PRIMARY KEY (report_id, starts),
            CHECK (ends > starts)
        );

        ALTER TABLE report_allowances ADD COLUMN place text NOT NULL DEFAULT '',
            ADD COLUMN basis text NOT NULL DEFAULT 'country' CHECK (basis IN ('place', 'country', 'luxembourg')),
            ADD COLUMN rule text NOT NULL DEFAULT ''
                CHECK (rule IN ('', 'between', 'departure', 'return', 'one-day', 'short', 'over-midnight', 'over-midnight-other')),
            ADD COLUMN absence_minutes bigint NULL CHECK (absence_minutes IS NULL OR absence_minutes >= 0),
            ADD COLUMN breakfast_paid bigint NOT NULL DEFAULT 0 CHECK (breakfast_paid >= 0),
            ADD COLUMN lunch_paid bigint NOT NULL DEFAULT 0 CHECK (lunch_paid >= 0),
            ADD COLUMN dinner_paid bigint NOT NULL DEFAULT 0 CHECK (dinner_paid >= 0),
            ADD COLUMN lodging_minor bigint NOT NULL DEFAULT 0 CHECK (lodging_minor >= 0),
            ADD COLUMN lodging_converted_minor bigint NOT NULL DEFAULT 0 CHECK (lodging_converted_minor >= 0),
            ADD COLUMN shared_report bigint NULL,
            ADD COLUMN shared_minor bigint NOT NULL DEFAULT 0 CHECK (shared_minor >= 0),
            ADD COLUMN elsewhere_minor bigint NOT NULL DEFAULT 0 CHECK (elsewhere_minor >= 0);

        CREATE TRIGGER report_nights_frozen_insert BEFORE INSERT ON report_nights FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_nights_frozen_update BEFORE UPDATE ON report_nights FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_nights_frozen_delete BEFORE DELETE ON report_nights FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_office_frozen_insert BEFORE INSERT ON report_office FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_office_frozen_update BEFORE UPDATE ON report_office FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        CREATE TRIGGER report_office_frozen_delete BEFORE DELETE ON report_office FOR EACH ROW EXECUTE FUNCTION report_rows_frozen('the report is not a draft; its trip is frozen');
        """
}
