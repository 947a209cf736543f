import ExpenseCore

extension PostgresSchema {
    /// Who decides on a report on a team database (issue 43): the route `report_step` gives a
    /// report when it is submitted (`route_steps`, `ApprovalRoute`'s rule in SQL), the check of
    /// who may decide on its waiting step (`require_decider`, which the cut of a line calls too),
    /// the approval policy (finance or the administrator) and an approver's delegates.
    static var approvalRouteFunctions: [ServerFunction] {
        [
            // Report `p_report`'s route, as `ApprovalRoute.steps` computes it: the owner's manager
            // and the owners of the cost centres it and its items are charged to, in the policy's
            // order, a step of the owner's own going to their manager (any approver without one);
            // above the threshold in its currency the manager's manager or finance; consecutive
            // steps of one person one; no step at all, one for any approver.
            ServerFunction(
                name: "route_steps", parameters: "p_report public.reports", returns: "void",
                declare: """
                    policy public.approval_policy;
                    owner_manager text;
                    second text;
                    centre record;
                    approvers text[] := '{}';
                    groups text[] := '{}';
                    whys text[] := '{}';
                    route_approvers text[] := '{}';
                    route_groups text[] := '{}';
                    route_whys text[] := '{}';
                    n int := 0;
                    """,
                body: """
                    SELECT * INTO policy FROM public.approval_policy WHERE singleton = 1;
                    SELECT p.manager INTO owner_manager FROM public.people p WHERE p.name = p_report.owner;
                    IF owner_manager IS NOT NULL AND coalesce(policy.step_order, 'manager,cost-centre') = 'manager,cost-centre' THEN
                        approvers := array_append(approvers, owner_manager);
                        groups := array_append(groups, NULL::text);
                        whys := array_append(whys, 'manager');
                    END IF;
                    FOR centre IN
                        SELECT c.code, CASE WHEN c.owner = p_report.owner THEN owner_manager ELSE c.owner END AS approver
                        FROM public.cost_centres c
                        WHERE c.code IN (SELECT rc.cost_centre FROM public.report_cost_centres rc WHERE rc.report_id = p_report.id)
                           OR c.code IN (SELECT ec.cost_centre FROM public.expense_cost_centres ec
                                         JOIN public.expenses e ON e.id = ec.expense_id WHERE e.report_id = p_report.id)
                        ORDER BY c.code COLLATE "C"
                    LOOP
                        approvers := array_append(approvers, centre.approver);
                        groups := array_append(groups, CASE WHEN centre.approver IS NULL THEN 'approver' END);
                        whys := array_append(whys, 'cost centre ' || centre.code);
                    END LOOP;
                    IF owner_manager IS NOT NULL AND policy.step_order = 'cost-centre,manager' THEN
                        approvers := array_append(approvers, owner_manager);
                        groups := array_append(groups, NULL::text);
                        whys := array_append(whys, 'manager');
                    END IF;
                    IF policy.second_above_minor IS NOT NULL AND policy.second_above_currency = p_report.currency
                       AND p_report.total_minor > policy.second_above_minor THEN
                        IF policy.second_approver = 'manager' AND owner_manager IS NOT NULL THEN
                            SELECT p.manager INTO second FROM public.people p WHERE p.name = owner_manager;
                        END IF;
                        approvers := array_append(approvers, second);
                        groups := array_append(groups, CASE WHEN second IS NULL THEN 'finance' END);
                        whys := array_append(whys, 'second approval');
                    END IF;
                    FOR i IN 1 .. coalesce(array_length(approvers, 1), 0) LOOP
                        IF n > 0 AND approvers[i] IS NOT NULL AND approvers[i] = route_approvers[n] THEN
                            route_whys[n] := route_whys[n] || ', ' || whys[i];
                        ELSE
                            n := n + 1;
                            route_approvers[n] := approvers[i];
                            route_groups[n] := groups[i];
                            route_whys[n] := whys[i];
                        END IF;
                    END LOOP;
                    IF n = 0 THEN
                        INSERT INTO public.approval_steps (report_id, position, approver, approver_group, why)
                        VALUES (p_report.id, 1, NULL, 'approver', 'approver');
                    END IF;
                    FOR i IN 1 .. n LOOP
                        INSERT INTO public.approval_steps (report_id, position, approver, approver_group, why)
                        VALUES (p_report.id, i, route_approvers[i], route_groups[i], route_whys[i]);
                    END LOOP;
                    """),
            // Refuses `p_who` a decision (`p_what`: approve, reject, cut) on `p_report` unless it
            // is submitted and its waiting step is theirs, their group's, or theirs as the active
            // delegate of its approver (no chain: only the approver's own delegate), and never on
            // their own report. Returns the approver a delegate acts for; NULL otherwise. A report
            // submitted before routes has none: any approver decides, as then.
            ServerFunction(
                name: "require_decider", parameters: "p_report public.reports, p_who text, p_what text", returns: "text",
                declare: "waiting public.approval_steps; steps bigint; today text := server_today();",
                body: """
                    IF p_report.owner = p_who THEN
                        RAISE EXCEPTION '% owns report % and cannot % it: someone else must (separation of duties)', p_who,
                            p_report.id, p_what USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF p_report.status <> 'submitted' THEN
                        RAISE EXCEPTION 'report % is %: only a submitted report is decided on', p_report.id, p_report.status
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT * INTO waiting FROM public.approval_steps s
                    WHERE s.report_id = p_report.id AND s.decided_by IS NULL ORDER BY s.position LIMIT 1;
                    IF NOT FOUND OR waiting.approver_group IS NOT NULL THEN
                        PERFORM require_group(p_who, CASE WHEN waiting.approver_group = 'finance' THEN '\(financeRole)'
                                                          ELSE '\(approverRole)' END, p_what || ' report ' || p_report.id);
                        RETURN NULL;
                    END IF;
                    IF waiting.approver = p_who THEN
                        RETURN NULL;
                    END IF;
                    IF EXISTS (SELECT 1 FROM public.delegations d WHERE d.approver = waiting.approver AND d.delegate = p_who
                               AND d.from_date COLLATE "C" <= today AND d.until_date COLLATE "C" >= today) THEN
                        RETURN waiting.approver;
                    END IF;
                    SELECT count(*) INTO steps FROM public.approval_steps s WHERE s.report_id = p_report.id;
                    RAISE EXCEPTION 'report % waits for % (step % of %: %); % cannot % it', p_report.id, waiting.approver,
                        waiting.position, steps, waiting.why, p_who, p_what USING ERRCODE = 'insufficient_privilege',
                        HINT = format('only %s, or %s''s delegate during the delegation, decides this step', waiting.approver,
                                      waiting.approver);
                    """),
            ServerFunction(
                ServerWrites.approvalPolicySet,
                body: """
                    -- Finance's, in the words of every group's refusal (the app's hint says whom to ask), or the administrator's.
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user
                                   AND (rolsuper OR pg_has_role(session_user, '\(definerRole)', 'MEMBER'))) THEN
                        PERFORM require_group(caller(), '\(financeRole)', 'set the approval policy');
                    END IF;
                    INSERT INTO public.approval_policy (singleton, step_order, second_above_minor, second_above_currency,
                                                        second_approver, changed_by, changed_at)
                    VALUES (1, p_order, p_second_above, p_second_currency, p_second_approver, session_user, p_at)
                    ON CONFLICT (singleton) DO UPDATE SET step_order = excluded.step_order,
                        second_above_minor = excluded.second_above_minor, second_above_currency = excluded.second_above_currency,
                        second_approver = excluded.second_approver, changed_by = excluded.changed_by, changed_at = excluded.changed_at;
                    """, callers: groupRoles),
            // An approver names a delegate of theirs for a period; the delegate must be an
            // approver too, who sees the reports they are to decide on.
            ServerFunction(
                ServerWrites.delegationAdd, declare: "who text := caller(); made bigint;",
                body: """
                    PERFORM require_group(who, '\(approverRole)', 'name a delegate');
                    IF p_delegate = who THEN
                        RAISE EXCEPTION '% cannot be their own delegate', who USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_delegate)
                       OR NOT pg_has_role(p_delegate, '\(approverRole)', 'MEMBER') THEN
                        RAISE EXCEPTION '% is no approver of this team database: only an approver can be a delegate', p_delegate
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF p_until COLLATE "C" < server_today() THEN
                        RAISE EXCEPTION 'the delegation would end on %, which is past', p_until
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.delegations (approver, delegate, from_date, until_date, created_at)
                    VALUES (who, p_delegate, p_from, p_until, p_at) RETURNING id INTO made;
                    RETURN made;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.delegationRemove, declare: "who text := caller();",
                body: """
                    DELETE FROM public.delegations WHERE id = p_delegation AND approver = who;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'unknown delegation % of %', p_delegation, who;
                    END IF;
                    """, callers: groupRoles),
        ]
    }
}
