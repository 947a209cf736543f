import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// A report's per diems computed by the server itself, as `ReportPerDiems.compute` computes
    /// them (a test holds the two to the same rows on worked examples), and frozen with the report
    /// inside `report_step`'s submit: a traveller never writes their own allowance amounts.
    ///
    /// Per day from the first to the last: the kind (a one-day trip over 8 hours partial, else
    /// nothing; the first and last days of a longer one partial, the days between full); the
    /// country reached last that day (the latest stop on or before it, the last day's the day
    /// before's; stops outside the trip's dates count for nothing); the rate row in force; the
    /// provided meals' 20 % / 40 % of the full-day rate, rounded half-even once; never below zero;
    /// and that amount in the report's currency at the ECB's rate of the day, as an item's.
    static var perDiemFunctions: [ServerFunction] {
        return [
            // The ECB rate from `p_from` into `p_to` on `p_day` or the last earlier day, as the app
            // writes it ("1.0823", "1/1.0823", "0.9612/1.0823"), and its day; no row when none.
            ServerFunction(
                name: "exchange_rate_on", parameters: "p_from text, p_to text, p_day text",
                returns: "TABLE (x_rate text, x_date text)",
                body: """
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
            ServerFunction(
                name: "per_diem_days", parameters: "p_report bigint",
                returns: """
                    TABLE (pd_date text, pd_country text, pd_kind text, pd_breakfast bigint, pd_lunch bigint, pd_dinner bigint,
                           pd_valid_from text, pd_full_day bigint, pd_partial_day bigint, pd_currency text, pd_rate bigint,
                           pd_deductions bigint, pd_amount bigint, pd_exchange_rate text, pd_exchange_date text, pd_rate_source text,
                           pd_converted bigint)
                    """,
                declare: """
                    trip public.reports;
                    first_day date;
                    last_day date;
                    one_day boolean;
                    minutes bigint;
                    day date;
                    counted text;
                    rate_row public.allowance_rates;
                    percent bigint;
                    taken bigint;
                    exchange record;
                    """,
                body: """
                    SELECT * INTO trip FROM public.reports WHERE id = p_report;
                    IF trip.country IS NULL OR trip.start_date IS NULL OR trip.end_date IS NULL THEN RETURN; END IF;
                    first_day := trip.start_date::date;
                    last_day := trip.end_date::date;
                    one_day := first_day = last_day;
                    minutes := (last_day - first_day) * 1440
                        + coalesce(split_part(trip.end_time, ':', 1)::bigint * 60 + split_part(trip.end_time, ':', 2)::bigint, 0)
                        - coalesce(split_part(trip.start_time, ':', 1)::bigint * 60 + split_part(trip.start_time, ':', 2)::bigint, 0);
                    day := first_day;
                    WHILE day <= last_day LOOP
                        pd_date := to_char(day, 'YYYY-MM-DD');
                        IF one_day THEN
                            pd_kind := CASE WHEN minutes > 480 THEN 'partial' ELSE 'none' END;
                        ELSE
                            pd_kind := CASE WHEN day = first_day OR day = last_day THEN 'partial' ELSE 'full' END;
                        END IF;
                        counted := to_char(CASE WHEN NOT one_day AND day = last_day THEN day - 1 ELSE day END, 'YYYY-MM-DD');
                        pd_country := coalesce(
                            (SELECT s.country FROM public.report_stops s
                             WHERE s.report_id = p_report AND s.date COLLATE "C" >= trip.start_date AND s.date COLLATE "C" <= counted
                             ORDER BY s.date COLLATE "C" DESC LIMIT 1),
                            trip.country);
                        SELECT coalesce(max(m.breakfast), 0), coalesce(max(m.lunch), 0), coalesce(max(m.dinner), 0)
                        INTO pd_breakfast, pd_lunch, pd_dinner
                        FROM public.report_meals m WHERE m.report_id = p_report AND m.date = pd_date;
                        SELECT * INTO rate_row FROM public.allowance_rates a
                        WHERE a.country = pd_country AND a.place = '' AND a.valid_from COLLATE "C" <= pd_date
                        ORDER BY a.valid_from COLLATE "C" DESC LIMIT 1;
                        IF rate_row.country IS NULL THEN
                            RAISE EXCEPTION 'no allowance rate for % on %', pd_country, pd_date USING ERRCODE = 'integrity_constraint_violation';
                        END IF;
                        pd_valid_from := rate_row.valid_from;
                        pd_full_day := rate_row.full_day;
                        pd_partial_day := rate_row.partial_day;
                        pd_currency := rate_row.currency;
                        pd_rate := CASE pd_kind WHEN 'full' THEN rate_row.full_day WHEN 'partial' THEN rate_row.partial_day ELSE 0 END;
                        percent := CASE WHEN pd_kind = 'none' THEN 0 ELSE 20 * pd_breakfast + 40 * pd_lunch + 40 * pd_dinner END;
                        taken := rate_row.full_day * percent;
                        pd_deductions := taken / 100;
                        IF 2 * (taken % 100) > 100 OR (2 * (taken % 100) = 100 AND pd_deductions % 2 = 1) THEN
                            pd_deductions := pd_deductions + 1;
                        END IF;
                        pd_amount := greatest(0, pd_rate - pd_deductions);
                        IF pd_currency = trip.currency THEN
                            pd_exchange_rate := '1';
                            pd_exchange_date := NULL;
                            pd_rate_source := 'same';
                            pd_converted := pd_amount;
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
                        END IF;
                        RETURN NEXT;
                        day := day + 1;
                    END LOOP;
                    """),
            // Freezes the report's per diems, as the server computes them, before it leaves draft.
            ServerFunction(
                name: "freeze_per_diems", parameters: "p_report bigint", returns: "void",
                body: """
                    DELETE FROM public.report_allowances WHERE report_id = p_report;
                    INSERT INTO public.report_allowances (report_id, date, country, kind, breakfast, lunch, dinner, valid_from, full_day,
                        partial_day, currency, rate_minor, deductions_minor, amount_minor, rate, rate_date, rate_source, converted_minor)
                    SELECT p_report, d.pd_date, d.pd_country, d.pd_kind, d.pd_breakfast, d.pd_lunch, d.pd_dinner, d.pd_valid_from,
                           d.pd_full_day, d.pd_partial_day, d.pd_currency, d.pd_rate, d.pd_deductions, d.pd_amount, d.pd_exchange_rate,
                           d.pd_exchange_date, d.pd_rate_source, d.pd_converted
                    FROM per_diem_days(p_report) d;
                    """),
        ]
    }
}
