import ExpenseCore
import ExpenseSupport

/// The app's schema, as migrations. Never edit a shipped migration: add one.
///
/// A migration is frozen as it shipped: its SQL is literal text, and nothing of today's types goes
/// into it (no enum's cases, no table of defaults, no constant of the domain), so that no change to
/// them rewrites what a database already ran. Today's rules (`protectiveTriggers`) are the current
/// code's, checked at every open. `MigrationManifestTests` holds each registered migration to its
/// line in `Tests/ExpenseStoreTests/ShippedMigrations.swift`: the SHA-256 of what it executes.
public enum Schema {
    public static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register("2026-11-30-v1-reports-expenses", createReportsAndExpenses)
        migrator.register("2026-11-30-v2-imports-and-rates", createImportsAndRates)
        migrator.register("2026-11-30-v3-shortcuts", createShortcuts)
        migrator.register("2026-11-30-v4-workflow-and-policy", createWorkflow)
        migrator.register("2026-11-30-v5-receipts", createReceipts)
        migrator.register("2026-11-30-v6-one-date-index", mergeDateIndexes)
        migrator.register("2026-12-01-v7-open-sessions", createOpenSessions)
        migrator.register("2026-12-02-v8-app-shortcuts", createAppShortcuts)
        migrator.register("2026-12-03-v9-normalised-user-names", normaliseUserNames)
        migrator.register("2026-12-04-v10-audit-chain", chainAuditLog)
        migrator.register("2026-12-05-v11-rate-source-check-by-comparisons", checkRateSourceByComparisons)
        migrator.register("2026-12-06-v12-trip-allowances", addTripAllowances)
        migrator.register("2026-12-07-v13-mileage-nights-advances", addMileageNightsAdvances)
        migrator.register("2026-12-08-v14-mail-receipts", acceptMailReceipts)
        migrator.register("2026-12-09-v15-receipt-matching", addReceiptMatching)
        migrator.register("2026-12-10-v16-manual-rate-tolerance", addManualRateTolerance)
        migrator.register("2026-12-11-v17-item-vat", addItemVAT)
        migrator.register("2026-12-18-v18-payments", addPayments)
        migrator.register("2026-12-19-v19-booking", addBooking)
        migrator.register("2026-12-20-v20-database-identity", addDatabaseIdentity)
        migrator.register("2026-12-21-v21-people-and-cost-centres", addPeopleAndCostCentres)
        migrator.register("2026-12-22-v22-approval-route", addApprovalRoute)
        migrator.register("2026-12-24-v23-expense-cuts", addExpenseCuts)
        migrator.register("2026-12-25-v24-per-diems-abroad", addPerDiemsAbroad)
        migrator.register("2026-12-26-v25-bmf-rates-2024-2026", addBMFRates2024To2026)
        migrator.register("2026-12-27-v26-matching-index", keepKeyedRowsOutOfTheMatchingIndex)
        return migrator
    }

    static func createReportsAndExpenses(_ db: Database) throws {
        // Dates are checked with `date(x, '+0 days')`: SQLite 3.40's date(x) returns 2026-02-30
        // unchanged, while any modifier normalizes it to 2026-03-02 and so exposes the bad day.
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE categories (
                        code TEXT PRIMARY KEY NOT NULL CHECK (code GLOB '[a-z]*' AND code NOT GLOB '*[^a-z0-9_]*'),
                        name TEXT NOT NULL CHECK (length(name) > 0),
                        receipt_required_above INTEGER CHECK (receipt_required_above >= 0),
                        daily_limit INTEGER CHECK (daily_limit > 0),
                        currency TEXT NOT NULL CHECK (length(currency) = 3),
                        position INTEGER NOT NULL
                    );

                    CREATE TABLE reports (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                        purpose TEXT NOT NULL DEFAULT '',
                        destination TEXT NOT NULL DEFAULT '',
                        start_date TEXT CHECK (start_date IS date(start_date, '+0 days')),
                        end_date TEXT CHECK (end_date IS date(end_date, '+0 days')),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        status TEXT NOT NULL DEFAULT 'draft'
                            CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'reimbursed')),
                        owner TEXT NOT NULL CHECK (length(owner) > 0),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        -- Kept by the triggers below, so listing reports never scans their items.
                        item_count INTEGER NOT NULL DEFAULT 0 CHECK (item_count >= 0),
                        total_minor INTEGER NOT NULL DEFAULT 0,
                        CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
                    );
                    CREATE INDEX reports_by_status_and_start ON reports (status = 'reimbursed', start_date DESC, id DESC);

                    CREATE TABLE expenses (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        report_id INTEGER REFERENCES reports (id),
                        date TEXT NOT NULL CHECK (date IS date(date, '+0 days')),
                        category TEXT NOT NULL REFERENCES categories (code),
                        merchant TEXT NOT NULL DEFAULT '',
                        description TEXT NOT NULL DEFAULT '',
                        amount_minor INTEGER NOT NULL CHECK (amount_minor <> 0),
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
                        -- The conversion into the report currency: the exact rate as text, its date and source.
                        rate TEXT,
                        rate_date TEXT CHECK (rate_date IS date(rate_date, '+0 days')),
                        rate_source TEXT CHECK (rate_source IN ('same', 'manual', 'table')),
                        converted_minor INTEGER,
                        paid_by TEXT NOT NULL DEFAULT 'personal' CHECK (paid_by IN ('personal', 'company')),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        CHECK ((rate IS NULL) = (converted_minor IS NULL) AND (rate IS NULL) = (rate_source IS NULL)),
                        -- An item in a report always has its value in the report currency.
                        CHECK (report_id IS NULL OR converted_minor IS NOT NULL)
                    );
                    CREATE INDEX expenses_by_report_and_date ON expenses (report_id, date, id);
                    CREATE INDEX expenses_by_date ON expenses (date, id);

                    CREATE TRIGGER expenses_count_insert AFTER INSERT ON expenses WHEN NEW.report_id IS NOT NULL
                    BEGIN
                        UPDATE reports SET item_count = item_count + 1, total_minor = total_minor + NEW.converted_minor
                        WHERE id = NEW.report_id;
                    END;
                    CREATE TRIGGER expenses_count_delete AFTER DELETE ON expenses WHEN OLD.report_id IS NOT NULL
                    BEGIN
                        UPDATE reports SET item_count = item_count - 1, total_minor = total_minor - OLD.converted_minor
                        WHERE id = OLD.report_id;
                    END;
                    CREATE TRIGGER expenses_count_update AFTER UPDATE OF report_id, converted_minor ON expenses
                    BEGIN
                        UPDATE reports SET item_count = item_count - 1, total_minor = total_minor - OLD.converted_minor
                        WHERE id = OLD.report_id;
                        UPDATE reports SET item_count = item_count + 1, total_minor = total_minor + NEW.converted_minor
                        WHERE id = NEW.report_id;
                    END;
                    """))
        // The default categories as this migration shipped them (code, name, receipt required above,
        // daily limit, currency, position), not `Category.defaults` as it is today.
        let categories: [[DatabaseValue]] = [
            ["airfare", "Airfare", 0, nil, "EUR", 0],
            ["lodging", "Lodging", 0, 25000, "EUR", 1],
            ["meals", "Meals", 2500, 8000, "EUR", 2],
            ["taxi", "Taxi and ride share", 2500, nil, "EUR", 3],
            ["rail", "Rail", 2500, nil, "EUR", 4],
            ["car_rental", "Car rental", 0, nil, "EUR", 5],
            ["fuel", "Fuel", 2500, nil, "EUR", 6],
            ["mileage", "Mileage", nil, nil, "EUR", 7],
            ["per_diem", "Per diem", nil, nil, "EUR", 8],
            ["parking", "Parking and tolls", 2500, nil, "EUR", 9],
            ["public_transport", "Public transport", 2500, nil, "EUR", 10],
            ["phone", "Phone and internet", 2500, nil, "EUR", 11],
            ["entertainment", "Client entertainment", 0, nil, "EUR", 12],
            ["office", "Office supplies", 2500, nil, "EUR", 13],
            ["other", "Other", 2500, nil, "EUR", 14],
        ]
        for values in categories {
            try db.execute(
                SQL(
                    verbatim: """
                        INSERT INTO categories (code, name, receipt_required_above, daily_limit, currency, position)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """, arguments: values))
        }
    }
}
