import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Finance keeps the tables everyone's amounts are computed from, and cannot turn them to its
    /// own profit unseen (issue 40): every change of the per-diem, mileage and exchange-rate
    /// tables is logged by the tables' own triggers (`rate_logged`), whoever writes, with who
    /// (`session_user`), when (the server's clock, not a client's), the row's key and its old and
    /// new values, in a hash chain of its own that `db check` verifies (`Store.verifyRateLog`). Its
    /// entries hash as the report audit log's do (`audit_hash`, `AuditChain.hash`) with report 0,
    /// which no report has: the action is the table and the row's key, the statuses the old and
    /// new values.
    ///
    /// A rate above the legal maximum is refused unless finance marks it taxable: a per diem above
    /// the BMF table's figure that ships in the app (`AllowanceRateTable.shipped`; a country or
    /// day it has no figure for is not held to one, and its changes still reach the approver as
    /// findings), a mileage rate above the tax-free 0.30 EUR a km by car or 0.20 by motorcycle
    /// (`Vehicle.defaultRate`); a rate in another currency than the maximum's cannot be compared
    /// and needs the mark too.
    static var rateLogFunctions: [ServerFunction] {
        let bmf = AllowanceRateTable.shipped.rows.map { row in
            "(\(literal(row.country.code)), \(literal(row.validFrom.description)), \(row.fullDay.minorUnits), "
                + "\(row.partialDay.minorUnits), \(literal(row.currency.code)))"
        }.joined(separator: ", ")
        let mileageMaxima = Vehicle.allCases.map { vehicle in
            "(\(literal(vehicle.rawValue)), \(vehicle.defaultRate.minorUnits), \(literal(vehicle.defaultRate.currency.code)))"
        }.joined(separator: ", ")
        return [
            // The BMF table's tax-free per diem for `p_country` in force on `p_day`; no row when the app ships none.
            ServerFunction(
                name: "statutory_per_diem", parameters: "p_country text, p_day text",
                returns: "TABLE (s_full_day bigint, s_partial_day bigint, s_currency text)",
                body: """
                    RETURN QUERY SELECT s.full_day::bigint, s.partial_day::bigint, s.currency
                    FROM (VALUES \(bmf)) AS s (country, valid_from, full_day, partial_day, currency)
                    WHERE s.country = p_country AND s.valid_from COLLATE "C" <= p_day ORDER BY s.valid_from COLLATE "C" DESC LIMIT 1;
                    """),
            // The tax-free mileage rate of `p_vehicle`.
            ServerFunction(
                name: "statutory_mileage", parameters: "p_vehicle text", returns: "TABLE (s_rate bigint, s_currency text)",
                body: """
                    RETURN QUERY SELECT s.rate::bigint, s.currency FROM (VALUES \(mileageMaxima)) AS s (vehicle, rate, currency)
                    WHERE s.vehicle = p_vehicle;
                    """),
            // Refuses a per diem above the BMF table's tax-free figure that is not marked taxable.
            ServerFunction(
                name: "require_per_diem_within_maximum",
                parameters: "p_country text, p_valid_from text, p_full_day bigint, p_partial_day bigint, p_currency text, p_taxable bigint",
                returns: "void", declare: "statutory record;",
                body: """
                    IF p_taxable IS NULL OR p_taxable NOT IN (0, 1) THEN
                        RAISE EXCEPTION 'taxable is 1 (marked) or 0, not %', p_taxable USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    SELECT * INTO statutory FROM statutory_per_diem(p_country, p_valid_from);
                    IF p_taxable = 0 AND statutory.s_currency IS NOT NULL
                       AND (p_currency <> statutory.s_currency OR p_full_day > statutory.s_full_day OR p_partial_day > statutory.s_partial_day) THEN
                        RAISE EXCEPTION 'the per diem for % from % (% % a full day, % a partial day) is above the BMF table''s tax-free % and %: only a rate marked taxable may be higher',
                            p_country, p_valid_from, minor_text(p_full_day, p_currency), p_currency,
                            minor_text(p_partial_day, p_currency), minor_text(statutory.s_full_day, statutory.s_currency),
                            minor_text(statutory.s_partial_day, statutory.s_currency) || ' ' || statutory.s_currency
                            USING ERRCODE = 'integrity_constraint_violation',
                                  HINT = 'finance marks a rate meant to be paid above the tax-free figure as taxable (--taxable)';
                    END IF;
                    """),
            // Refuses a mileage rate above the tax-free one that is not marked taxable.
            ServerFunction(
                name: "require_mileage_within_maximum",
                parameters: "p_vehicle text, p_valid_from text, p_rate bigint, p_currency text, p_taxable bigint",
                returns: "void", declare: "statutory record;",
                body: """
                    IF p_taxable IS NULL OR p_taxable NOT IN (0, 1) THEN
                        RAISE EXCEPTION 'taxable is 1 (marked) or 0, not %', p_taxable USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    SELECT * INTO statutory FROM statutory_mileage(p_vehicle);
                    IF p_taxable = 0 AND statutory.s_currency IS NOT NULL
                       AND (p_currency <> statutory.s_currency OR p_rate > statutory.s_rate) THEN
                        RAISE EXCEPTION 'the mileage rate for % from % (% % a km) is above the tax-free % % a km: only a rate marked taxable may be higher',
                            p_vehicle, p_valid_from, minor_text(p_rate, p_currency), p_currency,
                            minor_text(statutory.s_rate, statutory.s_currency), statutory.s_currency
                            USING ERRCODE = 'integrity_constraint_violation',
                                  HINT = 'finance marks a rate meant to be paid above the tax-free figure as taxable (--taxable)';
                    END IF;
                    """),
            // A rate row's values as the log writes them; '' for none (an insert's old, a delete's new).
            ServerFunction(
                name: "rate_values", parameters: "p_table text, p_row jsonb", returns: "text",
                body: """
                    IF p_row IS NULL THEN RETURN ''; END IF;
                    RETURN CASE p_table
                        WHEN 'allowance_rates' THEN format('full_day=%s partial_day=%s currency=%s taxable=%s', p_row->>'full_day',
                                                           p_row->>'partial_day', p_row->>'currency', p_row->>'taxable')
                                                    || coalesce(' lodging=' || (p_row->>'lodging'), '')
                        WHEN 'mileage_rates' THEN format('rate_minor=%s currency=%s taxable=%s', p_row->>'rate_minor', p_row->>'currency',
                                                         p_row->>'taxable')
                        ELSE format('per_eur=%s', p_row->>'per_eur') END;
                    """),
            // A rate row's key as the log names it: 'DE 2026-01-01', 'FR Paris 2026-01-01', 'car 2026-01-01', 'USD 2026-05-04'.
            ServerFunction(
                name: "rate_key", parameters: "p_table text, p_row jsonb", returns: "text",
                body: """
                    RETURN CASE p_table
                        WHEN 'allowance_rates' THEN (p_row->>'country') || coalesce(nullif(' ' || (p_row->>'place'), ' '), '') || ' '
                                                    || (p_row->>'valid_from')
                        WHEN 'mileage_rates' THEN (p_row->>'vehicle') || ' ' || (p_row->>'valid_from')
                        ELSE (p_row->>'currency') || ' ' || (p_row->>'date') END;
                    """),
            // The trigger of the three rate tables: appends the change to the rate log.
            ServerFunction(
                name: "rate_logged", parameters: "", returns: "trigger",
                declare: """
                    before_row jsonb;
                    after_row jsonb;
                    stamp text := server_now();
                    what text;
                    before_text text;
                    after_text text;
                    """,
                body: """
                    IF TG_OP <> 'INSERT' THEN before_row := to_jsonb(OLD); END IF;
                    IF TG_OP <> 'DELETE' THEN after_row := to_jsonb(NEW); END IF;
                    what := TG_TABLE_NAME || ' ' || rate_key(TG_TABLE_NAME, coalesce(after_row, before_row));
                    before_text := rate_values(TG_TABLE_NAME, before_row);
                    after_text := rate_values(TG_TABLE_NAME, after_row);
                    IF before_text = after_text THEN RETURN NULL; END IF;
                    -- Chained at COMMIT (`chainAtCommit`): the log's end is not held while finance's transaction goes on.
                    INSERT INTO public.rate_events (id, at, actor, action, old_values, new_values, hash)
                    VALUES (nextval('public.rate_events_id_seq'), stamp, session_user, what, before_text, after_text, '\(unchainedHash)');
                    RETURN NULL;
                    """),
            // How many days before a submission any change of a rate it used is a finding.
            ServerFunction(
                name: "rate_change_window", parameters: "", returns: "bigint",
                body: """
                    RETURN coalesce((SELECT w.days FROM public.rate_change_window w WHERE w.singleton = 1), \(rateChangeWindowDays));
                    """),
            // 1 when the window changed, 0 when it was that already.
            ServerFunction(
                ServerWrites.rateChangeWindowSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change how recent a rate change is a finding');
                    INSERT INTO public.rate_change_window (singleton, days) VALUES (1, p_days)
                    ON CONFLICT (singleton) DO UPDATE SET days = excluded.days
                    WHERE rate_change_window.days IS DISTINCT FROM excluded.days;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
        ]
    }

    /// Unless finance sets another: a rate changed within a month before a submission is news to
    /// the approver.
    public static let rateChangeWindowDays = 30

    /// The rate tables' triggers, made again by every setup (their function is the layer's).
    static let rateLogTriggers = ["allowance_rates", "mileage_rates", "exchange_rates"].map { table in
        """
        DROP TRIGGER IF EXISTS rate_logged ON \(table);
        CREATE TRIGGER rate_logged AFTER INSERT OR UPDATE OR DELETE ON \(table)
            FOR EACH ROW EXECUTE FUNCTION \(functionSchema).rate_logged();
        """
    }.joined(separator: "\n")
}
