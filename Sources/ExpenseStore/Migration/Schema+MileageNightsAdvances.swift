import ExpenseCore
import ExpenseSupport

extension Schema {
    /// The largest rate per kilometre in minor units: a 100,000 km journey at it still fits an amount.
    static let maximumMileageRateMinor = Money.maximumMinorUnits / Distance.maximumTenths

    /// Issue 29's items: a mileage item keeps its journey (distance in tenths of a km, vehicle,
    /// places) and a lodging item its nights; the rates per km are a dated table a team shares,
    /// seeded with the tax-free defaults; a report's cash advances are rows of their own, frozen
    /// with the report like its items (`advanceTriggers`).
    ///
    /// Frozen as it shipped: its limits (`Distance.maximumTenths`, `Expense.maximumNights`,
    /// `maximumMileageRateMinor`), seeded rates and triggers are written out as they were then.
    static func addMileageNightsAdvances(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    ALTER TABLE expenses ADD COLUMN distance_tenths INTEGER
                        CHECK (distance_tenths > 0 AND distance_tenths <= 1000000);
                    ALTER TABLE expenses ADD COLUMN vehicle TEXT
                        CHECK (vehicle IS NULL OR ((vehicle = 'car' OR vehicle = 'motorcycle') AND distance_tenths IS NOT NULL));
                    ALTER TABLE expenses ADD COLUMN from_place TEXT;
                    ALTER TABLE expenses ADD COLUMN to_place TEXT;
                    ALTER TABLE expenses ADD COLUMN nights INTEGER CHECK (nights >= 1 AND nights <= 366);

                    CREATE TABLE mileage_rates (
                        vehicle TEXT NOT NULL CHECK (vehicle = 'car' OR vehicle = 'motorcycle'),
                        valid_from TEXT NOT NULL CHECK (valid_from IS date(valid_from, '+0 days')),
                        rate_minor INTEGER NOT NULL CHECK (rate_minor > 0 AND rate_minor <= 999999999),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        PRIMARY KEY (vehicle, valid_from)
                    );

                    CREATE TABLE report_advances (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        report_id INTEGER NOT NULL REFERENCES reports (id),
                        date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
                        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        rate TEXT NOT NULL,
                        rate_date TEXT CHECK (rate_date IS date(rate_date, '+0 days')),
                        rate_source TEXT NOT NULL CHECK (rate_source = 'same' OR rate_source = 'manual' OR rate_source = 'table'),
                        converted_minor INTEGER NOT NULL CHECK (converted_minor >= 0),
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX report_advances_by_report ON report_advances (report_id, id);
                    """))
        // The seeded rates per km (vehicle, valid from, rate, currency) as this migration shipped
        // them, not `Vehicle.defaultRate` as it is today.
        for values: [DatabaseValue] in [["car", "2000-01-01", 30, "EUR"], ["motorcycle", "2000-01-01", 20, "EUR"]] {
            try db.execute(
                SQL(
                    verbatim: "INSERT INTO mileage_rates (vehicle, valid_from, rate_minor, currency) VALUES (?, ?, ?, ?)", arguments: values
                ))
        }
        // `advanceTriggers` as they were then; the app re-creates any that is not today's text when it opens the file.
        let triggers = [
            """
            CREATE TRIGGER report_advances_frozen_insert BEFORE INSERT ON report_advances
            WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
            """,
            """
            CREATE TRIGGER report_advances_frozen_update BEFORE UPDATE ON report_advances
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
              OR (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
            """,
            """
            CREATE TRIGGER report_advances_frozen_delete BEFORE DELETE ON report_advances
            WHEN (SELECT status FROM reports WHERE id = OLD.report_id) <> 'draft'
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
            """,
        ]
        for trigger in triggers { try db.execute(SQL(verbatim: trigger)) }
    }

    /// A report's advances are frozen with it: added or removed only while it is a draft.
    static var advanceTriggers: [Trigger] {
        frozenWithReport("report_advances", message: "the report is not a draft; its items are frozen")
    }
}
