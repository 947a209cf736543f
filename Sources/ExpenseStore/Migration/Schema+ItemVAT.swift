import ExpenseSupport

extension Schema {
    /// Issue 41: the VAT in each item, by rate (`expense_vat`), and the dated rates each country
    /// charges (`vat_rates`), seeded with Germany's.
    ///
    /// A part keeps its rate and its gross amount, not its tax: the tax is computed from the two
    /// where it is read (`VATPart`, rounded half-even once), so that no stored tax can disagree
    /// with them, and the server and a file cannot round it differently. A rate is valid from
    /// `valid_from` through `valid_to` (open when NULL): Germany's 16 % and 5 % held from
    /// 2020-07-01 through 2020-12-31 only, when 19 % and 7 % did not.
    ///
    /// Frozen as it shipped: literal SQL, the seeded rates written out. Its triggers
    /// (`itemVATTriggers`) are today's rules, which the app re-creates at every open.
    static func addItemVAT(_ db: Database) throws {
        try db.execute(SQL(verbatim: itemVAT))
    }

    static let itemVAT = """
        CREATE TABLE vat_rates (
            country TEXT NOT NULL CHECK (length(country) = 2 AND country = upper(country)),
            valid_from TEXT NOT NULL CHECK (valid_from IS date(valid_from, '+0 days')),
            valid_to TEXT CHECK (valid_to IS date(valid_to, '+0 days') AND valid_to >= valid_from),
            rate_hundredths INTEGER NOT NULL CHECK (rate_hundredths BETWEEN 0 AND 10000),
            PRIMARY KEY (country, rate_hundredths, valid_from)
        );
        INSERT INTO vat_rates (country, valid_from, valid_to, rate_hundredths) VALUES
            ('DE', '1968-01-01', NULL, 0),
            ('DE', '1983-07-01', '2020-06-30', 700),
            ('DE', '2020-07-01', '2020-12-31', 500),
            ('DE', '2021-01-01', NULL, 700),
            ('DE', '1998-04-01', '2006-12-31', 1600),
            ('DE', '2007-01-01', '2020-06-30', 1900),
            ('DE', '2020-07-01', '2020-12-31', 1600),
            ('DE', '2021-01-01', NULL, 1900);

        CREATE TABLE expense_vat (
            expense_id INTEGER NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
            rate_hundredths INTEGER NOT NULL CHECK (rate_hundredths BETWEEN 0 AND 10000),
            gross_minor INTEGER NOT NULL CHECK (gross_minor BETWEEN -999999999999999 AND 999999999999999),
            PRIMARY KEY (expense_id, rate_hundredths)
        );

        -- `itemVATTriggers` as they were then.
        CREATE TRIGGER expense_vat_frozen_insert BEFORE INSERT ON expense_vat
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;

        CREATE TRIGGER expense_vat_frozen_update BEFORE UPDATE ON expense_vat
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
          OR (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;

        CREATE TRIGGER expense_vat_frozen_delete BEFORE DELETE ON expense_vat
        WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
        BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;

        CREATE TRIGGER expense_vat_within_amount AFTER INSERT ON expense_vat
        WHEN (SELECT (e.amount_minor < 0 AND NEW.gross_minor > 0) OR (e.amount_minor >= 0 AND NEW.gross_minor < 0)
                     OR abs((SELECT sum(v.gross_minor) FROM expense_vat v WHERE v.expense_id = e.id)) > abs(e.amount_minor)
              FROM expenses e WHERE e.id = NEW.expense_id)
        BEGIN SELECT RAISE(ABORT, 'the VAT parts of an item add up to its amount'); END;

        CREATE TRIGGER expenses_amount_keeps_vat AFTER UPDATE OF amount_minor ON expenses
        WHEN EXISTS (SELECT 1 FROM expense_vat v WHERE v.expense_id = NEW.id)
          AND (SELECT sum(v.gross_minor) FROM expense_vat v WHERE v.expense_id = NEW.id) <> NEW.amount_minor
        BEGIN SELECT RAISE(ABORT, 'the VAT parts of an item add up to its amount'); END;
        """

    /// An item's VAT parts are frozen with the item (its report not a draft), never add up to more
    /// than its amount nor carry the other sign; an item's amount changes only to what its parts
    /// add up to (the store deletes them first when it writes new ones). SQLite checks no rule at
    /// commit, so that the parts add up exactly is the store's check (`VATSplit`) and the read's
    /// (`Store.vatSplits` refuses parts that do not). The app re-creates any that is missing or altered.
    static let itemVATTriggers: [Trigger] = [
        Trigger(
            name: "expense_vat_frozen_insert",
            sql: """
                CREATE TRIGGER expense_vat_frozen_insert BEFORE INSERT ON expense_vat
                WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """),
        Trigger(
            name: "expense_vat_frozen_update",
            sql: """
                CREATE TRIGGER expense_vat_frozen_update BEFORE UPDATE ON expense_vat
                WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
                  OR (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """),
        Trigger(
            name: "expense_vat_frozen_delete",
            sql: """
                CREATE TRIGGER expense_vat_frozen_delete BEFORE DELETE ON expense_vat
                WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
                BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
                """),
        Trigger(
            name: "expense_vat_within_amount",
            sql: """
                CREATE TRIGGER expense_vat_within_amount AFTER INSERT ON expense_vat
                WHEN (SELECT (e.amount_minor < 0 AND NEW.gross_minor > 0) OR (e.amount_minor >= 0 AND NEW.gross_minor < 0)
                             OR abs((SELECT sum(v.gross_minor) FROM expense_vat v WHERE v.expense_id = e.id)) > abs(e.amount_minor)
                      FROM expenses e WHERE e.id = NEW.expense_id)
                BEGIN SELECT RAISE(ABORT, 'the VAT parts of an item add up to its amount'); END
                """),
        Trigger(
            name: "expenses_amount_keeps_vat",
            sql: """
                CREATE TRIGGER expenses_amount_keeps_vat AFTER UPDATE OF amount_minor ON expenses
                WHEN EXISTS (SELECT 1 FROM expense_vat v WHERE v.expense_id = NEW.id)
                  AND (SELECT sum(v.gross_minor) FROM expense_vat v WHERE v.expense_id = NEW.id) <> NEW.amount_minor
                BEGIN SELECT RAISE(ABORT, 'the VAT parts of an item add up to its amount'); END
                """),
    ]
}
