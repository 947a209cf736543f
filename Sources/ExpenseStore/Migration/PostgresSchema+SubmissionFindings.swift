import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// What the server finds at a submission that a member's client cannot see (issue 40), kept in
    /// `report_findings` by report and by the submission's audit entry, so that each submission's
    /// findings stay as they were found:
    ///
    /// - 'rate-change': a per-diem, mileage or exchange-rate row the report's amounts were computed
    ///   from was changed by the report's owner (ever), or by anyone within finance's window
    ///   (`rate_change_window`) before the submission, as the rate log says (`rate_logged`);
    /// - 'taxable-rate': such a row is marked taxable, paying above the tax-free figure;
    /// - 'receipt-elsewhere', 'card-elsewhere': the same receipt's bytes, or the same card
    ///   transaction (its reference, day and amount), are in a report of another traveller that
    ///   is submitted, approved or reimbursed. Both reports get the finding, worded without the
    ///   other's contents, each on its latest submission; it blocks approval and reimbursement
    ///   (`require_findings_accepted`) until an approver who is not the owner accepts it with a
    ///   reason (`finding_accept`);
    /// - 'paid-before', 'in-other-report': items of the report match items of another report of
    ///   the same traveller, one finding for each such report, as the app's duplicate rule
    ///   matches them (`DuplicateGroups`: the same date, amount and currency, and the same
    ///   category or merchant) or by the same receipt's bytes or card transaction; worded with
    ///   the other report's id and status only, which its approver may not read (a draft, a
    ///   reimbursed trip). A reimbursed one ('paid-before') blocks as 'receipt-elsewhere' does.
    ///
    /// Each rule's severity is the policy's (`policy_rules`), its default `PolicyRule`'s; 'off'
    /// is not kept.
    static var submissionFindingFunctions: [ServerFunction] {
        let rules: [PolicyRule] = [.rateChange, .taxableRate, .receiptElsewhere, .cardElsewhere, .paidBefore, .inOtherReport]
        let defaults = rules.map { "(\(literal($0.rawValue)), \(literal($0.defaultSeverity.rawValue)))" }.joined(separator: ", ")
        let paidStates = [ReportStatus.submitted, .approved, .reimbursed].map { literal($0.rawValue) }.joined(separator: ", ")
        // The per-diem rows the report's days were computed from: a city's, a country's, or
        // Luxembourg's for a country the table does not list (the day names the country).
        let rowsUsed = """
            (SELECT DISTINCT CASE WHEN a.basis = 'luxembourg' THEN 'LU' ELSE a.country END AS country,
                             CASE WHEN a.basis = 'place' THEN a.place ELSE '' END AS place, a.valid_from
             FROM public.report_allowances a WHERE a.report_id = p_report AND a.kind <> 'none')
            """
        return [
            // The findings of report `p_report`'s submission `p_event`, and the counterpart of each
            // 'elsewhere' finding on the other report's latest submission.
            ServerFunction(
                name: "record_submission_findings", parameters: "p_report bigint, p_event bigint, p_at text", returns: "void",
                declare: """
                    trip public.reports;
                    window_days bigint := rate_change_window();
                    stamp text := server_now();
                    since text;
                    """,
                body: """
                    SELECT * INTO trip FROM public.reports WHERE id = p_report;
                    since := to_char(server_now()::timestamp - make_interval(days => window_days::int),
                                     'YYYY-MM-DD"T"HH24:MI:SS"Z"');
                    -- Temporary rows of this call only; dropped first if an earlier call left them.
                    IF to_regclass('pg_temp.expenses_elsewhere') IS NOT NULL THEN DROP TABLE pg_temp.expenses_elsewhere; END IF;
                    CREATE TEMPORARY TABLE expenses_elsewhere ON COMMIT DROP AS
                    -- Joined flat from the report's own receipts, so that each is looked up by its hash
                    -- (receipts_by_sha256), never the team's receipts read whole.
                    SELECT DISTINCT 'receipt-elsewhere'::text AS rule, mine.id AS mine_id, other.id AS their_id, r.id AS their_report
                    FROM public.expenses e
                    JOIN public.expense_receipts l ON l.expense_id = e.id JOIN public.receipts mine ON mine.id = l.receipt_id
                    JOIN public.receipts other ON other.sha256 = mine.sha256 AND other.owner <> trip.owner
                    JOIN public.expense_receipts ol ON ol.receipt_id = other.id JOIN public.expenses oe ON oe.id = ol.expense_id
                    JOIN public.reports r ON r.id = oe.report_id
                    WHERE e.report_id = p_report AND r.owner <> trip.owner AND r.status IN (\(paidStates))
                    UNION ALL
                    SELECT 'card-elsewhere', mine.id, theirs.id, theirs.report_id
                    FROM public.expenses mine
                    JOIN public.expenses theirs ON theirs.external_id = mine.external_id AND theirs.date = mine.date
                         AND theirs.amount_minor = mine.amount_minor AND theirs.currency = mine.currency
                    JOIN public.reports r ON r.id = theirs.report_id
                    WHERE mine.report_id = p_report AND mine.external_id IS NOT NULL
                      AND r.owner <> trip.owner AND r.status IN (\(paidStates));

                    INSERT INTO public.report_findings (report_id, event_id, rule, finding_key, severity, message, found_at)
                    SELECT p_report, p_event, f.rule, f.key, coalesce(p.severity, d.severity), f.message, stamp
                    FROM (
                        WITH used (rate_table, rate_key, label) AS (
                            SELECT DISTINCT 'allowance_rates', a.country || CASE WHEN a.place <> '' THEN ' ' || a.place ELSE '' END
                                                                || ' ' || a.valid_from,
                                   'the per-diem rate for ' || a.country || CASE WHEN a.place <> '' THEN ' ' || a.place ELSE '' END
                                   || ' from ' || a.valid_from
                            FROM \(rowsUsed) a
                            UNION
                            SELECT DISTINCT 'mileage_rates', m.vehicle || ' ' || m.valid_from,
                                   'the mileage rate for ' || m.vehicle || ' from ' || m.valid_from
                            FROM public.expenses e
                            CROSS JOIN LATERAL (SELECT r.vehicle, r.valid_from FROM public.mileage_rates r
                                                WHERE r.vehicle = e.vehicle AND r.valid_from COLLATE "C" <= e.date
                                                ORDER BY r.valid_from COLLATE "C" DESC LIMIT 1) AS m
                            WHERE e.report_id = p_report AND e.category = 'mileage' AND e.vehicle IS NOT NULL
                            UNION
                            SELECT DISTINCT 'exchange_rates', x.currency || ' ' || x.day, 'the exchange rate of ' || x.currency || ' on ' || x.day
                            FROM (SELECT a.currency, a.rate_date AS day FROM public.report_allowances a
                                  WHERE a.report_id = p_report AND a.rate_source = 'table'
                                  UNION SELECT e.currency, e.rate_date FROM public.expenses e WHERE e.report_id = p_report AND e.rate_source = 'table'
                                  UNION SELECT trip.currency, e.rate_date FROM public.expenses e
                                  WHERE e.report_id = p_report AND e.rate_source = 'table') AS x
                            WHERE x.currency <> 'EUR' AND x.day IS NOT NULL
                        ),
                        changed AS (
                            SELECT DISTINCT ON (u.rate_table, u.rate_key) u.rate_table, u.rate_key, u.label, ev.actor,
                                   left(ev.at, 10) AS day, ev.actor = trip.owner AS by_owner
                            FROM used u JOIN public.rate_events ev ON ev.action = u.rate_table || ' ' || u.rate_key
                            WHERE ev.actor = trip.owner OR ev.at COLLATE "C" > since
                            ORDER BY u.rate_table, u.rate_key, (ev.actor = trip.owner) DESC, ev.id DESC
                        )
                        SELECT 'rate-change' AS rule, 'rate-change:' || c.rate_table || ':' || replace(c.rate_key, ' ', ':') AS key,
                               c.label || ' used by this report was changed by ' || c.actor
                               || CASE WHEN c.by_owner THEN ' (its owner) on ' || c.day
                                       ELSE ' on ' || c.day || ', within ' || window_days || ' days before its submission' END AS message
                        FROM changed c
                        UNION ALL
                        SELECT 'taxable-rate', 'taxable-rate:allowance_rates:' || r.country || coalesce(nullif(':' || r.place, ':'), '')
                                               || ':' || r.valid_from,
                               'the per-diem rate for ' || r.country || coalesce(nullif(' ' || r.place, ' '), '') || ' from ' || r.valid_from
                               || ' used by this report is marked taxable: '
                               || coalesce('above the BMF table''s tax-free ' || minor_text(s.s_full_day, s.s_currency) || ' and '
                                           || minor_text(s.s_partial_day, s.s_currency) || ' ' || s.s_currency || ' a day',
                                           'above the tax-free figure')
                               || ', the difference is taxable'
                        FROM (SELECT DISTINCT a.country, a.place, a.valid_from FROM \(rowsUsed) a) AS a
                        JOIN public.allowance_rates r ON r.country = a.country AND r.place = a.place AND r.valid_from = a.valid_from
                        LEFT JOIN LATERAL statutory_per_diem(r.country, r.place, r.valid_from) AS s ON true
                        WHERE r.taxable = 1
                        UNION ALL
                        SELECT 'taxable-rate', 'taxable-rate:mileage_rates:' || m.vehicle || ':' || m.valid_from,
                               'the mileage rate for ' || m.vehicle || ' from ' || m.valid_from || ' used by this report is marked taxable: '
                               || 'above the tax-free ' || minor_text(s.s_rate, s.s_currency) || ' ' || s.s_currency
                               || ' a km, the difference is taxable'
                        FROM (SELECT DISTINCT r.vehicle, r.valid_from, r.taxable FROM public.expenses e
                              CROSS JOIN LATERAL (SELECT r.vehicle, r.valid_from, r.taxable FROM public.mileage_rates r
                                                  WHERE r.vehicle = e.vehicle AND r.valid_from COLLATE "C" <= e.date
                                                  ORDER BY r.valid_from COLLATE "C" DESC LIMIT 1) AS r
                              WHERE e.report_id = p_report AND e.category = 'mileage' AND e.vehicle IS NOT NULL) AS m
                        JOIN LATERAL statutory_mileage(m.vehicle) AS s ON true
                        WHERE m.taxable = 1
                        UNION ALL
                        SELECT DISTINCT ON (x.rule, x.mine_id) x.rule, x.rule || ':' || x.mine_id,
                               CASE x.rule WHEN 'receipt-elsewhere' THEN 'receipt ' || x.mine_id || '''s file is also attached to'
                                           ELSE 'item ' || x.mine_id || '''s card transaction is also in' END
                               || ' a report of another traveller (submitted ' || coalesce(submitted_on(x.their_report), 'earlier') || ')'
                        FROM pg_temp.expenses_elsewhere x
                    ) AS f
                    JOIN (VALUES \(defaults)) AS d (rule, severity) ON d.rule = f.rule
                    LEFT JOIN public.policy_rules p ON p.rule = f.rule
                    WHERE coalesce(p.severity, d.severity) <> 'off'
                    ON CONFLICT DO NOTHING;

                    -- The traveller's own other reports, one finding each: "3 items (7, 8, 9) match items of
                    -- reimbursed report 2 of the same traveller", the first ten ids (`PolicyCheck.idsShown`). Merchants compared as the app's
                    -- `DuplicateGroups.normalizedMerchant` does; an empty one matches nothing.
                    INSERT INTO public.report_findings (report_id, event_id, rule, finding_key, severity, message, found_at)
                    SELECT p_report, p_event, m.rule, m.rule || ':' || m.their_report, coalesce(p.severity, d.severity),
                           CASE WHEN count(*) = 1 THEN 'item ' || min(m.mine_id) || ' matches an item'
                                ELSE count(*) || ' items (' || array_to_string((array_agg(m.mine_id ORDER BY m.mine_id))[1:10], ', ')
                                     || CASE WHEN count(*) > 10 THEN ' and ' || (count(*) - 10) || ' more' ELSE '' END || ') match items' END
                           || ' of ' || m.their_status || ' report ' || m.their_report || ' of the same traveller', stamp
                    FROM (
                        SELECT DISTINCT CASE r.status WHEN 'reimbursed' THEN 'paid-before' ELSE 'in-other-report' END AS rule,
                               mine.id AS mine_id, r.id AS their_report, r.status AS their_status
                        FROM public.expenses mine
                        JOIN public.expenses theirs ON theirs.owner = trip.owner AND theirs.date = mine.date
                             AND theirs.amount_minor = mine.amount_minor AND theirs.currency = mine.currency
                        JOIN public.reports r ON r.id = theirs.report_id
                        WHERE mine.report_id = p_report AND r.id <> p_report AND r.owner = trip.owner
                          AND (theirs.category = mine.category
                               OR (btrim(mine.merchant) <> '' AND lower(btrim(theirs.merchant)) = lower(btrim(mine.merchant)))
                               OR (theirs.external_id = mine.external_id))
                        UNION
                        SELECT DISTINCT CASE r.status WHEN 'reimbursed' THEN 'paid-before' ELSE 'in-other-report' END,
                               e.id, r.id, r.status
                        FROM public.expenses e
                        JOIN public.expense_receipts l ON l.expense_id = e.id JOIN public.receipts mine ON mine.id = l.receipt_id
                        JOIN public.receipts other ON other.sha256 = mine.sha256 AND other.owner = trip.owner
                        JOIN public.expense_receipts ol ON ol.receipt_id = other.id JOIN public.expenses oe ON oe.id = ol.expense_id
                        JOIN public.reports r ON r.id = oe.report_id
                        WHERE e.report_id = p_report AND r.id <> p_report AND r.owner = trip.owner
                    ) AS m
                    JOIN (VALUES \(defaults)) AS d (rule, severity) ON d.rule = m.rule
                    LEFT JOIN public.policy_rules p ON p.rule = m.rule
                    WHERE coalesce(p.severity, d.severity) <> 'off'
                    GROUP BY m.rule, m.their_report, m.their_status, p.severity, d.severity
                    ON CONFLICT DO NOTHING;

                    -- The other report's approver sees it too, on that report's latest submission.
                    INSERT INTO public.report_findings (report_id, event_id, rule, finding_key, severity, message, found_at)
                    SELECT DISTINCT ON (x.their_report, x.rule, x.their_id) x.their_report,
                           (SELECT max(ev.id) FROM public.report_events ev WHERE ev.report_id = x.their_report AND ev.action = 'submit'),
                           x.rule, x.rule || ':' || x.their_id, coalesce(p.severity, d.severity),
                           CASE x.rule WHEN 'receipt-elsewhere' THEN 'receipt ' || x.their_id || '''s file is also attached to'
                                       ELSE 'item ' || x.their_id || '''s card transaction is also in' END
                           || ' a report of another traveller (submitted ' || left(p_at, 10) || ')', stamp
                    FROM pg_temp.expenses_elsewhere x
                    JOIN (VALUES \(defaults)) AS d (rule, severity) ON d.rule = x.rule
                    LEFT JOIN public.policy_rules p ON p.rule = x.rule
                    WHERE coalesce(p.severity, d.severity) <> 'off'
                      AND EXISTS (SELECT 1 FROM public.report_events ev WHERE ev.report_id = x.their_report AND ev.action = 'submit')
                    ON CONFLICT DO NOTHING;
                    DROP TABLE pg_temp.expenses_elsewhere;
                    """),
            // Report `p_report` was just reimbursed: each other report of its traveller whose latest
            // submission found items matching it ('in-other-report') gets 'paid-before' for it on
            // that submission, so that a trip submitted while its twin was only approved is not paid
            // a second time once the twin is paid.
            ServerFunction(
                name: "record_paid_before", parameters: "p_report bigint, p_at text", returns: "void",
                declare: "stamp text := server_now();",
                body: """
                    INSERT INTO public.report_findings (report_id, event_id, rule, finding_key, severity, message, found_at)
                    SELECT f.report_id, f.event_id, 'paid-before', 'paid-before:' || p_report, coalesce(p.severity, d.severity),
                           regexp_replace(f.message, ' of [a-z]+ report [0-9]+ of the same traveller$',
                                          ' of report ' || p_report || ' of the same traveller, reimbursed ' || left(p_at, 10)), stamp
                    FROM public.report_findings f
                    JOIN (VALUES (\(literal(PolicyRule.paidBefore.rawValue)), \(literal(PolicyRule.paidBefore.defaultSeverity.rawValue))))
                         AS d (rule, severity) ON true
                    LEFT JOIN public.policy_rules p ON p.rule = d.rule
                    WHERE f.finding_key = 'in-other-report:' || p_report AND coalesce(p.severity, d.severity) <> 'off'
                      AND f.event_id = (SELECT max(ev.id) FROM public.report_events ev WHERE ev.report_id = f.report_id AND ev.action = 'submit')
                    ON CONFLICT DO NOTHING;
                    """),
            // The day report `p_report` was last submitted, as its audit log says.
            ServerFunction(
                name: "submitted_on", parameters: "p_report bigint", returns: "text",
                body: """
                    RETURN (SELECT left(ev.at, 10) FROM public.report_events ev WHERE ev.report_id = p_report AND ev.action = 'submit'
                            ORDER BY ev.id DESC LIMIT 1);
                    """),
            // Refuses `p_step` while a blocking finding of the report's latest submission is not
            // accepted by an approver other than its owner.
            ServerFunction(
                name: "require_findings_accepted", parameters: "p_report public.reports, p_step text", returns: "void",
                declare: "pending text; many bigint;",
                body: """
                    SELECT string_agg(f.finding_key, ', ' ORDER BY f.finding_key), count(*) INTO pending, many FROM public.report_findings f
                    WHERE f.report_id = p_report.id AND f.severity = 'blocking'
                      AND f.event_id >= (SELECT max(ev.id) FROM public.report_events ev WHERE ev.report_id = p_report.id AND ev.action = 'submit')
                      AND NOT EXISTS (SELECT 1 FROM public.policy_acknowledgements a
                                      WHERE a.report_id = p_report.id AND a.violation = f.finding_key AND a.actor <> p_report.owner
                                        AND pg_has_role(a.actor, '\(approverRole)', 'MEMBER'));
                    IF pending IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has % (%): it cannot be % until an approver accepts it with a reason', p_report.id,
                            CASE WHEN many = 1 THEN 'a blocking finding' ELSE many || ' blocking findings' END, pending,
                            CASE p_step WHEN 'approve' THEN 'approved' ELSE 'reimbursed' END
                            USING ERRCODE = 'integrity_constraint_violation',
                                  HINT = format('an approver who does not own it reads it with ''expenses report check %s'' and accepts '
                                                || 'it with ''expenses report acknowledge %s %s --reason TEXT''', p_report.id, p_report.id,
                                                split_part(pending, ', ', 1));
                    END IF;
                    """),
            // An approver accepts a finding of a submitted report, with the reason, and it is logged.
            ServerFunction(
                ServerWrites.findingAccept, declare: "who text := caller(); found public.reports;",
                body: """
                    PERFORM require_group(who, '\(approverRole)', 'accept a finding of report ' || p_report);
                    SELECT * INTO found FROM public.reports WHERE id = p_report FOR UPDATE;
                    IF found.id IS NULL OR NOT (found.owner = who OR report_visible(found, who)) THEN
                        RAISE EXCEPTION 'unknown report %', p_report USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF found.owner = who THEN
                        RAISE EXCEPTION '% owns report % and cannot accept its findings: someone else must (separation of duties)', who,
                            found.id USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    -- Approved too: a finding made by another traveller's later submission stops its reimbursement.
                    IF found.status NOT IN ('submitted', 'approved') THEN
                        RAISE EXCEPTION 'report % is %: a finding is accepted while it is submitted or approved', found.id, found.status
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_reason IS NULL OR btrim(p_reason) = '' THEN
                        RAISE EXCEPTION 'accepting a finding needs a reason' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF NOT EXISTS (SELECT 1 FROM public.report_findings f WHERE f.report_id = p_report AND f.finding_key = p_finding
                                     AND f.event_id >= (SELECT max(ev.id) FROM public.report_events ev
                                                        WHERE ev.report_id = p_report AND ev.action = 'submit')) THEN
                        RAISE EXCEPTION 'report % has no finding %', p_report, p_finding USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.policy_acknowledgements (report_id, violation, actor, at, reason)
                    VALUES (p_report, p_finding, who, p_at, p_reason)
                    ON CONFLICT (report_id, violation) DO UPDATE SET actor = excluded.actor, at = excluded.at, reason = excluded.reason;
                    PERFORM log_event(p_report, who, 'accept ' || p_finding, found.status, found.status, p_reason, p_at);
                    """, callers: [approverRole]),
        ]
    }
}
