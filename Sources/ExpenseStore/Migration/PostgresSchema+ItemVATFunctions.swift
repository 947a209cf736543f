import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The VAT of an item, as `expense_add` and `expense_edit` store it: their `p_vat` parsed,
    /// every part checked (a rate of the table for the item's country on its day, the item's
    /// sign, each rate once, together the amount exactly) and written in place of what the item
    /// had. The server keeps no tax: it is the gross and the rate's, computed where it is read.
    static var itemVATFunctions: [ServerFunction] {
        let currencies = VATCountry.countryOfCurrency.sorted { $0.key < $1.key }
            .map { "WHEN '\($0.key)' THEN '\($0.value)'" }.joined(separator: " ")
        return [
            ServerFunction(
                ServerWrites.vatRateSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change VAT rates');
                    INSERT INTO public.vat_rates (country, valid_from, valid_to, rate_hundredths) VALUES (p_country, p_from, p_to, p_rate)
                    ON CONFLICT (country, rate_hundredths, valid_from) DO UPDATE SET valid_to = excluded.valid_to
                    WHERE vat_rates.valid_to IS DISTINCT FROM excluded.valid_to;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
            // As `VATCountry.of`: the trip's stop on the day, the report's country, the currency's, Germany.
            ServerFunction(
                name: "vat_country", parameters: "p_report bigint, p_date text, p_currency text", returns: "text",
                declare: "found text;",
                body: """
                    IF p_report IS NOT NULL THEN
                        SELECT country INTO found FROM public.report_stops WHERE report_id = p_report AND date <= p_date
                        ORDER BY date DESC LIMIT 1;
                        IF found IS NULL THEN SELECT country INTO found FROM public.reports WHERE id = p_report; END IF;
                    END IF;
                    IF found IS NULL THEN found := CASE p_currency \(currencies) END; END IF;
                    RETURN coalesce(found, 'DE');
                    """),
            // The stored parts of an item in the form `p_vat` takes; NULL for none.
            ServerFunction(
                name: "expense_vat_text", parameters: "p_expense bigint", returns: "text",
                body: """
                    RETURN (SELECT string_agg(rate_hundredths || ':' || gross_minor, ',' ORDER BY rate_hundredths)
                            FROM public.expense_vat WHERE expense_id = p_expense);
                    """),
            ServerFunction(
                name: "item_vat_store",
                parameters:
                    "p_expense bigint, p_report bigint, p_date text, p_category text, p_amount bigint, p_currency text, p_vat text",
                returns: "void",
                declare: """
                    piece text; rate bigint; gross bigint; total numeric := 0; place text; known bigint[]; seen bigint[] := '{}';
                    """,
                body: """
                    DELETE FROM public.expense_vat WHERE expense_id = p_expense;
                    IF p_vat IS NULL THEN RETURN; END IF;
                    IF p_category IN ('per_diem', 'mileage') THEN
                        RAISE EXCEPTION 'a per diem or mileage carries no VAT' USING ERRCODE = 'check_violation';
                    END IF;
                    IF p_vat !~ '^[0-9]{1,5}:-?[0-9]{1,15}(,[0-9]{1,5}:-?[0-9]{1,15}){0,19}$' THEN
                        RAISE EXCEPTION 'the VAT is not RATE:GROSS parts (hundredths of a percent, minor units)'
                            USING ERRCODE = 'invalid_parameter_value', HINT = 'e.g. 700:11000,1900:1500';
                    END IF;
                    place := vat_country(p_report, p_date, p_currency);
                    SELECT array_agg(v.rate_hundredths ORDER BY v.rate_hundredths) INTO known FROM public.vat_rates v
                    WHERE v.country = place AND v.valid_from <= p_date AND (v.valid_to IS NULL OR v.valid_to >= p_date);
                    FOREACH piece IN ARRAY string_to_array(p_vat, ',') LOOP
                        rate := split_part(piece, ':', 1)::bigint;
                        gross := split_part(piece, ':', 2)::bigint;
                        IF rate > 10000 THEN
                            RAISE EXCEPTION 'a VAT rate is at most 100 %%, not %', trim_scale(rate / 100.0) USING ERRCODE = 'check_violation';
                        END IF;
                        IF rate = ANY (seen) THEN
                            RAISE EXCEPTION 'the VAT rate % %% is given twice', trim_scale(rate / 100.0) USING ERRCODE = 'check_violation';
                        END IF;
                        IF (p_amount < 0 AND gross > 0) OR (p_amount >= 0 AND gross < 0) THEN
                            RAISE EXCEPTION 'the VAT part at % %% has the other sign than the amount', trim_scale(rate / 100.0)
                                USING ERRCODE = 'check_violation';
                        END IF;
                        IF known IS NULL OR NOT rate = ANY (known) THEN
                            RAISE EXCEPTION '% has no VAT rate of % %% on %: its rates that day are %', place, trim_scale(rate / 100.0),
                                p_date, coalesce((SELECT string_agg(trim_scale(k / 100.0) || ' %', ', ') FROM unnest(known) k), 'none')
                                USING ERRCODE = 'check_violation';
                        END IF;
                        seen := seen || rate;
                        total := total + gross;
                        INSERT INTO public.expense_vat (expense_id, rate_hundredths, gross_minor) VALUES (p_expense, rate, gross);
                    END LOOP;
                    IF total <> p_amount THEN
                        RAISE EXCEPTION 'the VAT parts add up to %, not the amount %: they differ by % (minor units)', total, p_amount,
                            p_amount - total USING ERRCODE = 'check_violation', HINT = 'give parts that add up to the amount';
                    END IF;
                    """),
        ]
    }
}
