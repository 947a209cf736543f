import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Who is paid where and the payment runs (issue 41): a traveller sets her own account,
    /// finance anyone's and the company's; every change of an IBAN is logged by the server
    /// (who, its own clock, old and new). Runs are finance's: a run is made, takes each report
    /// with the account it is written to (the payee's as it is now, compared with what the file
    /// was written with), is sealed with the file's hash, and is confirmed (each report
    /// reimbursed through `report_step`, naming the version read when the run was written) or
    /// cancelled (its reports freed). Nobody puts their own report into a run, and a report is
    /// in at most one run that was not cancelled (`payment_run_reports_once`).
    static var paymentFunctions: [ServerFunction] {
        let rule = "'integrity_constraint_violation'"
        return [
            ServerFunction(
                ServerWrites.payeeSet,
                declare: "who text := caller(); old public.payees; changed bigint := 0;",
                body: """
                    IF p_user <> who THEN
                        PERFORM require_group(who, '\(financeRole)', 'set another person''s bank account');
                    END IF;
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_user) THEN
                        RAISE EXCEPTION 'unknown person %', p_user USING ERRCODE = \(rule);
                    END IF;
                    IF NOT pg_has_role(p_user, '\(travellerRole)', 'MEMBER') THEN
                        RAISE EXCEPTION '% is no traveller: only a traveller is paid', p_user USING ERRCODE = \(rule);
                    END IF;
                    IF NOT public.expenses_iban_valid(p_iban) THEN
                        RAISE EXCEPTION 'the IBAN % fails the registry''s country and length or its check digits', p_iban
                            USING ERRCODE = \(rule), HINT = 'copy the IBAN from a bank statement';
                    END IF;
                    SELECT * INTO old FROM public.payees WHERE user_name = p_user FOR UPDATE;
                    INSERT INTO public.payees (user_name, holder, iban, bic, changed_at, changed_by)
                    VALUES (p_user, p_holder, p_iban, p_bic, p_at, who)
                    ON CONFLICT (user_name) DO UPDATE SET holder = excluded.holder, iban = excluded.iban, bic = excluded.bic,
                        changed_at = excluded.changed_at, changed_by = excluded.changed_by;
                    IF old.iban IS DISTINCT FROM p_iban THEN
                        -- The server's clock and the session's role: a member names neither.
                        INSERT INTO public.payee_changes (user_name, at, actor, old_iban, new_iban)
                        VALUES (p_user, server_now(), who, old.iban, p_iban);
                        changed := 1;
                    END IF;
                    RETURN changed;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.companySet,
                declare: "who text := caller();",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'set the company''s bank account');
                    IF NOT public.expenses_iban_valid(p_iban) THEN
                        RAISE EXCEPTION 'the IBAN % fails the registry''s country and length or its check digits', p_iban
                            USING ERRCODE = \(rule);
                    END IF;
                    INSERT INTO public.company_account (singleton, name, iban, bic) VALUES (1, p_name, p_iban, p_bic)
                    ON CONFLICT (singleton) DO UPDATE SET name = excluded.name, iban = excluded.iban, bic = excluded.bic;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.paymentRunNew,
                declare: "who text := caller(); made bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'make payment runs');
                    made := nextval(pg_get_serial_sequence('public.payment_runs', 'id'));
                    INSERT INTO public.payment_runs (id, message_id, created_by, created_at, format, execution_date)
                    VALUES (made, 'EXP-RUN-' || made || '-' || left(regexp_replace(p_at, '[^0-9]', '', 'g'), 14), who, p_at,
                            p_format, p_execution_date);
                    RETURN made;
                    """, callers: groupRoles),
            // What a report owes its traveller, in its currency: the items paid personally, plus
            // the per diems frozen at submission with their nights' lodging flats, less the advances and what the approvers cut off
            // any item (`ReportTotals.dueToEmployee`).
            ServerFunction(
                name: "report_due", parameters: "p_report public.reports", returns: "bigint",
                body: """
                    RETURN coalesce((SELECT sum(e.converted_minor) FROM public.expenses e
                                     WHERE e.report_id = p_report.id AND e.paid_by = 'personal'), 0)
                         + coalesce((SELECT sum(a.converted_minor + a.lodging_converted_minor) FROM public.report_allowances a
                                     WHERE a.report_id = p_report.id), 0)
                         - coalesce((SELECT sum(v.converted_minor) FROM public.report_advances v WHERE v.report_id = p_report.id), 0)
                         - coalesce((SELECT sum(e.converted_minor - c.approved_minor) FROM public.expense_cuts c
                                     JOIN public.expenses e ON e.id = c.expense_id WHERE c.report_id = p_report.id), 0);
                    """),
            // The run, locked, open, made by the caller and not sealed yet.
            ServerFunction(
                name: "own_open_run", parameters: "p_run bigint, p_who text", returns: "public.payment_runs",
                declare: "run public.payment_runs;",
                body: """
                    SELECT * INTO run FROM public.payment_runs WHERE id = p_run FOR UPDATE;
                    IF run.id IS NULL OR run.created_by <> p_who THEN
                        RAISE EXCEPTION 'unknown payment run %', p_run USING ERRCODE = \(rule);
                    END IF;
                    IF run.status <> 'open' OR run.sha256 <> '' THEN
                        RAISE EXCEPTION 'payment run % is written already; make a new one', p_run USING ERRCODE = \(rule);
                    END IF;
                    RETURN run;
                    """),
            ServerFunction(
                ServerWrites.paymentRunAdd,
                declare:
                    "who text := caller(); run public.payment_runs; found public.reports; payee public.payees; held bigint; due bigint; twin record;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'put reports into payment runs');
                    run := own_open_run(p_run, who);
                    SELECT * INTO found FROM public.reports WHERE id = p_report FOR UPDATE;
                    IF found.id IS NULL THEN
                        RAISE EXCEPTION 'unknown report %', p_report USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF found.owner = who THEN
                        RAISE EXCEPTION '% owns report % and cannot pay it: someone else must (separation of duties)', who, found.id
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF found.status <> 'approved' THEN
                        RAISE EXCEPTION 'report % is %; only an approved report is paid', found.id, found.status USING ERRCODE = \(rule);
                    END IF;
                    IF found.currency <> 'EUR' THEN
                        RAISE EXCEPTION 'report % is in %: a SEPA credit transfer pays euros only', found.id, found.currency
                            USING ERRCODE = \(rule);
                    END IF;
                    PERFORM require_seen(found, p_seen, 'pay', true);
                    -- What is paid is the server's sum, as 'report show' says it, never the client's.
                    due := report_due(found);
                    IF due < 0 THEN
                        RAISE EXCEPTION 'report % is due nothing to its traveller: % % is owed back', found.id,
                            minor_text(-due, found.currency), found.currency USING ERRCODE = \(rule);
                    ELSIF due = 0 THEN
                        RAISE EXCEPTION 'report % is due nothing to its traveller', found.id USING ERRCODE = \(rule);
                    END IF;
                    IF p_amount <> due THEN
                        RAISE EXCEPTION 'report % is due % % to its traveller, not % %', found.id, minor_text(due, found.currency),
                            found.currency, minor_text(p_amount, found.currency), found.currency
                            USING ERRCODE = \(rule), HINT = 'write the run again from the report as it is';
                    END IF;
                    PERFORM require_findings_accepted(found, 'reimburse');
                    -- Its twin (items matching, 'in-other-report' either way) already in a run is paid by
                    -- it: one of the two is paid, unless an approver accepted the match.
                    SELECT r.report_id, r.run_id, f.report_id AS found_on, f.finding_key INTO twin FROM public.payment_run_reports r
                    JOIN public.report_findings f ON (f.report_id = found.id AND f.finding_key = 'in-other-report:' || r.report_id)
                                                  OR (f.report_id = r.report_id AND f.finding_key = 'in-other-report:' || found.id)
                    WHERE r.released = 0 AND r.report_id <> found.id
                      AND NOT EXISTS (SELECT 1 FROM public.policy_acknowledgements a
                                      WHERE a.report_id = f.report_id AND a.violation = f.finding_key AND a.actor <> found.owner
                                        AND pg_has_role(a.actor, '\(approverRole)', 'MEMBER'))
                    ORDER BY r.run_id, r.report_id LIMIT 1;
                    IF twin.report_id IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has items that match items of report % of the same traveller, which is in payment run % already: a trip is paid once',
                            found.id, twin.report_id, twin.run_id
                            USING ERRCODE = \(rule),
                                  HINT = format('an approver who does not own them accepts the match with ''expenses report acknowledge %s %s --reason TEXT''', twin.found_on, twin.finding_key);
                    END IF;
                    SELECT r.run_id INTO held FROM public.payment_run_reports r WHERE r.report_id = found.id AND r.released = 0;
                    IF held IS NOT NULL THEN
                        RAISE EXCEPTION 'report % is in payment run % already: a report is paid once', found.id, held
                            USING ERRCODE = \(rule), HINT = 'cancel that run first if it was never paid';
                    END IF;
                    SELECT * INTO payee FROM public.payees WHERE user_name = found.owner FOR SHARE;
                    IF payee.user_name IS NULL THEN
                        RAISE EXCEPTION '% has no bank account to be paid to', found.owner USING ERRCODE = \(rule);
                    END IF;
                    IF payee.iban <> p_iban OR payee.holder <> p_holder OR payee.bic IS DISTINCT FROM p_bic THEN
                        RAISE EXCEPTION 'the bank account of % is not the one the run was written with', found.owner
                            USING ERRCODE = \(rule), HINT = 'write the run again';
                    END IF;
                    INSERT INTO public.payment_run_reports (run_id, report_id, amount_minor, currency, holder, iban, bic, seen_version,
                                                            end_to_end_id)
                    VALUES (run.id, found.id, p_amount, 'EUR', payee.holder, payee.iban, payee.bic, p_seen, p_end_to_end);
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.paymentRunSeal,
                declare: "who text := caller(); run public.payment_runs;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'make payment runs');
                    run := own_open_run(p_run, who);
                    IF p_sha256 !~ '^[0-9a-f]{64}$' THEN
                        RAISE EXCEPTION 'a file''s SHA-256 is 64 hexadecimal digits' USING ERRCODE = \(rule);
                    END IF;
                    IF NOT EXISTS (SELECT 1 FROM public.payment_run_reports r WHERE r.run_id = run.id) THEN
                        RAISE EXCEPTION 'payment run % pays nothing' , run.id USING ERRCODE = \(rule);
                    END IF;
                    UPDATE public.payment_runs SET sha256 = p_sha256 WHERE id = run.id;
                    """, callers: groupRoles),
            // The run, locked, sealed and open, for confirming or cancelling.
            ServerFunction(
                name: "open_run", parameters: "p_run bigint, p_what text", returns: "public.payment_runs",
                declare: "run public.payment_runs;",
                body: """
                    SELECT * INTO run FROM public.payment_runs WHERE id = p_run FOR UPDATE;
                    IF run.id IS NULL OR run.sha256 = '' THEN
                        RAISE EXCEPTION 'unknown payment run %', p_run USING ERRCODE = \(rule);
                    END IF;
                    IF run.status <> 'open' THEN
                        RAISE EXCEPTION 'payment run % is %; only an open run can be %', p_run, run.status, p_what
                            USING ERRCODE = \(rule);
                    END IF;
                    RETURN run;
                    """),
            ServerFunction(
                ServerWrites.paymentRunConfirm,
                declare: "who text := caller(); run public.payment_runs; paid public.payment_run_reports; n bigint := 0;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'confirm payment runs');
                    run := open_run(p_run, 'confirmed');
                    FOR paid IN SELECT * FROM public.payment_run_reports r WHERE r.run_id = run.id ORDER BY r.report_id LOOP
                        -- The workflow's own step, as finance takes it, on the report as it was read.
                        PERFORM report_step(paid.report_id, '\(ReportAction.reimburse.rawValue)', 'payment run ' || run.id,
                                            paid.seen_version, p_at);
                        n := n + 1;
                    END LOOP;
                    UPDATE public.payment_runs SET status = 'confirmed', closed_by = who, closed_at = p_at WHERE id = run.id;
                    RETURN n;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.paymentRunCancel,
                declare: "who text := caller(); run public.payment_runs; n bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'cancel payment runs');
                    run := open_run(p_run, 'cancelled');
                    UPDATE public.payment_run_reports SET released = 1 WHERE run_id = run.id;
                    GET DIAGNOSTICS n = ROW_COUNT;
                    UPDATE public.payment_runs SET status = 'cancelled', closed_by = who, closed_at = p_at WHERE id = run.id;
                    RETURN n;
                    """, callers: groupRoles),
        ]
    }

    /// Payees and their changes: each person's own, and finance sees everyone's; runs: finance's,
    /// and a traveller sees the transfers of her own reports.
    static var paymentPolicies: [Policy] {
        [
            Policy(name: "payees_own", table: "payees", command: "SELECT", roles: groupRoles, using: "user_name = session_user"),
            Policy(name: "payees_finance", table: "payees", command: "SELECT", roles: [financeRole], using: "true"),
            Policy(
                name: "payee_changes_own", table: "payee_changes", command: "SELECT", roles: groupRoles,
                using: "user_name = session_user"),
            Policy(name: "payee_changes_finance", table: "payee_changes", command: "SELECT", roles: [financeRole], using: "true"),
            Policy(name: "payment_runs_finance", table: "payment_runs", command: "SELECT", roles: [financeRole], using: "true"),
            Policy(
                name: "payment_run_reports_finance", table: "payment_run_reports", command: "SELECT", roles: [financeRole],
                using: "true"),
            Policy(
                name: "payment_run_reports_own", table: "payment_run_reports", command: "SELECT", roles: [travellerRole],
                using: "EXISTS (SELECT 1 FROM reports r WHERE r.id = payment_run_reports.report_id AND r.owner = session_user)"),
        ]
    }
}
