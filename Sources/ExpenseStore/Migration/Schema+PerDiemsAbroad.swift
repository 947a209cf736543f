import ExpenseSupport

extension Schema {
    /// Issue 44: per diems abroad. The per-diem table names cities (`place`; '' is the country's
    /// own row) and a lodging flat a night; a report's trip names its place, and may be over
    /// midnight without a night away (`overnight` 0); a stop names its place; a provided meal may
    /// have been paid for in part (`*_paid`); the nights paid at the lodging flat and the hours at
    /// one's own office are rows of their own (`report_nights`, `report_office`), frozen with the
    /// report as its stops are; and the frozen per-day rows keep where, by which row and rule,
    /// the absence counted, the paid meals, the lodging flat and what another trip shared of the day.
    ///
    /// `allowance_rates` is rebuilt: its key becomes (country, place, valid_from). The domestic
    /// row gets its lodging flat (R 9.7 Abs. 3 LStR: 20 EUR a night without a bill).
    ///
    /// Frozen as it shipped: literal SQL, its triggers written out as `tripTriggers` made them then.
    static func addPerDiemsAbroad(_ db: Database) throws {
        try db.execute(SQL(verbatim: perDiemsAbroad))
    }

    static let perDiemsAbroad = """
        CREATE TABLE allowance_rates_rebuilt (
            country TEXT NOT NULL CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*'),
            valid_from TEXT NOT NULL CHECK (valid_from IS date(valid_from, '+0 days')),
            full_day INTEGER NOT NULL CHECK (full_day >= 0),
            partial_day INTEGER NOT NULL CHECK (partial_day >= 0),
            currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
            place TEXT NOT NULL DEFAULT '',
            lodging INTEGER NULL CHECK (lodging IS NULL OR lodging >= 0),
            PRIMARY KEY (country, place, valid_from)
        );
        INSERT INTO allowance_rates_rebuilt (country, valid_from, full_day, partial_day, currency)
            SELECT country, valid_from, full_day, partial_day, currency FROM allowance_rates;
        DROP TABLE allowance_rates;
        ALTER TABLE allowance_rates_rebuilt RENAME TO allowance_rates;
        UPDATE allowance_rates SET lodging = 2000 WHERE country = 'DE' AND place = '' AND valid_from = '2020-01-01' AND currency = 'EUR';

        ALTER TABLE reports ADD COLUMN place TEXT NULL;
        ALTER TABLE reports ADD COLUMN overnight INTEGER NOT NULL DEFAULT 1 CHECK (overnight IN (0, 1));

        ALTER TABLE report_stops ADD COLUMN place TEXT NULL;

        ALTER TABLE report_meals ADD COLUMN breakfast_paid INTEGER NOT NULL DEFAULT 0
            CHECK (breakfast_paid >= 0 AND (breakfast = 1 OR breakfast_paid = 0));
        ALTER TABLE report_meals ADD COLUMN lunch_paid INTEGER NOT NULL DEFAULT 0
            CHECK (lunch_paid >= 0 AND (lunch = 1 OR lunch_paid = 0));
        ALTER TABLE report_meals ADD COLUMN dinner_paid INTEGER NOT NULL DEFAULT 0
            CHECK (dinner_paid >= 0 AND (dinner = 1 OR dinner_paid = 0));

        -- The night that begins on `date` is paid at the lodging flat (no hotel bill).
        CREATE TABLE report_nights (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
            PRIMARY KEY (report_id, date)
        );

        -- Hours at one's own office during the trip (local times): they interrupt the absence.
        CREATE TABLE report_office (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            starts TEXT NOT NULL CHECK (starts GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]'),
            ends TEXT NOT NULL CHECK (ends GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]'),
            PRIMARY KEY (report_id, starts),
            CHECK (ends > starts)
        );

        ALTER TABLE report_allowances ADD COLUMN place TEXT NOT NULL DEFAULT '';
        ALTER TABLE report_allowances ADD COLUMN basis TEXT NOT NULL DEFAULT 'country'
            CHECK (basis IN ('place', 'country', 'luxembourg'));
        ALTER TABLE report_allowances ADD COLUMN rule TEXT NOT NULL DEFAULT ''
            CHECK (rule IN ('', 'between', 'departure', 'return', 'one-day', 'short', 'over-midnight', 'over-midnight-other'));
        ALTER TABLE report_allowances ADD COLUMN absence_minutes INTEGER NULL CHECK (absence_minutes IS NULL OR absence_minutes >= 0);
        ALTER TABLE report_allowances ADD COLUMN breakfast_paid INTEGER NOT NULL DEFAULT 0 CHECK (breakfast_paid >= 0);
        ALTER TABLE report_allowances ADD COLUMN lunch_paid INTEGER NOT NULL DEFAULT 0 CHECK (lunch_paid >= 0);
        ALTER TABLE report_allowances ADD COLUMN dinner_paid INTEGER NOT NULL DEFAULT 0 CHECK (dinner_paid >= 0);
        ALTER TABLE report_allowances ADD COLUMN lodging_minor INTEGER NOT NULL DEFAULT 0 CHECK (lodging_minor >= 0);
        ALTER TABLE report_allowances ADD COLUMN lodging_converted_minor INTEGER NOT NULL DEFAULT 0 CHECK (lodging_converted_minor >= 0);
        ALTER TABLE report_allowances ADD COLUMN shared_report INTEGER NULL;
        ALTER TABLE report_allowances ADD COLUMN shared_minor INTEGER NOT NULL DEFAULT 0 CHECK (shared_minor >= 0);
        ALTER TABLE report_allowances ADD COLUMN elsewhere_minor INTEGER NOT NULL DEFAULT 0 CHECK (elsewhere_minor >= 0);

        CREATE TRIGGER report_nights_frozen_insert BEFORE INSERT ON report_nights
        WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        CREATE TRIGGER report_nights_frozen_update BEFORE UPDATE ON report_nights
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
          OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        CREATE TRIGGER report_nights_frozen_delete BEFORE DELETE ON report_nights
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        CREATE TRIGGER report_office_frozen_insert BEFORE INSERT ON report_office
        WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        CREATE TRIGGER report_office_frozen_update BEFORE UPDATE ON report_office
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
          OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        CREATE TRIGGER report_office_frozen_delete BEFORE DELETE ON report_office
        WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END;
        """
}
