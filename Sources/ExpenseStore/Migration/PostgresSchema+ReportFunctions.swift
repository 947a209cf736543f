import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The SQLSTATE of a step refused because the report changed since its taker read it
    /// (`require_seen`): the app's own code, in no class PostgreSQL uses, so that it is never
    /// taken for a lost race that a retry would win (the store retries those).
    static let changedSinceRead = "EX409"

    /// A report's header and its workflow: made, edited and deleted by its owner while it is a
    /// draft; moved only along the workflow's steps, each by whom the step is for and logged in the
    /// audit chain by the server, which alone holds the chain's end.
    static var reportFunctions: [ServerFunction] {
        let steps = ReportAction.allCases.map { action in
            "(\(literal(action.rawValue)), \(literal(action.from.rawValue)), \(literal(action.to.rawValue)), "
                + "\(action.actor == .owner), \(groupRole(for: action).map(literal) ?? "NULL::text"))"
        }.joined(separator: ", ")
        return [
            ServerFunction(
                ServerWrites.reportNew,
                declare: "who text := caller(); made bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'create reports');
                    PERFORM require_header(p_title, p_start, p_end);
                    INSERT INTO public.reports (title, purpose, destination, start_date, end_date, currency, status, owner,
                                                created_at, updated_at)
                    VALUES (p_title, coalesce(p_purpose, ''), coalesce(p_destination, ''), p_start, p_end, p_currency, 'draft', who,
                            p_at, p_at)
                    RETURNING id INTO made;
                    RETURN made;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.reportEdit,
                declare: "who text := caller(); found public.reports; outside text;",
                body: """
                    found := own_draft(p_report, who);
                    PERFORM require_header(p_title, p_start, p_end);
                    -- Its items and advances are converted into its currency: another would leave them in the old one.
                    IF p_currency IS DISTINCT FROM found.currency AND found.item_count > 0 THEN
                        RAISE EXCEPTION 'report % has % items converted to %; its currency cannot change', p_report, found.item_count,
                            found.currency USING ERRCODE = 'integrity_constraint_violation',
                            HINT = format('create a new report in %s and move the items there with their rates', p_currency);
                    END IF;
                    IF p_currency IS DISTINCT FROM found.currency
                       AND EXISTS (SELECT 1 FROM public.report_advances a WHERE a.report_id = p_report) THEN
                        RAISE EXCEPTION 'report % has advances converted to %; its currency cannot change', p_report, found.currency
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    -- The trip's times of day (report_trip's) stay with their days, as `Report.validate` holds them.
                    IF (found.start_time IS NOT NULL AND p_start IS NULL) OR (found.end_time IS NOT NULL AND p_end IS NULL) THEN
                        RAISE EXCEPTION 'a time of day needs its date' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_start = p_end AND found.end_time COLLATE "C" < found.start_time THEN
                        RAISE EXCEPTION 'the trip comes back (%T%) before it leaves (%T%)', p_end, found.end_time, p_start,
                            found.start_time USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    -- Its stops and meals stay inside it, as `Store.requireTripDaysInside` holds them: the per diems of a
                    -- day outside the trip would be computed for no day of it.
                    SELECT min(d) INTO outside FROM (SELECT date AS d FROM public.report_stops WHERE report_id = p_report
                                                      UNION SELECT date FROM public.report_meals WHERE report_id = p_report) AS days
                    WHERE p_start IS NULL OR p_end IS NULL OR d COLLATE "C" < p_start OR d COLLATE "C" > p_end;
                    IF outside IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has a stop or meals on %, which would be outside the trip%', p_report, outside,
                            CASE WHEN p_start IS NOT NULL AND p_end IS NOT NULL THEN format(' (%s to %s)', p_start, p_end) ELSE '' END
                            USING ERRCODE = 'integrity_constraint_violation', HINT = 'remove them first, or keep that day in the trip';
                    END IF;
                    -- Its nights at the lodging flat are nights of it (up to the day before its last), its office time on its days.
                    SELECT min(date) INTO outside FROM public.report_nights
                    WHERE report_id = p_report AND (p_start IS NULL OR p_end IS NULL OR date COLLATE "C" < p_start OR date COLLATE "C" >= p_end);
                    IF outside IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has a night at the lodging flat on %, which would be outside the trip', p_report, outside
                            USING ERRCODE = 'integrity_constraint_violation', HINT = 'remove it first, or keep that night in the trip';
                    END IF;
                    SELECT min(starts) INTO outside FROM public.report_office
                    WHERE report_id = p_report
                      AND (p_start IS NULL OR p_end IS NULL OR substr(starts, 1, 10) COLLATE "C" < p_start OR substr(ends, 1, 10) COLLATE "C" > p_end);
                    IF outside IS NOT NULL THEN
                        RAISE EXCEPTION 'report % has office time from %, which would be outside the trip', p_report, outside
                            USING ERRCODE = 'integrity_constraint_violation', HINT = 'remove it first, or keep those hours in the trip';
                    END IF;
                    -- A trip without a night away stays over one midnight.
                    IF found.overnight = 0 AND (p_start IS NULL OR p_end IS DISTINCT FROM to_char(p_start::date + 1, 'YYYY-MM-DD')) THEN
                        RAISE EXCEPTION 'a trip without a night away goes over one midnight: it needs two days in a row and both times'
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    UPDATE public.reports SET title = p_title, purpose = coalesce(p_purpose, ''),
                        destination = coalesce(p_destination, ''), start_date = p_start, end_date = p_end, currency = p_currency,
                        updated_at = p_at
                    WHERE id = p_report;
                    """, callers: [travellerRole]),
            // Refuses a header `Report.validate` refuses, in its words: the table's checks would
            // say only which constraint.
            ServerFunction(
                name: "require_header", parameters: "p_title text, p_start text, p_end text", returns: "void",
                body: """
                    IF p_title IS NULL OR p_title !~ '[^[:space:]]' THEN
                        RAISE EXCEPTION 'a report needs a title' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_end COLLATE "C" < p_start THEN
                        RAISE EXCEPTION 'the trip ends (%) before it starts (%)', p_end, p_start
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    """),
            // Its items go with it (1), or stay as the owner's unassigned items (0); returns how many it held.
            ServerFunction(
                ServerWrites.reportDelete,
                declare: "who text := caller(); items bigint;",
                body: """
                    PERFORM own_draft(p_report, who);
                    SELECT count(*) INTO items FROM public.expenses WHERE report_id = p_report;
                    IF p_delete_items <> 0 THEN
                        DELETE FROM public.expenses WHERE report_id = p_report;
                    ELSE
                        UPDATE public.expenses SET report_id = NULL, rate = NULL, rate_date = NULL, rate_source = NULL,
                            converted_minor = NULL, updated_at = p_at
                        WHERE report_id = p_report;
                    END IF;
                    DELETE FROM public.report_advances WHERE report_id = p_report;
                    DELETE FROM public.reports WHERE id = p_report;
                    RETURN items;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.reportStep,
                declare: """
                    who text := caller();
                    found public.reports;
                    step record;
                    logged bigint;
                    acting_for text;
                    waiting public.approval_steps;
                    route_length bigint;
                    reason text := coalesce(p_reason, '');
                    """,
                body: """
                    SELECT s.name, s.from_status, s.to_status, s.by_owner, s.grp INTO step
                    FROM (VALUES \(steps)) AS s (name, from_status, to_status, by_owner, grp) WHERE s.name = p_action;
                    IF step.name IS NULL THEN
                        RAISE EXCEPTION 'unknown workflow step %', p_action USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    SELECT * INTO found FROM public.reports WHERE id = p_report FOR UPDATE;
                    IF found.id IS NULL OR NOT (found.owner = who OR report_visible(found, who)) THEN
                        RAISE EXCEPTION 'unknown report %', p_report USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF found.status <> step.from_status THEN
                        RAISE EXCEPTION 'report % is %: the step % needs a % report', found.id, found.status, step.name, step.from_status
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF step.by_owner AND found.owner <> who THEN
                        RAISE EXCEPTION 'report % belongs to %; only they can % it', found.id, found.owner, step.name
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF NOT step.by_owner AND found.owner = who THEN
                        RAISE EXCEPTION '% owns report % and cannot % it: someone else must (separation of duties)', who, found.id, step.name
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF step.grp IS NOT NULL THEN
                        PERFORM require_group(who, step.grp, step.name || ' report ' || found.id);
                    END IF;
                    IF step.name IN ('approve', 'reject') THEN
                        acting_for := require_decider(found, who, step.name);
                    END IF;
                    PERFORM require_seen(found, p_seen, step.name, NOT step.by_owner);
                    IF step.name = 'submit' THEN
                        PERFORM require_no_blocking_findings(found);
                        -- Computed and frozen by the server while the report is still a draft.
                        PERFORM freeze_per_diems(found.id);
                    END IF;
                    IF step.name IN ('approve', 'reimburse') THEN
                        PERFORM require_findings_accepted(found, step.name);
                    END IF;
                    IF step.name = 'submit' THEN
                        PERFORM route_steps(found);
                    END IF;
                    -- The waiting step is decided; one that is not the route's last leaves the report submitted.
                    IF step.name IN ('approve', 'reject') THEN
                        SELECT * INTO waiting FROM public.approval_steps s
                        WHERE s.report_id = found.id AND s.decided_by IS NULL ORDER BY s.position LIMIT 1;
                        IF waiting.report_id IS NOT NULL THEN
                            UPDATE public.approval_steps SET decided_by = who, on_behalf_of = acting_for, decided_at = p_at
                            WHERE report_id = found.id AND position = waiting.position;
                            SELECT count(*) INTO route_length FROM public.approval_steps s WHERE s.report_id = found.id;
                            reason := concat_ws('; ',
                                CASE WHEN route_length > 1 THEN format('step %s of %s (%s)', waiting.position, route_length, waiting.why) END,
                                'for ' || acting_for, nullif(reason, ''));
                            IF step.name = 'approve' AND waiting.position < route_length THEN
                                PERFORM log_event(found.id, who, step.name, found.status, found.status, reason, p_at);
                                RETURN;
                            END IF;
                        END IF;
                    END IF;
                    logged := log_event(found.id, who, step.name, found.status, step.to_status, reason, p_at);
                    IF step.name = 'submit' THEN
                        -- What the traveller's client cannot see: the rate log, other travellers' reports.
                        PERFORM record_submission_findings(found.id, logged, p_at);
                    END IF;
                    UPDATE public.reports SET status = step.to_status, updated_at = p_at WHERE id = found.id;
                    IF step.to_status = 'reimbursed' THEN
                        PERFORM record_paid_before(found.id, p_at);
                    END IF;
                    IF step.to_status = 'draft' THEN
                        DELETE FROM public.report_allowances WHERE report_id = found.id;
                        -- The approvers' cuts were of the report as submitted: the next submission is decided anew.
                        DELETE FROM public.expense_cuts WHERE report_id = found.id;
                        -- Routed again at the next submission, as people and cost centres are then.
                        DELETE FROM public.approval_steps WHERE report_id = found.id;
                    END IF;
                    """, callers: groupRoles),
            // Refuses a step on `p_report` (locked) decided on another version than it has now
            // (`ReportVersion`: its last audit entry, which every change of a report that is no
            // draft moves), naming its total now; a step on someone else's report must name one.
            // Payment runs check each of their reports with it.
            ServerFunction(
                name: "require_seen", parameters: "p_report public.reports, p_seen bigint, p_what text, p_required boolean",
                returns: "void", declare: "now_at bigint;",
                body: """
                    IF p_seen IS NULL THEN
                        IF p_required THEN
                            RAISE EXCEPTION '% report % names no version: the step names the version of the report its taker read',
                                p_what, p_report.id USING ERRCODE = 'invalid_parameter_value';
                        END IF;
                        RETURN;
                    END IF;
                    SELECT coalesce(max(e.id), 0) INTO now_at FROM public.report_events e WHERE e.report_id = p_report.id;
                    IF now_at <> p_seen THEN
                        RAISE EXCEPTION 'report % changed since you read it: its total is now % %; read it again', p_report.id,
                            minor_text(p_report.total_minor, p_report.currency), p_report.currency
                            USING ERRCODE = '\(changedSinceRead)',
                                  HINT = format('its version is now %s; decide on what it holds now', now_at);
                    END IF;
                    """),
            // Whether `p_who` sees someone else's report as a reviewer: the states the group's steps
            // start from or end in, as row security shows them.
            ServerFunction(
                name: "report_visible", parameters: "p_report public.reports, p_who text", returns: "boolean",
                body: """
                    RETURN (pg_has_role(p_who, '\(approverRole)', 'MEMBER') AND p_report.status IN ('submitted', 'approved', 'rejected'))
                        OR (pg_has_role(p_who, '\(financeRole)', 'MEMBER') AND p_report.status IN ('approved', 'reimbursed'));
                    """),
            // Accepts a warning of one's own draft, with the reason, and logs it: one the report
            // has now (`policy_findings`), never a blocking one, nor one to come (an item not yet
            // there would arrive with its warning accepted), as the app's `report acknowledge`.
            ServerFunction(
                ServerWrites.reportAcknowledge, declare: "who text := caller(); found public.reports; severity text;",
                body: """
                    found := own_draft(p_report, who);
                    IF p_reason IS NULL OR p_reason !~ '[^[:space:]]' THEN
                        RAISE EXCEPTION 'an acknowledgement needs its reason' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT f.finding_severity INTO severity FROM policy_findings(p_report) f WHERE f.finding_key = p_violation;
                    IF severity IS NULL THEN
                        RAISE EXCEPTION 'report % has no violation ''%''', p_report, p_violation
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF severity = 'blocking' THEN
                        RAISE EXCEPTION '% is blocking; a blocking violation cannot be acknowledged, only fixed', p_violation
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.policy_acknowledgements (report_id, violation, actor, at, reason)
                    VALUES (p_report, p_violation, who, p_at, p_reason)
                    ON CONFLICT (report_id, violation) DO UPDATE SET actor = excluded.actor, at = excluded.at, reason = excluded.reason;
                    PERFORM log_event(p_report, who, 'acknowledge ' || p_violation, found.status, found.status, p_reason, p_at);
                    """, callers: [travellerRole]),
            // Appends an entry to the audit log, unchained: its place in the chain (its hash, and
            // the end's move) is settled at COMMIT (`chainAtCommit`), so that no lock on the
            // chain's end is held while the caller's transaction goes on. Its id is the sequence's;
            // the commit numbers it again if an entry written later committed first.
            ServerFunction(
                ServerWrites.logEvent,
                declare: "made bigint;",
                body: stepTimeouts
                    + """
                    made := nextval(pg_get_serial_sequence('public.report_events', 'id'));
                    INSERT INTO public.report_events (id, report_id, at, actor, action, from_status, to_status, reason, hash)
                    VALUES (made, p_report, p_at, p_actor, p_action, p_from, p_to, p_reason, '\(unchainedHash)');
                    RETURN made;
                    """),
        ]
    }
}
