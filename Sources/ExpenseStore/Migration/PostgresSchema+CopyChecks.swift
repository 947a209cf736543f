import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// What `db copy` of a laptop's file (`TeamImport`) holds the file's rows to, on the server:
    /// the same computations as the functions a member writes through, asked of each copied row
    /// after it is written (the copy is the administrator's, which writes past the member's
    /// checks), so that the file's figures are the team database's or the copy is refused.
    ///
    /// - An item's conversion into its report's currency is `report_conversion_fault`'s (issue 39),
    ///   as `expense_add` checks it.
    /// - A mileage item's amount is its distance times the team's rate for its vehicle on its
    ///   day, rounded half-even (`mileage_fault`): the computation of the trigger
    ///   `expenses_mileage_amount`, which spares the administrator (its migration is frozen), here
    ///   with the figures in words. A mileage item without its journey has nothing to compute from:
    ///   refused as the trigger refuses it to a member.
    /// - An advance's conversion, as `advance_add` checks it.
    /// - A report past draft's frozen per diems (`copied_per_diem_faults`): each day's row as
    ///   `per_diem_days` computes it now, which is what `freeze_per_diems` froze at its submission
    ///   when the server's dated rate tables (`allowance_rates` by `valid_from`, the ECB's by day)
    ///   hold the rates of that time. A day the file has otherwise, lacks or adds is named with both
    ///   sides; a day the server cannot compute (no rate for it) is named as the functions name it.
    ///   Every column but the other report a shared day names (`shared_report`: the file's id,
    ///   which the copy numbers anew). A report frozen before rules were recorded (a row's `rule`
    ///   '') is held to its own days (`per_diem_own_days`: no day was paid once across two trips
    ///   then), each row to the computed rule and minutes away.
    ///
    /// Each returns why the row is not what the server computes, or NULL. The layer's own helpers:
    /// no member may call them (a member's writes are checked by the functions themselves).
    static var copyChecks: [ServerFunction] {
        [
            ServerFunction(
                name: "mileage_fault",
                parameters: "p_date text, p_distance bigint, p_vehicle text, p_amount bigint, p_currency text",
                returns: "text",
                declare: "found record; product bigint; computed bigint;",
                body: """
                    IF p_distance IS NULL OR p_vehicle IS NULL THEN
                        RETURN 'a mileage item needs its distance and vehicle: its amount is computed from them';
                    END IF;
                    SELECT m.rate_minor, m.currency INTO found FROM public.mileage_rates m
                    WHERE m.vehicle = p_vehicle AND m.valid_from <= p_date ORDER BY m.valid_from DESC LIMIT 1;
                    IF found.rate_minor IS NULL THEN
                        RETURN format('the team database has no mileage rate for a %s on %s', p_vehicle, p_date);
                    END IF;
                    product := p_distance * found.rate_minor;
                    computed := product / 10;
                    IF product % 10 > 5 OR (product % 10 = 5 AND computed % 2 = 1) THEN computed := computed + 1; END IF;
                    IF p_amount <> computed OR p_currency <> found.currency THEN
                        RETURN format('%s.%s km by %s on %s are %s %s at the team''s rate (%s %s per km), not %s %s',
                                      p_distance / 10, p_distance % 10, p_vehicle, p_date, minor_text(computed, found.currency),
                                      found.currency, minor_text(found.rate_minor, found.currency), found.currency,
                                      minor_text(p_amount, p_currency), p_currency);
                    END IF;
                    RETURN NULL;
                    """),
            ServerFunction(
                name: "copied_item_fault", parameters: "p_expense bigint", returns: "text",
                declare: "item public.expenses; fault text;",
                body: """
                    SELECT * INTO item FROM public.expenses WHERE id = p_expense;
                    IF item.id IS NULL THEN RETURN format('there is no expense %s', p_expense); END IF;
                    IF item.category = 'mileage' THEN
                        fault := mileage_fault(item.date, item.distance_tenths, item.vehicle, item.amount_minor, item.currency);
                        IF fault IS NOT NULL THEN RETURN fault; END IF;
                    END IF;
                    RETURN report_conversion_fault(item.report_id, item.date, item.amount_minor, item.currency, item.rate,
                                                   item.rate_date, item.rate_source, item.converted_minor);
                    """),
            ServerFunction(
                name: "copied_advance_fault", parameters: "p_advance bigint", returns: "text",
                declare: "advance public.report_advances;",
                body: """
                    SELECT * INTO advance FROM public.report_advances WHERE id = p_advance;
                    IF advance.id IS NULL THEN RETURN format('there is no advance %s', p_advance); END IF;
                    RETURN report_conversion_fault(advance.report_id, advance.date, advance.amount_minor, advance.currency, advance.rate,
                                                   advance.rate_date, advance.rate_source, advance.converted_minor);
                    """),
            // One day's per diem in words, the file's or the server's: "a full day in DE at 28.00 EUR
            // (the rate from 2024-01-01), less 5.60 = 22.40 EUR, 22.40 EUR in the report's currency".
            ServerFunction(
                name: "per_diem_text",
                parameters: """
                    p_kind text, p_country text, p_rate bigint, p_currency text, p_valid_from text, p_deductions bigint,
                    p_amount bigint, p_exchange text, p_exchange_date text, p_converted bigint, p_target text
                    """,
                returns: "text",
                body: """
                    RETURN format('%s in %s at %s %s (the rate from %s), less %s = %s %s, %s %s in the report''s currency%s',
                                  CASE p_kind WHEN 'full' THEN 'a full day' WHEN 'partial' THEN 'a partial day' ELSE 'no per diem' END,
                                  p_country, minor_text(p_rate, p_currency), p_currency, p_valid_from, minor_text(p_deductions, p_currency),
                                  minor_text(p_amount, p_currency), p_currency, minor_text(p_converted, p_target), p_target,
                                  coalesce(' at ' || p_exchange || ' of ' || p_exchange_date, ''));
                    """),
            // What else a day's per diem holds, in words after `per_diem_text`'s: ", a lodging flat of
            // 20.00 EUR", ", paid once with another report's day: 28.00 EUR in all, 14.00 EUR paid before".
            ServerFunction(
                name: "per_diem_more_text",
                parameters: "p_lodging bigint, p_shared boolean, p_combined bigint, p_elsewhere bigint, p_currency text",
                returns: "text",
                body: """
                    RETURN CASE WHEN p_lodging > 0 THEN format(', a lodging flat of %s %s', minor_text(p_lodging, p_currency), p_currency)
                                ELSE '' END
                        || CASE WHEN p_shared THEN format(', paid once with another report''s day: %s %s in all, %s %s paid before',
                                                          minor_text(p_combined, p_currency), p_currency,
                                                          minor_text(p_elsewhere, p_currency), p_currency)
                                ELSE '' END;
                    """),
            // Each day whose frozen per diem (the file's, copied) is not what the server computes for
            // report `p_report`, and why; a day of NULL when the server cannot compute them at all.
            ServerFunction(
                name: "copied_per_diem_faults", parameters: "p_report bigint", returns: "TABLE (pf_date text, pf_fault text)",
                declare: "trip public.reports; days jsonb; day record;",
                body: """
                    SELECT * INTO trip FROM public.reports WHERE id = p_report;
                    BEGIN
                        -- Frozen before the rules were recorded (issue 44): before a day two trips touch was paid once.
                        IF EXISTS (SELECT 1 FROM public.report_allowances a WHERE a.report_id = p_report AND a.rule = '') THEN
                            SELECT coalesce(jsonb_agg(to_jsonb(d)), '[]'::jsonb) INTO days FROM per_diem_own_days(p_report) d;
                        ELSE
                            SELECT coalesce(jsonb_agg(to_jsonb(d)), '[]'::jsonb) INTO days FROM per_diem_days(p_report) d;
                        END IF;
                    EXCEPTION WHEN integrity_constraint_violation THEN
                        pf_date := NULL;
                        pf_fault := format('the team database cannot compute its per diems: %s', SQLERRM);
                        RETURN NEXT;
                        RETURN;
                    END;
                    FOR day IN
                        SELECT coalesce(c.pd_date, a.date) AS on_day, c.pd_date IS NOT NULL AS computed, a.date IS NOT NULL AS filed,
                               (c.pd_country, c.pd_kind, c.pd_breakfast, c.pd_lunch, c.pd_dinner, c.pd_valid_from, c.pd_full_day,
                                c.pd_partial_day, c.pd_currency, c.pd_rate, c.pd_deductions, c.pd_amount, c.pd_exchange_rate,
                                c.pd_exchange_date, c.pd_rate_source, c.pd_converted, c.pd_place, c.pd_basis, c.pd_rule, c.pd_absence_minutes,
                                c.pd_breakfast_paid, c.pd_lunch_paid, c.pd_dinner_paid, c.pd_lodging, c.pd_lodging_converted,
                                c.pd_shared, c.pd_elsewhere)
                               IS DISTINCT FROM
                               (a.country, a.kind, a.breakfast, a.lunch, a.dinner, a.valid_from, a.full_day, a.partial_day, a.currency,
                                a.rate_minor, a.deductions_minor, a.amount_minor, a.rate, a.rate_date, a.rate_source, a.converted_minor,
                                a.place, a.basis, CASE WHEN a.rule = '' THEN c.pd_rule ELSE a.rule END,
                                CASE WHEN a.rule = '' THEN c.pd_absence_minutes ELSE a.absence_minutes END, a.breakfast_paid, a.lunch_paid, a.dinner_paid, a.lodging_minor,
                                a.lodging_converted_minor, a.shared_minor, a.elsewhere_minor)
                               AS differs,
                               per_diem_text(a.kind, a.country, a.rate_minor, a.currency, a.valid_from, a.deductions_minor, a.amount_minor,
                                             a.rate, a.rate_date, a.converted_minor, trip.currency)
                               || per_diem_more_text(a.lodging_minor, a.shared_report IS NOT NULL, a.shared_minor, a.elsewhere_minor,
                                                     a.currency) AS says,
                               per_diem_text(c.pd_kind, c.pd_country, c.pd_rate, c.pd_currency, c.pd_valid_from, c.pd_deductions,
                                             c.pd_amount, c.pd_exchange_rate, c.pd_exchange_date, c.pd_converted, trip.currency)
                               || per_diem_more_text(c.pd_lodging, c.pd_shared_report IS NOT NULL, c.pd_shared, c.pd_elsewhere,
                                                     c.pd_currency) AS computes
                        FROM jsonb_to_recordset(days) AS c (\(perDiemDayColumns))
                        FULL JOIN (SELECT * FROM public.report_allowances WHERE report_id = p_report) AS a ON a.date = c.pd_date
                        ORDER BY coalesce(c.pd_date, a.date) COLLATE "C"
                    LOOP
                        CONTINUE WHEN NOT day.differs;
                        pf_date := day.on_day;
                        pf_fault := CASE
                            WHEN NOT day.filed THEN 'the file has no per diem for this day; the team database computes ' || day.computes
                            WHEN NOT day.computed THEN 'the file says ' || day.says
                                || '; the team database computes no per diem for this day (it is not a day of the trip)'
                            ELSE 'the file says ' || day.says || '; the team database computes ' || day.computes END;
                        RETURN NEXT;
                    END LOOP;
                    """),
        ]
    }
}
