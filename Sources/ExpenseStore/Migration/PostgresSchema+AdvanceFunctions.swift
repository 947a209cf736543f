import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// A report's cash advances, recorded and removed by its owner while it is their draft, each
    /// logged in the audit chain; and the team's mileage rates, which finance keeps.
    static var advanceFunctions: [ServerFunction] {
        [
            ServerFunction(
                ServerWrites.advanceAdd,
                declare: "who text := caller(); found public.reports; made bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'record advances');
                    found := own_draft(p_report, who);
                    IF p_rate_source = 'same' AND (p_currency <> found.currency OR p_converted <> p_amount) THEN
                        RAISE EXCEPTION 'an advance in its report''s currency is worth its amount' USING ERRCODE = 'check_violation';
                    END IF;
                    PERFORM require_conversion(p_report, p_date, p_amount, p_currency, p_rate, p_rate_date, p_rate_source, p_converted);
                    INSERT INTO public.report_advances (report_id, date, amount_minor, currency, rate, rate_date, rate_source,
                                                        converted_minor, created_at)
                    VALUES (p_report, p_date, p_amount, p_currency, p_rate, p_rate_date, p_rate_source, p_converted, p_at)
                    RETURNING id INTO made;
                    PERFORM log_event(p_report, who, 'advance ' || made || ' added', found.status, found.status, '', p_at);
                    RETURN made;
                    """, callers: [travellerRole]),
            // The report the advance was in, whose owner alone removes it from their draft.
            ServerFunction(
                ServerWrites.advanceRemove,
                declare: "who text := caller(); found public.reports; report_of bigint;",
                body: """
                    SELECT report_id INTO report_of FROM public.report_advances WHERE id = p_advance;
                    IF report_of IS NULL THEN
                        RAISE EXCEPTION 'unknown advance %', p_advance USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    found := own_draft(report_of, who);
                    DELETE FROM public.report_advances WHERE id = p_advance;
                    PERFORM log_event(report_of, who, 'advance ' || p_advance || ' removed', found.status, found.status, '', p_at);
                    RETURN report_of;
                    """, callers: [travellerRole]),
            // 1 when the rate was added or changed, 0 when it was there already.
            ServerFunction(
                ServerWrites.mileageRateSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change mileage rates');
                    PERFORM require_mileage_within_maximum(p_vehicle, p_from, p_rate, p_currency, p_taxable);
                    INSERT INTO public.mileage_rates (vehicle, valid_from, rate_minor, currency, taxable)
                    VALUES (p_vehicle, p_from, p_rate, p_currency, p_taxable)
                    ON CONFLICT (vehicle, valid_from) DO UPDATE
                    SET rate_minor = excluded.rate_minor, currency = excluded.currency, taxable = excluded.taxable
                    WHERE (mileage_rates.rate_minor, mileage_rates.currency, mileage_rates.taxable)
                          IS DISTINCT FROM (excluded.rate_minor, excluded.currency, excluded.taxable);
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
        ]
    }
}
