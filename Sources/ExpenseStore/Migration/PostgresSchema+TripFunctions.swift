import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// A report's trip, changed by its owner while it is a draft: its times of day, country, place
    /// and nights away (beside `report_new` and `report_edit`, which keep the header they always
    /// had), its stops, the meals provided on its days and what was paid for them, the nights at
    /// the lodging flat and the office time, each of these logged; and the per-diem rates, which
    /// only finance changes. The signatures of clients before issue 44 are kept, passed on.
    static var tripFunctions: [ServerFunction] {
        let meals =
            "CASE WHEN p_breakfast + p_lunch + p_dinner = 0 THEN 'none' ELSE concat_ws(',', "
            + "CASE WHEN p_breakfast <> 0 THEN 'breakfast' END, CASE WHEN p_lunch <> 0 THEN 'lunch' END, "
            + "CASE WHEN p_dinner <> 0 THEN 'dinner' END) END"
        return [
            // The times of day the trip leaves and comes back (HH:MM or NULL), its country (or
            // NULL: no per diems) and place, and whether it has nights away (1) or goes over one
            // midnight without (0); called after report_new or report_edit, which set its days.
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
                    PERFORM require_place_name(p_place);
                    IF p_place IS NOT NULL AND p_country IS NULL THEN
                        RAISE EXCEPTION 'a place needs its country' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_overnight IS NULL OR p_overnight NOT IN (0, 1) THEN
                        RAISE EXCEPTION 'overnight is 1 (nights away) or 0 (over midnight without), not %', p_overnight
                            USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    IF p_overnight = 0 AND (p_start_time IS NULL OR p_end_time IS NULL
                                            OR found.end_date IS DISTINCT FROM to_char(found.start_date::date + 1, 'YYYY-MM-DD')) THEN
                        RAISE EXCEPTION 'a trip without a night away goes over one midnight: it needs two days in a row and both times'
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_overnight = 0 AND EXISTS (SELECT 1 FROM public.report_nights WHERE report_id = p_report) THEN
                        RAISE EXCEPTION 'report % has a night at the lodging flat; a trip without a night away has none', p_report
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT min(d) INTO outside FROM (SELECT date AS d FROM public.report_stops WHERE report_id = p_report
                                                      UNION SELECT date FROM public.report_meals WHERE report_id = p_report) AS days
                    WHERE found.start_date IS NULL OR found.end_date IS NULL
                       OR d COLLATE "C" < found.start_date OR d COLLATE "C" > found.end_date;
                    IF outside IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has a stop or meals on %, which would be outside the trip', p_report, outside
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    UPDATE public.reports SET start_time = p_start_time, end_time = p_end_time, country = p_country, place = p_place,
                        overnight = p_overnight, updated_at = p_at
                    WHERE id = p_report;
                    """, callers: [travellerRole]),
            // As clients before places call it: the report keeps its place and whether it has nights.
            ServerFunction(
                ServerWrites.reportTripBeforePlaces, declare: "found public.reports;",
                body: """
                    SELECT * INTO found FROM public.reports WHERE id = p_report;
                    PERFORM report_trip(p_report, p_start_time, p_end_time, p_country, CASE WHEN p_country IS NOT NULL THEN found.place END,
                                        coalesce(found.overnight, 1), p_at);
                    """, callers: [travellerRole]),
            // From `p_date` on the trip is in `p_country`, at `p_place` when named; NULL removes that day's stop. Logged.
            ServerFunction(
                ServerWrites.reportStop,
                declare: "who text := caller(); found public.reports; removed bigint;",
                body: """
                    found := trip_day(p_report, p_date, who);
                    PERFORM require_place_name(p_place);
                    IF p_country IS NULL THEN
                        IF p_place IS NOT NULL THEN
                            RAISE EXCEPTION 'a place needs its country' USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        DELETE FROM public.report_stops WHERE report_id = p_report AND date = p_date;
                        GET DIAGNOSTICS removed = ROW_COUNT;
                        IF removed = 0 THEN
                            RAISE EXCEPTION 'report % has no stop on %', p_report, p_date USING ERRCODE = 'no_data_found';
                        END IF;
                    ELSE
                        INSERT INTO public.report_stops (report_id, date, country, place) VALUES (p_report, p_date, p_country, p_place)
                        ON CONFLICT (report_id, date) DO UPDATE SET country = excluded.country, place = excluded.place;
                    END IF;
                    PERFORM log_event(p_report, who, 'stop ' || p_date || ' ' || coalesce(p_country || coalesce(' ' || p_place, ''), 'removed'),
                                      found.status, found.status, '', p_at);
                    """, callers: [travellerRole]),
            // As clients before places call it: a stop in a country, no place named.
            ServerFunction(
                ServerWrites.reportStopBeforePlaces,
                body: "PERFORM report_stop(p_report, p_date, p_country, NULL::text, p_at);", callers: [travellerRole]),
            // The meals provided on `p_date` (each 0 or 1) and what was paid for each (minor units, only for a
            // provided one), replacing that day's; none clears them. Logged.
            ServerFunction(
                ServerWrites.reportMeals, declare: "who text := caller(); found public.reports; paid text;",
                body: """
                    found := trip_day(p_report, p_date, who);
                    IF p_breakfast_paid IS NULL OR p_lunch_paid IS NULL OR p_dinner_paid IS NULL
                       OR least(p_breakfast_paid, p_lunch_paid, p_dinner_paid) < 0 THEN
                        RAISE EXCEPTION 'what was paid for a meal on % is negative or missing', p_date
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF (p_breakfast = 0 AND p_breakfast_paid > 0) OR (p_lunch = 0 AND p_lunch_paid > 0) OR (p_dinner = 0 AND p_dinner_paid > 0) THEN
                        RAISE EXCEPTION 'a meal on % was paid for but is not provided', p_date
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_breakfast + p_lunch + p_dinner = 0 THEN
                        DELETE FROM public.report_meals WHERE report_id = p_report AND date = p_date;
                    ELSE
                        INSERT INTO public.report_meals (report_id, date, breakfast, lunch, dinner, breakfast_paid, lunch_paid, dinner_paid)
                        VALUES (p_report, p_date, p_breakfast, p_lunch, p_dinner, p_breakfast_paid, p_lunch_paid, p_dinner_paid)
                        ON CONFLICT (report_id, date) DO UPDATE
                        SET breakfast = excluded.breakfast, lunch = excluded.lunch, dinner = excluded.dinner,
                            breakfast_paid = excluded.breakfast_paid, lunch_paid = excluded.lunch_paid, dinner_paid = excluded.dinner_paid;
                    END IF;
                    paid := concat_ws(',', CASE WHEN p_breakfast_paid > 0 THEN 'breakfast=' || p_breakfast_paid END,
                                      CASE WHEN p_lunch_paid > 0 THEN 'lunch=' || p_lunch_paid END,
                                      CASE WHEN p_dinner_paid > 0 THEN 'dinner=' || p_dinner_paid END);
                    PERFORM log_event(p_report, who, 'meals ' || p_date || ' ' || \(meals) || CASE WHEN paid = '' THEN '' ELSE ' paid ' || paid END,
                                      found.status, found.status, '', p_at);
                    """, callers: [travellerRole]),
            // As clients before paid meals call it: nothing paid.
            ServerFunction(
                ServerWrites.reportMealsBeforePaid,
                body: "PERFORM report_meals(p_report, p_date, p_breakfast, p_lunch, p_dinner, 0::bigint, 0::bigint, 0::bigint, p_at);",
                callers: [travellerRole]),
            // Flags (1) or unflags (0) the night that begins on `p_date` as paid at the lodging flat: a night of a
            // trip with nights away, from its first day up to the day before its last. Logged.
            ServerFunction(
                ServerWrites.reportNight, declare: "who text := caller(); found public.reports; removed bigint;",
                body: """
                    found := trip_day(p_report, p_date, who);
                    IF p_flat IS NULL OR p_flat NOT IN (0, 1) THEN
                        RAISE EXCEPTION 'flat is 1 (paid at the lodging flat) or 0 (not), not %', p_flat
                            USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    IF p_flat = 1 THEN
                        IF found.overnight = 0 THEN
                            RAISE EXCEPTION 'report % is a trip without a night away: it has no night at the lodging flat', p_report
                                USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        IF p_date = found.end_date THEN
                            RAISE EXCEPTION '% is the last day of the trip of report %: no night begins on it', p_date, p_report
                                USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        INSERT INTO public.report_nights (report_id, date) VALUES (p_report, p_date) ON CONFLICT (report_id, date) DO NOTHING;
                    ELSE
                        DELETE FROM public.report_nights WHERE report_id = p_report AND date = p_date;
                        GET DIAGNOSTICS removed = ROW_COUNT;
                        IF removed = 0 THEN
                            RAISE EXCEPTION 'report % has no night at the lodging flat on %', p_report, p_date USING ERRCODE = 'no_data_found';
                        END IF;
                    END IF;
                    PERFORM log_event(p_report, who, 'night ' || p_date || CASE WHEN p_flat = 1 THEN ' flat' ELSE ' removed' END,
                                      found.status, found.status, '', p_at);
                    """, callers: [travellerRole]),
            // Adds office time from `p_starts` to `p_ends` within the trip, overlapping no other; `p_ends` NULL
            // removes the one starting at `p_starts`. Logged.
            ServerFunction(
                ServerWrites.reportOffice,
                declare: "who text := caller(); found public.reports; removed bigint; other public.report_office;",
                body: """
                    IF p_starts IS NULL OR p_starts !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$'
                       OR NOT public.expenses_is_date(substr(p_starts, 1, 10))
                       OR (p_ends IS NOT NULL AND (p_ends !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$'
                                                   OR NOT public.expenses_is_date(substr(p_ends, 1, 10)))) THEN
                        RAISE EXCEPTION 'office time is given as YYYY-MM-DDTHH:MM, not % to %', p_starts, p_ends
                            USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    found := trip_day(p_report, substr(p_starts, 1, 10), who);
                    IF p_ends IS NULL THEN
                        DELETE FROM public.report_office WHERE report_id = p_report AND starts = p_starts;
                        GET DIAGNOSTICS removed = ROW_COUNT;
                        IF removed = 0 THEN
                            RAISE EXCEPTION 'report % has no office time starting at %', p_report, p_starts USING ERRCODE = 'no_data_found';
                        END IF;
                    ELSE
                        IF p_ends COLLATE "C" <= p_starts THEN
                            RAISE EXCEPTION 'the office time ends (%) no later than it starts (%)', p_ends, p_starts
                                USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        IF p_starts COLLATE "C" < found.start_date || 'T' || coalesce(found.start_time, '00:00')
                           OR p_ends COLLATE "C" > found.end_date || 'T' || coalesce(found.end_time, '00:00') THEN
                            RAISE EXCEPTION 'the office time % to % is outside the trip of report %', p_starts, p_ends, p_report
                                USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        SELECT * INTO other FROM public.report_office o
                        WHERE o.report_id = p_report AND o.starts COLLATE "C" < p_ends AND p_starts COLLATE "C" < o.ends LIMIT 1;
                        IF other.report_id IS NOT NULL THEN
                            RAISE EXCEPTION 'the office time % to % overlaps % to % of report %', p_starts, p_ends, other.starts, other.ends,
                                p_report USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        INSERT INTO public.report_office (report_id, starts, ends) VALUES (p_report, p_starts, p_ends);
                    END IF;
                    PERFORM log_event(p_report, who, 'office ' || p_starts || coalesce(' to ' || p_ends, ' removed'), found.status,
                                      found.status, '', p_at);
                    """, callers: [travellerRole]),
            // Refuses a place's name that `Report.requirePlaceName` refuses; NULL (none named) passes.
            ServerFunction(
                name: "require_place_name", parameters: "p_place text", returns: "void",
                body: """
                    IF p_place IS NOT NULL AND (length(trim(p_place)) = 0 OR length(p_place) > \(Report.maximumPlaceLength)
                                                OR p_place ~ '[[:cntrl:]]') THEN
                        -- The text itself is not repeated: it may be what would disturb a terminal.
                        RAISE EXCEPTION 'a place is a name of 1 to \(Report.maximumPlaceLength) characters without control characters'
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    """),
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
                    IF p_place IS NULL OR p_place <> btrim(p_place) OR length(p_place) > 100 OR p_place ~ '[[:cntrl:],]' THEN
                        RAISE EXCEPTION 'the place % is not a name', quote_literal(coalesce(p_place, 'NULL'))
                            USING ERRCODE = 'invalid_parameter_value',
                                  HINT = 'a place is the table''s name of a city, up to 100 characters, without commas; '''' is the country''s own row';
                    END IF;
                    PERFORM require_per_diem_within_maximum(p_country, p_place, p_valid_from, p_full_day, p_partial_day, p_lodging, p_currency,
                                                            p_taxable);
                    INSERT INTO public.allowance_rates (country, place, valid_from, full_day, partial_day, lodging, currency, taxable)
                    VALUES (p_country, p_place, p_valid_from, p_full_day, p_partial_day, p_lodging, p_currency, p_taxable)
                    ON CONFLICT (country, place, valid_from) DO UPDATE
                    SET full_day = excluded.full_day, partial_day = excluded.partial_day, lodging = excluded.lodging,
                        currency = excluded.currency, taxable = excluded.taxable
                    WHERE (allowance_rates.full_day, allowance_rates.partial_day, allowance_rates.lodging, allowance_rates.currency,
                           allowance_rates.taxable)
                          IS DISTINCT FROM (excluded.full_day, excluded.partial_day, excluded.lodging, excluded.currency, excluded.taxable);
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
            // The call of a client before places and lodging flats: the country's own row, its lodging flat kept.
            ServerFunction(
                ServerWrites.allowanceRateSaveBeforePlaces,
                body: """
                    RETURN allowance_rate_save(p_country, '', p_valid_from, p_full_day, p_partial_day,
                                               (SELECT r.lodging FROM public.allowance_rates r
                                                WHERE r.country = p_country AND r.place = '' AND r.valid_from = p_valid_from
                                                  AND r.currency = p_currency),
                                               p_currency, p_taxable);
                    """, callers: groupRoles),
        ]
    }
}
