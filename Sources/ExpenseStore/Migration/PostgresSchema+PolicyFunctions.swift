import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The policy as the server holds it at submission: the findings of the rules it can decide
    /// alone, with their configured severity, by the same keys `PolicyCheck` gives them, and the
    /// refusal of a submission while one of them blocks. A test holds both engines to the same
    /// findings on the same data.
    ///
    /// The server decides every rule: missing receipts, items outside the trip, daily limits (a
    /// limit in euros converted into the report's currency at the ECB's rate of the day as the app
    /// converts it, `limit_in`; no rate, no finding, as in the app), a receipt on two items and
    /// possible duplicates (`duplicate_groups`), a per diem typed as an item on a report whose
    /// per diems are computed, and a rate given by hand beyond finance's tolerance of the ECB's
    /// rate of the day, or with none to compare (`rate_within`). Left to the app alone: a limit set in a currency
    /// other than the euro or the report's, and merchants' names that differ in the case of
    /// letters beyond ASCII (the database's C collation lowers only those).
    static var policyFunctions: [ServerFunction] {
        let defaults = PolicyRule.allCases.map { "(\(literal($0.rawValue)), \(literal($0.defaultSeverity.rawValue)))" }
            .joined(separator: ", ")
        let digits = (CurrencyTable.standard.all + CurrencyTable.standard.legacy).map { "(\(literal($0.code)), \($0.minorDigits))" }.joined(
            separator: ", ")
        return [
            // A limit of `p_limit` minor units of `p_from` in `p_to` on `p_day`, rounded half-even to
            // its minor unit, as `ExchangeRate.convert` does; NULL when it cannot be converted.
            ServerFunction(
                name: "limit_in", parameters: "p_limit bigint, p_from text, p_to text, p_day text", returns: "bigint",
                declare: "per_eur numeric; exact numeric; below numeric;",
                body: """
                    IF p_from = p_to THEN RETURN p_limit; END IF;
                    IF p_from <> 'EUR' THEN RETURN NULL; END IF;
                    SELECT r.per_eur::numeric INTO per_eur FROM public.exchange_rates r
                    WHERE r.currency = p_to AND r.date COLLATE "C" <= p_day ORDER BY r.date COLLATE "C" DESC LIMIT 1;
                    IF per_eur IS NULL THEN RETURN NULL; END IF;
                    exact := p_limit * per_eur * power(10::numeric, coalesce((SELECT d FROM (VALUES \(digits)) AS t (c, d) WHERE c = p_to), 2) - 2);
                    below := floor(exact);
                    IF exact - below > 0.5 OR (exact - below = 0.5 AND below % 2 = 1) THEN RETURN below + 1; END IF;
                    RETURN below;
                    """),
            // Possible duplicates, as `DuplicateGroups` finds them: items of the same date, amount and
            // currency linked by their category or their merchant (trimmed, lower case), grouped as
            // connected components, where the owner's other items join only through an item of the
            // report. Each item is linked to the first item of the report with the same link (a star,
            // not every pair: a report of 100,000 identical items is 200,000 links), and the
            // components found by passing the smallest label along the links until none changes.
            ServerFunction(
                name: "duplicate_groups", parameters: "p_report bigint", returns: "TABLE (group_key text)",
                declare: "moved bigint;",
                body: """
                    -- Left by an earlier call in this transaction; tested first, so that no notice reaches the client.
                    IF to_regclass('pg_temp.expenses_duplicate_links') IS NOT NULL THEN DROP TABLE pg_temp.expenses_duplicate_links; END IF;
                    IF to_regclass('pg_temp.expenses_duplicate_labels') IS NOT NULL THEN DROP TABLE pg_temp.expenses_duplicate_labels; END IF;
                    CREATE TEMPORARY TABLE expenses_duplicate_links ON COMMIT DROP AS
                    WITH report AS (SELECT * FROM public.reports WHERE id = p_report),
                    mine AS (SELECT e.id, e.date, e.amount_minor, e.currency, e.category, e.merchant FROM public.expenses e
                             WHERE e.report_id = p_report),
                    others AS (SELECT e.id, e.date, e.amount_minor, e.currency, e.category, e.merchant
                               FROM public.expenses e CROSS JOIN report r
                               WHERE e.report_id IS DISTINCT FROM r.id AND e.owner = r.owner
                                 AND (e.date, e.amount_minor, e.currency) IN (SELECT date, amount_minor, currency FROM mine)),
                    items AS (SELECT *, true AS in_report FROM mine UNION ALL SELECT *, false FROM others),
                    keyed AS (
                        SELECT id, in_report, date || '|' || amount_minor || '|' || currency || '|c:' || category AS link FROM items
                        UNION ALL
                        SELECT id, in_report, date || '|' || amount_minor || '|' || currency || '|m:'
                            || lower(btrim(merchant, E' \\t\\n\\r')) FROM items WHERE btrim(merchant, E' \\t\\n\\r') <> ''
                    ),
                    anchors AS (SELECT link, min(id) AS anchor FROM keyed WHERE in_report GROUP BY link)
                    SELECT DISTINCT k.id, a.anchor FROM keyed k JOIN anchors a ON a.link = k.link;
                    CREATE TEMPORARY TABLE expenses_duplicate_labels ON COMMIT DROP AS
                    SELECT id, min(anchor) AS label FROM pg_temp.expenses_duplicate_links GROUP BY id;
                    LOOP
                        UPDATE pg_temp.expenses_duplicate_labels AS l SET label = m.label
                        FROM (SELECT k.id, min(least(la.label, lb.label)) AS label
                              FROM pg_temp.expenses_duplicate_links k
                              JOIN pg_temp.expenses_duplicate_labels la ON la.id = k.id
                              JOIN pg_temp.expenses_duplicate_labels lb ON lb.id = k.anchor
                              GROUP BY k.id
                              UNION ALL
                              SELECT k.anchor, min(la.label) FROM pg_temp.expenses_duplicate_links k
                              JOIN pg_temp.expenses_duplicate_labels la ON la.id = k.id GROUP BY k.anchor) AS m
                        WHERE l.id = m.id AND m.label < l.label;
                        GET DIAGNOSTICS moved = ROW_COUNT;
                        EXIT WHEN moved = 0;
                    END LOOP;
                    RETURN QUERY SELECT 'duplicate:' || min(l.id) || ':' || max(l.id) FROM pg_temp.expenses_duplicate_labels l
                    GROUP BY l.label HAVING count(*) > 1;
                    DROP TABLE pg_temp.expenses_duplicate_links;
                    DROP TABLE pg_temp.expenses_duplicate_labels;
                    """),
            ServerFunction(
                name: "policy_findings", parameters: "p_report bigint",
                returns: "TABLE (finding_rule text, finding_key text, finding_severity text)",
                body: """
                    RETURN QUERY
                    WITH report AS (SELECT * FROM public.reports WHERE id = p_report),
                    items AS (SELECT e.* FROM public.expenses e WHERE e.report_id = p_report),
                    found (rule, key) AS (
                        SELECT 'missing-receipt', 'missing-receipt:' || i.id
                        FROM items i JOIN public.categories c ON c.code = i.category CROSS JOIN report r
                        WHERE c.receipt_required_above IS NOT NULL
                          AND i.converted_minor > limit_in(c.receipt_required_above, c.currency, r.currency, i.date)
                          AND i.distance_tenths IS NULL
                          AND NOT EXISTS (SELECT 1 FROM public.expense_receipts l WHERE l.expense_id = i.id)
                        UNION ALL
                        SELECT 'vat-without-receipt', 'vat-without-receipt:' || i.id
                        FROM items i
                        WHERE EXISTS (SELECT 1 FROM public.expense_vat v WHERE v.expense_id = i.id)
                          AND NOT EXISTS (SELECT 1 FROM public.expense_receipts l WHERE l.expense_id = i.id)                        UNION ALL
                        SELECT 'outside-trip', 'outside-trip:' || i.id
                        FROM items i CROSS JOIN report r
                        WHERE i.date COLLATE "C" < r.start_date OR i.date COLLATE "C" > r.end_date
                        UNION ALL
                        SELECT 'daily-limit', 'daily-limit:' || i.category || ':' || i.date
                        FROM items i JOIN public.categories c ON c.code = i.category CROSS JOIN report r
                        WHERE c.daily_limit IS NOT NULL AND coalesce(i.nights, 1) = 1
                        GROUP BY i.category, i.date, c.daily_limit, c.currency, r.currency
                        HAVING sum(i.converted_minor) > limit_in(c.daily_limit, c.currency, r.currency, i.date)
                        UNION ALL
                        SELECT 'daily-limit', 'daily-limit:' || i.category || ':' || i.date || ':' || i.id
                        FROM items i JOIN public.categories c ON c.code = i.category CROSS JOIN report r
                        WHERE c.daily_limit IS NOT NULL AND i.nights > 1
                          AND i.converted_minor::numeric > limit_in(c.daily_limit, c.currency, r.currency, i.date)::numeric * i.nights
                        UNION ALL
                        SELECT 'shared-receipt', 'shared-receipt:' || left(mine.sha256, 12)
                        FROM (SELECT DISTINCT c.sha256, c.owner FROM items i JOIN public.expense_receipts l ON l.expense_id = i.id
                              JOIN public.receipts c ON c.id = l.receipt_id) AS mine
                        JOIN public.receipts c ON c.sha256 = mine.sha256 AND c.owner = mine.owner
                        JOIN public.expense_receipts l ON l.receipt_id = c.id
                        GROUP BY mine.sha256 HAVING count(DISTINCT l.expense_id) > 1
                        UNION ALL
                        SELECT 'duplicate', g.group_key FROM duplicate_groups(p_report) g
                        UNION ALL
                        SELECT 'typed-per-diem', 'typed-per-diem:' || i.id
                        FROM items i CROSS JOIN report r
                        WHERE i.category = \(literal(PolicyCheck.perDiemCategory))
                          AND r.country IS NOT NULL AND r.start_date IS NOT NULL AND r.end_date IS NOT NULL
                        UNION ALL
                        SELECT 'manual-rate', 'manual-rate:' || i.id
                        FROM items i CROSS JOIN report r
                        LEFT JOIN LATERAL (SELECT '1' AS x_rate WHERE i.currency = r.currency
                                           UNION ALL
                                           SELECT x.x_rate FROM exchange_rate_on(i.currency, r.currency, i.date) x
                                           WHERE i.currency <> r.currency) AS ecb ON true
                        WHERE i.rate_source = 'manual'
                          AND (ecb.x_rate IS NULL OR NOT rate_within(i.rate, ecb.x_rate, manual_rate_tolerance()))
                    )
                    SELECT f.rule, f.key, coalesce(p.severity, d.severity)
                    FROM found f JOIN (VALUES \(defaults)) AS d (rule, severity) ON d.rule = f.rule
                    LEFT JOIN public.policy_rules p ON p.rule = f.rule
                    WHERE coalesce(p.severity, d.severity) <> 'off'
                    ORDER BY f.rule, f.key;
                    """),
            ServerFunction(
                name: "require_no_blocking_findings", parameters: "p_report public.reports", returns: "void",
                declare: "blocking text;",
                body: """
                    SELECT string_agg(f.finding_key, ', ' ORDER BY f.finding_key) INTO blocking FROM policy_findings(p_report.id) f
                    WHERE f.finding_severity = 'blocking';
                    IF blocking IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has blocking policy findings (%): it cannot be submitted', p_report.id, blocking
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    """),
        ]
    }
}
