import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// A report's per diems computed by the server itself, as `ReportPerDiems.compute` computes
    /// them (a test holds the two to the same rows on worked examples), and frozen with the report
    /// inside `report_step`'s submit: a traveller never writes their own allowance amounts.
    ///
    /// Per day from the first to the last, the rules of docs/PER-DIEMS.md: the kind and the rule
    /// that gives it (the first and last days of a trip with nights partial, the days between
    /// full; a trip within one day, or over one midnight without a night, by its minutes away less
    /// the office time in them); the place reached last that day (the latest stop on or before it,
    /// the return day's own too, else the destination; back in Germany on the return day, the last
    /// place abroad); the table's row of that place, else of its
    /// country, else Luxembourg's for a country the table does not list; the provided meals'
    /// 20 % / 40 % of the full-day rate less what was paid for each, rounded half-even once, never
    /// below zero; the lodging flat of a night paid without a bill; each in the report's currency
    /// at the ECB's rate of the day, as an item's (`per_diem_own_days`). Then a day that another
    /// report of the same person also covers is paid once (`per_diem_days`).
    /// The fixed rates of the currencies the euro replaced, as a VALUES list of (code, 1 EUR in
    /// it) written as the app writes a rate (`LegacyEuroCurrency`).
    static var legacyEuroRates: String {
        LegacyEuroCurrency.all.map { "(\(literal($0.currency.code)), \(literal($0.perEUR.description)))" }.joined(separator: ", ")
    }

    static var perDiemFunctions: [ServerFunction] {
        return [
            // The ECB rate from `p_from` into `p_to` on `p_day` or the last earlier day, as the app
            // writes it ("1.0823", "1/1.0823", "0.9612/1.0823"), and its day; no row when none. A
            // currency the euro replaced converts at its fixed rate, which holds on any day (the
            // day asked for is the rate's), crossed beyond the euro with the other's rate of its
            // day: as the app's `StoredRates`, written the same way.
            ServerFunction(
                name: "exchange_rate_on", parameters: "p_from text, p_to text, p_day text",
                returns: "TABLE (x_rate text, x_date text)",
                declare: """
                    fixed_from text := (SELECT f.per_eur FROM (VALUES \(legacyEuroRates)) AS f(currency, per_eur) WHERE f.currency = p_from);
                    fixed_to text := (SELECT f.per_eur FROM (VALUES \(legacyEuroRates)) AS f(currency, per_eur) WHERE f.currency = p_to);
                    """,
                body: """
                    IF fixed_from IS NOT NULL OR fixed_to IS NOT NULL THEN
                        IF (fixed_from IS NOT NULL OR p_from = 'EUR') AND (fixed_to IS NOT NULL OR p_to = 'EUR') THEN
                            RETURN QUERY SELECT CASE WHEN fixed_from IS NULL THEN fixed_to ELSE coalesce(fixed_to, '1') || '/' || fixed_from END,
                                                p_day;
                        ELSIF fixed_from IS NOT NULL THEN
                            RETURN QUERY
                            SELECT r.per_eur || '/' || fixed_from, r.date FROM public.exchange_rates r
                            WHERE r.currency = p_to AND r.date COLLATE "C" <= p_day ORDER BY r.date COLLATE "C" DESC LIMIT 1;
                        ELSE
                            RETURN QUERY
                            SELECT fixed_to || '/' || r.per_eur, r.date FROM public.exchange_rates r
                            WHERE r.currency = p_from AND r.date COLLATE "C" <= p_day ORDER BY r.date COLLATE "C" DESC LIMIT 1;
                        END IF;
                        RETURN;
                    END IF;
                    IF p_from = 'EUR' OR p_to = 'EUR' THEN
                        RETURN QUERY
                        SELECT CASE WHEN p_from = 'EUR' OR r.per_eur = '1' THEN r.per_eur ELSE '1/' || r.per_eur END, r.date
                        FROM public.exchange_rates r
                        WHERE r.currency = CASE WHEN p_from = 'EUR' THEN p_to ELSE p_from END AND r.date COLLATE "C" <= p_day
                        ORDER BY r.date COLLATE "C" DESC LIMIT 1;
                    ELSE
                        RETURN QUERY
                        SELECT CASE WHEN s.per_eur = '1' THEN t.per_eur ELSE t.per_eur || '/' || s.per_eur END, s.date
                        FROM public.exchange_rates s JOIN public.exchange_rates t ON t.currency = p_to AND t.date = s.date
                        WHERE s.currency = p_from AND s.date COLLATE "C" <= p_day
                        ORDER BY s.date COLLATE "C" DESC LIMIT 1;
                    END IF;
                    """),
            // `p_amount` minor units of `p_from` at `p_rate` ("A" or "A/B") in minor units of `p_to`,
            // rounded half-even once, as `ExchangeRate.convert` does: a refund's half a cent away
            // from zero to the even one as a payment's. Each item of an import converts again here
            // (`conversion_fault`), so the digits are a CASE, not a query.
            ServerFunction(
                name: "convert_minor", parameters: "p_amount bigint, p_rate text, p_from text, p_to text", returns: "bigint",
                declare: """
                    dividend text := split_part(p_rate, '/', 1);
                    divisor text := coalesce(nullif(split_part(p_rate, '/', 2), ''), '1');
                    exponent int;
                    numerator numeric;
                    denominator numeric;
                    quotient numeric;
                    twice numeric;
                    """,
                body: """
                    exponent := length(split_part(divisor, '.', 2)) - length(split_part(dividend, '.', 2))
                        + \(minorDigits("p_to")) - \(minorDigits("p_from"));
                    numerator := p_amount::numeric * replace(dividend, '.', '')::numeric;
                    denominator := replace(divisor, '.', '')::numeric;
                    IF exponent >= 0 THEN
                        numerator := numerator * power(10::numeric, exponent);
                    ELSE
                        denominator := denominator * power(10::numeric, -exponent);
                    END IF;
                    quotient := div(numerator, denominator);
                    twice := 2 * abs(numerator - quotient * denominator);
                    IF twice > denominator OR (twice = denominator AND mod(quotient, 2) <> 0) THEN
                        quotient := quotient + sign(numerator);
                    END IF;
                    RETURN quotient::bigint;
                    """),
            // The minutes of `p_day` the trip from `p_departs` to `p_returns` takes, less the minutes of
            // its office times inside them (`report_office`; overlapping ones counted once).
            ServerFunction(
                name: "per_diem_absence", parameters: "p_report bigint, p_departs timestamp, p_returns timestamp, p_day date",
                returns: "bigint",
                declare: """
                    opens timestamp := greatest(p_departs, p_day::timestamp);
                    closes timestamp := least(p_returns, (p_day + 1)::timestamp);
                    counted timestamp := opens;
                    away bigint;
                    office record;
                    """,
                body: """
                    IF closes <= opens THEN RETURN 0; END IF;
                    away := extract(epoch FROM closes - opens)::bigint / 60;
                    FOR office IN
                        SELECT greatest(o.starts::timestamp, opens) AS starts, least(o.ends::timestamp, closes) AS ends
                        FROM public.report_office o WHERE o.report_id = p_report ORDER BY o.starts COLLATE "C"
                    LOOP
                        CONTINUE WHEN greatest(office.starts, counted) >= office.ends;
                        away := away - extract(epoch FROM office.ends - greatest(office.starts, counted))::bigint / 60;
                        counted := office.ends;
                    END LOOP;
                    RETURN away;
                    """),
            // The provided meals' cut of a day: 20 % (breakfast) / 40 % (lunch, dinner) of the full-day
            // rate each, less what the traveller paid for that meal, never below zero per meal; the sum
            // rounded half-even once (with nothing paid: the percentages' cut as before).
            ServerFunction(
                name: "per_diem_deductions",
                parameters: """
                    p_full_day bigint, p_breakfast bigint, p_lunch bigint, p_dinner bigint, p_breakfast_paid bigint, p_lunch_paid bigint,
                    p_dinner_paid bigint
                    """,
                returns: "bigint",
                declare: "taken bigint; cut bigint;",
                body: """
                    taken := p_breakfast * greatest(0, 20 * p_full_day - 100 * p_breakfast_paid)
                        + p_lunch * greatest(0, 40 * p_full_day - 100 * p_lunch_paid)
                        + p_dinner * greatest(0, 40 * p_full_day - 100 * p_dinner_paid);
                    cut := taken / 100;
                    IF 2 * (taken % 100) > 100 OR (2 * (taken % 100) = 100 AND cut % 2 = 1) THEN
                        cut := cut + 1;
                    END IF;
                    RETURN cut;
                    """),
            // One report's days alone (rules 1 to 6 of docs/PER-DIEMS.md), as `PerDiem.compute`.
            ServerFunction(
                name: "per_diem_own_days", parameters: "p_report bigint", returns: "TABLE (\(perDiemDayColumns))",
                declare: """
                    trip public.reports;
                    first_day date;
                    last_day date;
                    departs timestamp;
                    returns timestamp;
                    one_day boolean;
                    no_night boolean;
                    first_away bigint;
                    last_away bigint;
                    day date;
                    stop_country text;
                    stop_place text;
                    rate_row public.allowance_rates;
                    exchange record;
                    """,
                body: """
                    SELECT * INTO trip FROM public.reports WHERE id = p_report;
                    IF trip.country IS NULL OR trip.start_date IS NULL OR trip.end_date IS NULL THEN RETURN; END IF;
                    first_day := trip.start_date::date;
                    last_day := trip.end_date::date;
                    departs := first_day + coalesce(trip.start_time, '00:00')::time;
                    returns := last_day + coalesce(trip.end_time, '00:00')::time;
                    one_day := first_day = last_day;
                    -- Without a night only over one midnight (the write functions refuse it otherwise).
                    no_night := trip.overnight = 0 AND last_day = first_day + 1;
                    first_away := per_diem_absence(p_report, departs, returns, first_day);
                    last_away := per_diem_absence(p_report, departs, returns, last_day);
                    day := first_day;
                    WHILE day <= last_day LOOP
                        pd_date := to_char(day, 'YYYY-MM-DD');
                        -- 1. The kind and the rule that gives it.
                        pd_absence_minutes := NULL;
                        IF one_day THEN
                            pd_absence_minutes := first_away;
                            pd_kind := CASE WHEN first_away > 480 THEN 'partial' ELSE 'none' END;
                            pd_rule := CASE WHEN first_away > 480 THEN 'one-day' ELSE 'short' END;
                        ELSIF no_night THEN
                            pd_absence_minutes := CASE WHEN day = first_day THEN first_away ELSE last_away END;
                            IF first_away + last_away <= 480 THEN
                                pd_kind := 'none';
                                pd_rule := 'short';
                            ELSIF (day = first_day) = (first_away >= last_away) THEN
                                pd_kind := 'partial';
                                pd_rule := 'over-midnight';
                            ELSE
                                pd_kind := 'none';
                                pd_rule := 'over-midnight-other';
                            END IF;
                        ELSE
                            pd_kind := CASE WHEN day = first_day OR day = last_day THEN 'partial' ELSE 'full' END;
                            pd_rule := CASE WHEN day = first_day THEN 'departure' WHEN day = last_day THEN 'return' ELSE 'between' END;
                        END IF;
                        -- 2. Where: the latest stop on or before the day (the return day's own too), else the destination.
                        stop_country := NULL;
                        stop_place := NULL;
                        SELECT s.country, s.place INTO stop_country, stop_place FROM public.report_stops s
                        WHERE s.report_id = p_report AND s.date COLLATE "C" >= trip.start_date AND s.date COLLATE "C" <= pd_date
                        ORDER BY s.date COLLATE "C" DESC LIMIT 1;
                        pd_country := coalesce(stop_country, trip.country);
                        pd_place := coalesce(CASE WHEN stop_country IS NULL THEN trip.place ELSE stop_place END, '');
                        -- Back in Germany on the return day: the last place of work abroad (§ 9 Abs. 4a Satz 5 EStG).
                        IF day = last_day AND pd_country = 'DE' THEN
                            stop_country := NULL;
                            stop_place := NULL;
                            SELECT s.country, s.place INTO stop_country, stop_place FROM public.report_stops s
                            WHERE s.report_id = p_report AND s.date COLLATE "C" >= trip.start_date AND s.date COLLATE "C" <= pd_date
                              AND s.country <> 'DE'
                            ORDER BY s.date COLLATE "C" DESC LIMIT 1;
                            IF stop_country IS NOT NULL THEN
                                pd_country := stop_country;
                                pd_place := coalesce(stop_place, '');
                            ELSIF trip.country <> 'DE' THEN
                                pd_country := trip.country;
                                pd_place := coalesce(trip.place, '');
                            END IF;
                        END IF;
                        -- 3. The row: the place's, else the country's, else Luxembourg's for a country the table does not list.
                        rate_row := NULL;
                        pd_basis := 'place';
                        IF pd_place <> '' THEN
                            SELECT * INTO rate_row FROM public.allowance_rates a
                            WHERE a.country = pd_country AND a.place = pd_place AND a.valid_from COLLATE "C" <= pd_date
                            ORDER BY a.valid_from COLLATE "C" DESC LIMIT 1;
                        END IF;
                        IF rate_row.country IS NULL THEN
                            pd_basis := 'country';
                            SELECT * INTO rate_row FROM public.allowance_rates a
                            WHERE a.country = pd_country AND a.place = '' AND a.valid_from COLLATE "C" <= pd_date
                            ORDER BY a.valid_from COLLATE "C" DESC LIMIT 1;
                        END IF;
                        IF rate_row.country IS NULL AND pd_country <> 'DE'
                           AND NOT EXISTS (SELECT 1 FROM public.allowance_rates a WHERE a.country = pd_country) THEN
                            pd_basis := 'luxembourg';
                            SELECT * INTO rate_row FROM public.allowance_rates a
                            WHERE a.country = 'LU' AND a.place = '' AND a.valid_from COLLATE "C" <= pd_date
                            ORDER BY a.valid_from COLLATE "C" DESC LIMIT 1;
                        END IF;
                        IF rate_row.country IS NULL THEN
                            RAISE EXCEPTION 'no allowance rate for % on %', pd_country, pd_date USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        pd_valid_from := rate_row.valid_from;
                        pd_full_day := rate_row.full_day;
                        pd_partial_day := rate_row.partial_day;
                        pd_currency := rate_row.currency;
                        -- 4. The rate by kind; 5. less the provided meals' cut.
                        pd_rate := CASE pd_kind WHEN 'full' THEN rate_row.full_day WHEN 'partial' THEN rate_row.partial_day ELSE 0 END;
                        SELECT coalesce(max(m.breakfast), 0), coalesce(max(m.lunch), 0), coalesce(max(m.dinner), 0),
                               coalesce(max(m.breakfast_paid), 0), coalesce(max(m.lunch_paid), 0), coalesce(max(m.dinner_paid), 0)
                        INTO pd_breakfast, pd_lunch, pd_dinner, pd_breakfast_paid, pd_lunch_paid, pd_dinner_paid
                        FROM public.report_meals m WHERE m.report_id = p_report AND m.date = pd_date;
                        pd_deductions := CASE WHEN pd_kind = 'none' THEN 0 ELSE per_diem_deductions(
                            rate_row.full_day, pd_breakfast, pd_lunch, pd_dinner, pd_breakfast_paid, pd_lunch_paid, pd_dinner_paid) END;
                        pd_amount := greatest(0, pd_rate - pd_deductions);
                        -- 6. The lodging flat of a night paid without a bill.
                        pd_lodging := 0;
                        IF EXISTS (SELECT 1 FROM public.report_nights n WHERE n.report_id = p_report AND n.date = pd_date) THEN
                            IF rate_row.lodging IS NULL THEN
                                RAISE EXCEPTION 'no lodging flat for % on %', pd_country, pd_date USING ERRCODE = 'integrity_constraint_violation';
                            END IF;
                            pd_lodging := rate_row.lodging;
                        END IF;
                        IF pd_currency = trip.currency THEN
                            pd_exchange_rate := '1';
                            pd_exchange_date := NULL;
                            pd_rate_source := 'same';
                            pd_converted := pd_amount;
                            pd_lodging_converted := pd_lodging;
                        ELSE
                            SELECT * INTO exchange FROM exchange_rate_on(pd_currency, trip.currency, pd_date);
                            IF exchange.x_rate IS NULL THEN
                                RAISE EXCEPTION 'the per diem of % cannot be converted into %: no exchange rate from % for that day',
                                    pd_date, trip.currency, pd_currency USING ERRCODE = 'integrity_constraint_violation';
                            END IF;
                            pd_exchange_rate := exchange.x_rate;
                            pd_exchange_date := exchange.x_date;
                            pd_rate_source := 'table';
                            pd_converted := convert_minor(pd_amount, exchange.x_rate, pd_currency, trip.currency);
                            pd_lodging_converted := convert_minor(pd_lodging, exchange.x_rate, pd_currency, trip.currency);
                        END IF;
                        pd_shared_report := NULL;
                        pd_shared := 0;
                        pd_elsewhere := 0;
                        RETURN NEXT;
                        day := day + 1;
                    END LOOP;
                    """),
            // The report's days with the two-trips rule on top (rule 7, as `PerDiem.sharing`): a day
            // that other reports of the same owner (not rejected) also cover, in the same currency, is
            // paid once, at the highest rate of them less the meals any of them had provided (the
            // highest payment for each), less what the reports past draft froze for it; the draft of the
            // highest rate (then the lowest id) carries it, the others' amount is zero. A report past
            // draft counts with its frozen rows, a draft with its own days; this report as the draft.
            ServerFunction(
                name: "per_diem_days", parameters: "p_report bigint", returns: "TABLE (\(perDiemDayColumns))",
                declare: "owner_name text; report_currency text; on_day text; in_currency text; s record;",
                body: """
                    SELECT r.owner, r.currency INTO owner_name, report_currency FROM public.reports r WHERE r.id = p_report;
                    FOR pd_date, pd_country, pd_kind, pd_breakfast, pd_lunch, pd_dinner, pd_valid_from, pd_full_day, pd_partial_day,
                        pd_currency, pd_rate, pd_deductions, pd_amount, pd_exchange_rate, pd_exchange_date, pd_rate_source, pd_converted,
                        pd_place, pd_basis, pd_rule, pd_absence_minutes, pd_breakfast_paid, pd_lunch_paid, pd_dinner_paid, pd_lodging,
                        pd_lodging_converted, pd_shared_report, pd_shared, pd_elsewhere
                    IN SELECT * FROM per_diem_own_days(p_report) LOOP
                        on_day := pd_date;
                        in_currency := pd_currency;
                        WITH others AS (
                            SELECT a.report_id AS report, true AS frozen, a.rate_minor AS rate, a.full_day, a.breakfast, a.lunch, a.dinner,
                                   a.breakfast_paid, a.lunch_paid, a.dinner_paid, a.amount_minor AS amount
                            FROM public.reports o JOIN public.report_allowances a ON a.report_id = o.id
                            WHERE o.owner = owner_name AND o.id <> p_report AND o.status NOT IN ('draft', 'rejected')
                              AND a.date = on_day AND a.currency = in_currency
                            UNION ALL
                            SELECT o.id, false, d.pd_rate, d.pd_full_day, d.pd_breakfast, d.pd_lunch, d.pd_dinner, d.pd_breakfast_paid,
                                   d.pd_lunch_paid, d.pd_dinner_paid, d.pd_amount
                            FROM public.reports o CROSS JOIN LATERAL per_diem_own_days(o.id) d
                            WHERE o.owner = owner_name AND o.id <> p_report AND o.status = 'draft'
                              AND o.start_date COLLATE "C" <= on_day AND o.end_date COLLATE "C" >= on_day
                              AND d.pd_date = on_day AND d.pd_currency = in_currency
                        ), sharing AS (
                            SELECT p_report AS report, false AS frozen, pd_rate AS rate, pd_full_day AS full_day, pd_breakfast AS breakfast,
                                   pd_lunch AS lunch, pd_dinner AS dinner, pd_breakfast_paid AS breakfast_paid, pd_lunch_paid AS lunch_paid,
                                   pd_dinner_paid AS dinner_paid, pd_amount AS amount
                            UNION ALL
                            SELECT * FROM others
                        )
                        SELECT count(*) AS reports,
                               (array_agg(x.report ORDER BY x.rate DESC, x.report))[1] AS highest,
                               (array_agg(x.rate ORDER BY x.rate DESC, x.report))[1] AS rate,
                               (array_agg(x.full_day ORDER BY x.rate DESC, x.report))[1] AS full_day,
                               max(x.breakfast) AS breakfast, max(x.lunch) AS lunch, max(x.dinner) AS dinner,
                               max(x.breakfast_paid) AS breakfast_paid, max(x.lunch_paid) AS lunch_paid, max(x.dinner_paid) AS dinner_paid,
                               coalesce(sum(x.amount) FILTER (WHERE x.frozen), 0) AS elsewhere,
                               (array_agg(x.report ORDER BY x.rate DESC, x.report) FILTER (WHERE NOT x.frozen))[1] AS carrier,
                               min(x.report) FILTER (WHERE x.report <> p_report) AS lowest_other
                        INTO s FROM sharing x;
                        IF s.reports > 1 THEN
                            pd_shared := greatest(0, s.rate - per_diem_deductions(
                                s.full_day, s.breakfast, s.lunch, s.dinner, s.breakfast_paid, s.lunch_paid, s.dinner_paid));
                            pd_elsewhere := s.elsewhere;
                            pd_shared_report := CASE WHEN s.highest = p_report THEN s.lowest_other ELSE s.highest END;
                            pd_amount := CASE WHEN s.carrier = p_report THEN greatest(0, pd_shared - pd_elsewhere) ELSE 0 END;
                            pd_converted := CASE WHEN pd_rate_source = 'same' THEN pd_amount
                                ELSE convert_minor(pd_amount, pd_exchange_rate, pd_currency, report_currency) END;
                        END IF;
                        RETURN NEXT;
                    END LOOP;
                    """),
            // Freezes the report's per diems, as the server computes them, before it leaves draft.
            ServerFunction(
                name: "freeze_per_diems", parameters: "p_report bigint", returns: "void",
                body: """
                    DELETE FROM public.report_allowances WHERE report_id = p_report;
                    INSERT INTO public.report_allowances (report_id, date, country, kind, breakfast, lunch, dinner, valid_from, full_day,
                        partial_day, currency, rate_minor, deductions_minor, amount_minor, rate, rate_date, rate_source, converted_minor,
                        place, basis, rule, absence_minutes, breakfast_paid, lunch_paid, dinner_paid, lodging_minor, lodging_converted_minor,
                        shared_report, shared_minor, elsewhere_minor)
                    SELECT p_report, d.pd_date, d.pd_country, d.pd_kind, d.pd_breakfast, d.pd_lunch, d.pd_dinner, d.pd_valid_from,
                           d.pd_full_day, d.pd_partial_day, d.pd_currency, d.pd_rate, d.pd_deductions, d.pd_amount, d.pd_exchange_rate,
                           d.pd_exchange_date, d.pd_rate_source, d.pd_converted, d.pd_place, d.pd_basis, d.pd_rule, d.pd_absence_minutes,
                           d.pd_breakfast_paid, d.pd_lunch_paid, d.pd_dinner_paid, d.pd_lodging, d.pd_lodging_converted, d.pd_shared_report,
                           d.pd_shared, d.pd_elsewhere
                    FROM per_diem_days(p_report) d;
                    """),
        ]
    }

    /// The columns of a day of `per_diem_own_days` and `per_diem_days`: the frozen row's
    /// (`report_allowances`), each named `pd_` and its own, in the order `freeze_per_diems` writes them.
    static let perDiemDayColumns = """
        pd_date text, pd_country text, pd_kind text, pd_breakfast bigint, pd_lunch bigint, pd_dinner bigint, pd_valid_from text,
        pd_full_day bigint, pd_partial_day bigint, pd_currency text, pd_rate bigint, pd_deductions bigint, pd_amount bigint,
        pd_exchange_rate text, pd_exchange_date text, pd_rate_source text, pd_converted bigint, pd_place text, pd_basis text,
        pd_rule text, pd_absence_minutes bigint, pd_breakfast_paid bigint, pd_lunch_paid bigint, pd_dinner_paid bigint,
        pd_lodging bigint, pd_lodging_converted bigint, pd_shared_report bigint, pd_shared bigint, pd_elsewhere bigint
        """
}
