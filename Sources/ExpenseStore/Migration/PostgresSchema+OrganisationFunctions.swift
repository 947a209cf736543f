extension PostgresSchema {
    /// People, cost centres and charges (issue 43). A person's manager and a cost centre are set
    /// by finance or the administrator (who ran setup) alone: a traveller cannot name a friendly
    /// approver. A manager and a cost centre's owner are approvers; the managers never go round in
    /// a circle (checked under a lock on `people`, so that two finance members setting
    /// alice → bob and bob → alice at once cannot make one). A report, or an item, is charged by
    /// its owner on her own draft alone (`own_draft`, `own_item`): after submission its route is
    /// frozen with it. Stamped with the server's clock, never the client's.
    static var organisationFunctions: [ServerFunction] {
        let stamp = "server_now()"
        let rule = "'integrity_constraint_violation'"
        // Finance or the administrator (a superuser or a member of the definer, who need be in no group).
        let financeOrAdministrator = { (what: String) in
            """
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user
                           AND (rolsuper OR pg_has_role(session_user, '\(definerRole)', 'MEMBER'))) THEN
                PERFORM require_group(caller(), '\(financeRole)', '\(what)');
            END IF;
            """
        }
        return [
            ServerFunction(
                ServerWrites.personSet,
                declare: "above text; steps bigint := 0; chain text;",
                body: financeOrAdministrator("set a person''s manager")
                    + """
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_person)
                       OR NOT (pg_has_role(p_person, '\(travellerRole)', 'MEMBER') OR pg_has_role(p_person, '\(approverRole)', 'MEMBER')
                               OR pg_has_role(p_person, '\(financeRole)', 'MEMBER')) THEN
                        RAISE EXCEPTION 'unknown person %: not a member of the team', p_person USING ERRCODE = \(rule);
                    END IF;
                    LOCK TABLE public.people IN SHARE ROW EXCLUSIVE MODE;
                    IF p_manager IS NOT NULL THEN
                        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_manager)
                           OR NOT pg_has_role(p_manager, '\(approverRole)', 'MEMBER') THEN
                            RAISE EXCEPTION '% is no approver: only an approver can be a manager', p_manager USING ERRCODE = \(rule);
                        END IF;
                        IF p_manager = p_person THEN
                            RAISE EXCEPTION '% cannot be their own manager', p_person USING ERRCODE = \(rule);
                        END IF;
                        above := p_manager;
                        chain := p_person || ' → ' || p_manager;
                        WHILE above IS NOT NULL AND steps < 10000 LOOP
                            SELECT p.manager INTO above FROM public.people p WHERE p.name = above;
                            IF above IS NOT NULL THEN chain := chain || ' → ' || above; END IF;
                            IF above = p_person THEN
                                RAISE EXCEPTION '% cannot manage %: the managers would go round in a circle (%)', p_manager, p_person,
                                    chain USING ERRCODE = \(rule);
                            END IF;
                            steps := steps + 1;
                        END LOOP;
                    END IF;
                    INSERT INTO public.people (name, manager, changed_by, changed_at) VALUES (p_person, p_manager, session_user, \(stamp))
                    ON CONFLICT (name) DO UPDATE SET manager = excluded.manager, changed_by = excluded.changed_by,
                        changed_at = excluded.changed_at;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.costCentreSave,
                body: financeOrAdministrator("keep the cost centres")
                    + """
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_owner) OR NOT pg_has_role(p_owner, '\(approverRole)', 'MEMBER') THEN
                        RAISE EXCEPTION '% is no approver: only an approver can own a cost centre', p_owner USING ERRCODE = \(rule);
                    END IF;
                    INSERT INTO public.cost_centres (code, name, owner, changed_by, changed_at)
                    VALUES (p_code, p_name, p_owner, session_user, \(stamp))
                    ON CONFLICT (code) DO UPDATE SET name = excluded.name, owner = excluded.owner, changed_by = excluded.changed_by,
                        changed_at = excluded.changed_at;
                    """, callers: groupRoles),
            // `p_split` as its parts, each an existing cost centre, the shares adding up to 100 %
            // (10000); none for ''. A code twice fails the table's primary key.
            ServerFunction(
                name: "cost_centre_split", parameters: "p_split text", returns: "TABLE (part_code text, part_share bigint)",
                declare: "piece text; total bigint := 0;",
                body: """
                    IF p_split = '' THEN RETURN; END IF;
                    FOREACH piece IN ARRAY string_to_array(p_split, ',') LOOP
                        IF piece !~ '^[A-Za-z0-9._-]{1,20}:[0-9]{1,5}$' THEN
                            RAISE EXCEPTION '''%'' is no share of a cost centre (CODE:SHARE, in hundredths of a percent)', piece
                                USING ERRCODE = 'invalid_parameter_value';
                        END IF;
                        part_code := split_part(piece, ':', 1);
                        part_share := split_part(piece, ':', 2)::bigint;
                        IF NOT EXISTS (SELECT 1 FROM public.cost_centres c WHERE c.code = part_code) THEN
                            RAISE EXCEPTION 'unknown cost centre %', part_code USING ERRCODE = 'foreign_key_violation';
                        END IF;
                        total := total + part_share;
                        RETURN NEXT;
                    END LOOP;
                    IF total <> 10000 THEN
                        RAISE EXCEPTION 'the cost centres'' shares add up to % hundredths of a percent, not 10000', total
                            USING ERRCODE = 'check_violation';
                    END IF;
                    """),
            ServerFunction(
                ServerWrites.reportCostCentresSet,
                declare: "who text := caller();",
                body: """
                    PERFORM own_draft(p_report, who);
                    DELETE FROM public.report_cost_centres WHERE report_id = p_report;
                    INSERT INTO public.report_cost_centres (report_id, cost_centre, share)
                    SELECT p_report, s.part_code, s.part_share FROM cost_centre_split(p_split) s;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseCostCentresSet,
                declare: "who text := caller();",
                body: """
                    PERFORM own_item(p_expense, who);
                    DELETE FROM public.expense_cost_centres WHERE expense_id = p_expense;
                    INSERT INTO public.expense_cost_centres (expense_id, cost_centre, share)
                    SELECT p_expense, s.part_code, s.part_share FROM cost_centre_split(p_split) s;
                    """, callers: [travellerRole]),
        ]
    }
}
