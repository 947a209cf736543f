import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// A report's trip, changed by its owner while it is a draft: its times of day and country
    /// (beside `report_new` and `report_edit`, which keep the header they always had), its stops
    /// and the meals provided on its days, each of these logged; and the per-diem rates, which
    /// only finance changes.
    static var tripFunctions: [ServerFunction] {
        let meals =
            "CASE WHEN p_breakfast + p_lunch + p_dinner = 0 THEN 'none' ELSE concat_ws(',', "
            + "CASE WHEN p_breakfast <> 0 THEN 'breakfast' END, CASE WHEN p_lunch <> 0 THEN 'lunch' END, "
            + "CASE WHEN p_dinner <> 0 THEN 'dinner' END) END"
        return [
            // The times of day the trip leaves and comes back (HH:MM or NULL) and its country (or
            // NULL: no per diems); called after report_new or report_edit, which set its days.
            ServerFunction(
                ServerWrites.reportTrip, declare: "who text := caller(); found public.reports; outside text;",
                body: """
                    found := own_draft(p_report, who);
                    IF (p_start_time IS NOT NULL AND found.start_date IS NULL) OR (p_end_time IS NOT NULL AND found.end_date IS NULL) THEN
                        RAISE EXCEPTION 'a time of day needs its date' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF found.start_date = found.end_date AND p_end_time COLLATE "C" < p_start_time THEN
                        RAISE EXCEPTION 'the trip comes back (%T%) before it leaves (%T%)', found.end_date, p_end_time, found.start_date,
                            p_start_time USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT min(d) INTO outside FROM (SELECT date AS d FROM public.report_stops WHERE report_id = p_report
                                                      UNION SELECT date FROM public.report_meals WHERE report_id = p_report) AS days
                    WHERE found.start_date IS NULL OR found.end_date IS NULL
                       OR d COLLATE "C" < found.start_date OR d COLLATE "C" > found.end_date;
                    IF outside IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has a stop or meals on %, which would be outside the trip', p_report, outside
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    UPDATE public.reports SET start_time = p_start_time, end_time = p_end_time, country = p_country, updated_at = p_at
                    WHERE id = p_report;
                    """, callers: [travellerRole]),
            // From `p_date` on the trip is in `p_country`; NULL removes that day's stop. Logged.
            ServerFunction(
                ServerWrites.reportStop,
                declare: "who text := caller(); found public.reports; removed bigint;",
                body: """
                    found := trip_day(p_report, p_date, who);
                    IF p_country IS NULL THEN
                        DELETE FROM public.report_stops WHERE report_id = p_report AND date = p_date;
                        GET DIAGNOSTICS removed = ROW_COUNT;
                        IF removed = 0 THEN
                            RAISE EXCEPTION 'report % has no stop on %', p_report, p_date USING ERRCODE = 'no_data_found';
                        END IF;
                    ELSE
                        INSERT INTO public.report_stops (report_id, date, country) VALUES (p_report, p_date, p_country)
                        ON CONFLICT (report_id, date) DO UPDATE SET country = excluded.country;
                    END IF;
                    PERFORM log_event(p_report, who, 'stop ' || p_date || ' ' || coalesce(p_country, 'removed'), found.status,
                                      found.status, '', p_at);
                    """, callers: [travellerRole]),
            // The meals provided on `p_date` (each 0 or 1), replacing that day's; none clears them. Logged.
            ServerFunction(
                ServerWrites.reportMeals, declare: "who text := caller(); found public.reports;",
                body: """
                    found := trip_day(p_report, p_date, who);
                    IF p_breakfast + p_lunch + p_dinner = 0 THEN
                        DELETE FROM public.report_meals WHERE report_id = p_report AND date = p_date;
                    ELSE
                        INSERT INTO public.report_meals (report_id, date, breakfast, lunch, dinner)
                        VALUES (p_report, p_date, p_breakfast, p_lunch, p_dinner)
                        ON CONFLICT (report_id, date) DO UPDATE
                        SET breakfast = excluded.breakfast, lunch = excluded.lunch, dinner = excluded.dinner;
                    END IF;
                    PERFORM log_event(p_report, who, 'meals ' || p_date || ' ' || \(meals), found.status, found.status, '', p_at);
                    """, callers: [travellerRole]),
            // The caller's own draft, locked, when `p_date` is one of its trip's days.
            ServerFunction(
                name: "trip_day", parameters: "p_report bigint, p_date text, p_who text", returns: "public.reports",
                declare: "found public.reports;",
                body: """
                    found := own_draft(p_report, p_who);
                    IF found.start_date IS NULL OR found.end_date IS NULL
                       OR p_date COLLATE "C" < found.start_date OR p_date COLLATE "C" > found.end_date THEN
                        RAISE EXCEPTION '% is not a day of the trip of report %', p_date, p_report
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    RETURN found;
                    """),
            // 1 when the row was added or changed, 0 when it was there already.
            ServerFunction(
                ServerWrites.allowanceRateSave, declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'load allowance rates');
                    PERFORM require_per_diem_within_maximum(p_country, p_valid_from, p_full_day, p_partial_day, p_currency, p_taxable);
                    INSERT INTO public.allowance_rates (country, valid_from, full_day, partial_day, currency, taxable)
                    VALUES (p_country, p_valid_from, p_full_day, p_partial_day, p_currency, p_taxable)
                    ON CONFLICT (country, place, valid_from) DO UPDATE
                    SET full_day = excluded.full_day, partial_day = excluded.partial_day, currency = excluded.currency,
                        taxable = excluded.taxable
                    WHERE (allowance_rates.full_day, allowance_rates.partial_day, allowance_rates.currency, allowance_rates.taxable)
                          IS DISTINCT FROM (excluded.full_day, excluded.partial_day, excluded.currency, excluded.taxable);
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
        ]
    }
}
