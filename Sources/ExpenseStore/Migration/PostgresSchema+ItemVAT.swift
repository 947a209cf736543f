extension PostgresSchema {
    /// `Schema.addItemVAT` on the server, and what holds it against any writer: an item's VAT
    /// parts are frozen with the item, each part has the item's sign, and at the end of every
    /// transaction an item's parts add up to its amount exactly (a deferred constraint trigger,
    /// so that a function may change the amount and the parts one after the other). The rates a
    /// part may have are the functions' check (`vat_rate_fault`, `itemFunctions`): the table's
    /// rates for the item's country on its day.
    ///
    /// Frozen as it shipped: its seeded rates and the trigger functions' search path are written out.
    static let itemVAT = """
        CREATE TABLE vat_rates (
            country text NOT NULL CHECK (length(country) = 2 AND country = upper(country)),
            valid_from text NOT NULL CHECK (expenses_is_date(valid_from)),
            valid_to text CHECK (expenses_is_date(valid_to) AND valid_to >= valid_from),
            rate_hundredths bigint NOT NULL CHECK (rate_hundredths BETWEEN 0 AND 10000),
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
            expense_id bigint NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
            rate_hundredths bigint NOT NULL CHECK (rate_hundredths BETWEEN 0 AND 10000),
            gross_minor bigint NOT NULL CHECK (gross_minor BETWEEN -999999999999999 AND 999999999999999),
            PRIMARY KEY (expense_id, rate_hundredths)
        );

        -- An item's VAT parts change only while its report is a draft (or it is in none).
        CREATE FUNCTION expense_vat_frozen() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF TG_OP <> 'INSERT' AND (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP <> 'DELETE' AND (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft' THEN
                RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER expense_vat_frozen_insert BEFORE INSERT ON expense_vat FOR EACH ROW EXECUTE FUNCTION expense_vat_frozen();
        CREATE TRIGGER expense_vat_frozen_update BEFORE UPDATE ON expense_vat FOR EACH ROW EXECUTE FUNCTION expense_vat_frozen();
        CREATE TRIGGER expense_vat_frozen_delete BEFORE DELETE ON expense_vat FOR EACH ROW EXECUTE FUNCTION expense_vat_frozen();

        -- At commit: an item with VAT parts has them add up to its amount, each of its sign.
        CREATE FUNCTION expense_vat_adds_up() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        DECLARE
            item bigint;
            amount bigint;
            parts numeric;
            opposite boolean;
        BEGIN
            IF TG_TABLE_NAME = 'expenses' THEN item := NEW.id;
            ELSIF TG_OP = 'DELETE' THEN item := OLD.expense_id;
            ELSE item := NEW.expense_id;
            END IF;
            SELECT amount_minor INTO amount FROM expenses WHERE id = item;
            IF amount IS NULL THEN RETURN NULL; END IF;
            SELECT sum(gross_minor), bool_or((amount < 0 AND gross_minor > 0) OR (amount >= 0 AND gross_minor < 0))
            INTO parts, opposite FROM expense_vat WHERE expense_id = item;
            IF parts IS NOT NULL AND (parts <> amount OR opposite) THEN
                RAISE EXCEPTION 'the VAT parts of expense % add up to %, not its amount %', item, parts, amount
                    USING ERRCODE = 'check_violation', HINT = 'give parts that add up to the amount, each of its sign';
            END IF;
            RETURN NULL;
        END $$;
        CREATE CONSTRAINT TRIGGER expense_vat_within_amount AFTER INSERT OR UPDATE OR DELETE ON expense_vat
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION expense_vat_adds_up();
        CREATE CONSTRAINT TRIGGER expenses_amount_keeps_vat AFTER UPDATE OF amount_minor ON expenses
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION expense_vat_adds_up();
        """
}
