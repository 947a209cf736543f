import ExpenseCore
import ExpenseSupport

extension Schema {
    /// Per diems (issue 29): a report's trip gets the times of day it leaves and comes back and
    /// the country it goes to; its stops (from a day on, another country) and the meals provided
    /// on its days are rows of their own; the per-diem rates by country and date start as the
    /// shipped table (`AllowanceRateTable.shipped`) and are extended by imports; and the per-day
    /// rows computed at submission are frozen with the report (`report_allowances`).
    ///
    /// A report made before has no country and no times (NULL): it earns no per diems until it
    /// is given a country (`report edit --country`); its days then count, its missing times as
    /// 00:00. The stops, meals and frozen rows of a report that is not a draft cannot change
    /// (`tripTriggers`), as its items cannot.
    ///
    /// Frozen as it shipped: its checks, rates and triggers are written out, not made from today's
    /// helpers, `AllowanceRateTable.shipped` or `tripTriggers`.
    static func addTripAllowances(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    ALTER TABLE reports ADD COLUMN start_time TEXT CHECK (start_time IS NULL OR (start_time GLOB '[0-2][0-9]:[0-5][0-9]' AND start_time <= '23:59'));
                    ALTER TABLE reports ADD COLUMN end_time TEXT CHECK (end_time IS NULL OR (end_time GLOB '[0-2][0-9]:[0-5][0-9]' AND end_time <= '23:59'));
                    ALTER TABLE reports ADD COLUMN country TEXT CHECK (country IS NULL OR length(country) = 2 AND country NOT GLOB '*[^A-Z]*');

                    -- From `date` on, the trip is in `country`: one a day.
                    CREATE TABLE report_stops (
                        report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                        date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
                        country TEXT NOT NULL CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*'),
                        PRIMARY KEY (report_id, date)
                    );

                    -- The meals provided on a day of the trip (by the employer or at its instigation); a
                    -- day without a row had none.
                    CREATE TABLE report_meals (
                        report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                        date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
                        breakfast INTEGER NOT NULL CHECK (breakfast IN (0, 1)),
                        lunch INTEGER NOT NULL CHECK (lunch IN (0, 1)),
                        dinner INTEGER NOT NULL CHECK (dinner IN (0, 1)),
                        PRIMARY KEY (report_id, date),
                        CHECK (breakfast + lunch + dinner > 0)
                    );

                    -- The per-diem rates: from `valid_from` on, a day in `country` is allowed `full_day`
                    -- (between the first and the last) or `partial_day`, in minor units of `currency`.
                    CREATE TABLE allowance_rates (
                        country TEXT NOT NULL CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*'),
                        valid_from TEXT NOT NULL CHECK (valid_from IS date(valid_from, '+0 days')),
                        full_day INTEGER NOT NULL CHECK (full_day >= 0),
                        partial_day INTEGER NOT NULL CHECK (partial_day >= 0),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        PRIMARY KEY (country, valid_from)
                    );

                    -- A submitted report's per diems, day by day, as computed when it was submitted: the
                    -- rate row used (valid_from, full_day, partial_day, currency), the day's kind, meals,
                    -- rate, deductions and amount, and that amount in the report's currency.
                    CREATE TABLE report_allowances (
                        report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                        date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
                        country TEXT NOT NULL CHECK (length(country) = 2 AND country NOT GLOB '*[^A-Z]*'),
                        kind TEXT NOT NULL CHECK (kind IN ('full', 'partial', 'none')),
                        breakfast INTEGER NOT NULL CHECK (breakfast IN (0, 1)),
                        lunch INTEGER NOT NULL CHECK (lunch IN (0, 1)),
                        dinner INTEGER NOT NULL CHECK (dinner IN (0, 1)),
                        valid_from TEXT NOT NULL CHECK (valid_from IS date(valid_from, '+0 days')),
                        full_day INTEGER NOT NULL CHECK (full_day >= 0),
                        partial_day INTEGER NOT NULL CHECK (partial_day >= 0),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        rate_minor INTEGER NOT NULL CHECK (rate_minor >= 0),
                        deductions_minor INTEGER NOT NULL CHECK (deductions_minor >= 0),
                        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
                        -- The conversion into the report's currency, as an item's: the exact rate as text, its date and source.
                        rate TEXT NOT NULL CHECK (length(rate) > 0),
                        rate_date TEXT CHECK (rate_date IS date(rate_date, '+0 days')),
                        rate_source TEXT NOT NULL CHECK (rate_source = 'same' OR rate_source = 'table'),
                        converted_minor INTEGER NOT NULL CHECK (converted_minor >= 0),
                        PRIMARY KEY (report_id, date)
                    );
                    """))
        // The shipped per-diem rates (country, valid from, full day, partial day, currency) as this
        // migration shipped them, not `AllowanceRateTable.shipped` as it is today.
        try db.execute(
            SQL(
                verbatim: "INSERT INTO allowance_rates (country, valid_from, full_day, partial_day, currency) VALUES (?, ?, ?, ?, ?)",
                arguments: ["DE", "2020-01-01", 2800, 1400, "EUR"]))
        // `tripTriggers` as they were then; the app re-creates any that is not today's text when it opens the file.
        let triggers = [
            """
            CREATE TRIGGER report_stops_frozen_insert BEFORE INSERT ON report_stops
            WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_stops_frozen_update BEFORE UPDATE ON report_stops
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
              OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_stops_frozen_delete BEFORE DELETE ON report_stops
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_meals_frozen_insert BEFORE INSERT ON report_meals
            WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_meals_frozen_update BEFORE UPDATE ON report_meals
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
              OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_meals_frozen_delete BEFORE DELETE ON report_meals
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its trip is frozen'); END
            """,
            """
            CREATE TRIGGER report_allowances_frozen_insert BEFORE INSERT ON report_allowances
            WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its per diems are frozen'); END
            """,
            """
            CREATE TRIGGER report_allowances_frozen_update BEFORE UPDATE ON report_allowances
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
              OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its per diems are frozen'); END
            """,
            """
            CREATE TRIGGER report_allowances_frozen_delete BEFORE DELETE ON report_allowances
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its per diems are frozen'); END
            """,
        ]
        for trigger in triggers { try db.execute(SQL(verbatim: trigger)) }
    }

    /// The tables of a trip that are frozen with its report outside draft, and the words that refuse a change.
    static let frozenTripTables: [(table: String, message: String)] = [
        ("report_stops", "the report is not a draft; its trip is frozen"),
        ("report_meals", "the report is not a draft; its trip is frozen"),
        ("report_nights", "the report is not a draft; its trip is frozen"),
        ("report_office", "the report is not a draft; its trip is frozen"),
        ("report_allowances", "the report is not a draft; its per diems are frozen"),
    ]

    /// A trip's stops and meals, and the per diems frozen with its report, change only while the
    /// report is a draft, whatever writes them: the store writes the frozen rows before a report
    /// leaves draft and deletes them after it is back (recall, reopen).
    static var tripTriggers: [Trigger] {
        frozenTripTables.flatMap { frozenWithReport($0.table, message: $0.message) }
    }

    /// The triggers that let `table`'s rows (each with a `report_id`) be inserted, changed or
    /// deleted only while their report is a draft, refusing with `message`: a trip's rows and a
    /// report's advances alike.
    static func frozenWithReport(_ table: String, message: String) -> [Trigger] {
        [("insert", "NEW"), ("update", "OLD"), ("delete", "OLD")].map { event, row in
            let name = "\(table)_frozen_\(event)"
            let also = event == "update" ? "\n  OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'" : ""
            return Trigger(
                name: name,
                sql: """
                    CREATE TRIGGER \(name) BEFORE \(event.uppercased()) ON \(table)
                    WHEN (SELECT status FROM reports WHERE id = \(row).report_id) <> 'draft'\(also)
                    BEGIN SELECT RAISE(ABORT, '\(message)'); END
                    """)
        }
    }
}
