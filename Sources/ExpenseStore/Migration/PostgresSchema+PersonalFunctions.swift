import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Each person's own rows: quick actions, launches waiting for a session, open sessions. Every
    /// function writes the caller's rows only, whatever ids it is given.
    static var personalFunctions: [ServerFunction] {
        let everyone = groupRoles
        return [
            ServerFunction(
                ServerWrites.shortcutsClear, declare: "who text := caller();",
                body: """
                    DELETE FROM public.dynamic_shortcuts WHERE owner = who;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.shortcutAdd, declare: "who text := caller();",
                body: """
                    INSERT INTO public.dynamic_shortcuts (type, title, subtitle, icon_type, icon_file, icon_symbol, user_info, rank, enabled,
                                                          disabled_message, origin, updated_at, owner)
                    VALUES (p_type, p_title, p_subtitle, p_icon_type, p_icon_file, p_icon_symbol, p_user_info, p_rank, p_enabled,
                            p_disabled_message, p_origin, p_at, who);
                    """, callers: everyone),
            // published_at stays the first publication's.
            ServerFunction(
                ServerWrites.appShortcutRecord, declare: "who text := caller();",
                body: """
                    INSERT INTO public.app_shortcuts (plist_type, state, rank, disabled_message, published_at, owner)
                    VALUES (p_plist_type, p_state, p_rank, p_disabled_message, p_at, who)
                    ON CONFLICT (owner, plist_type) DO UPDATE
                    SET state = excluded.state, rank = excluded.rank, disabled_message = excluded.disabled_message;
                    """, callers: everyone),
            // Queued for the caller's sessions, which learn of it at once (LISTEN on their role's channel).
            ServerFunction(
                ServerWrites.launchEnqueue, declare: "who text := caller(); made bigint;",
                body: """
                    INSERT INTO public.shortcut_launches (type, arguments, catalog, queued_at, target_session, owner)
                    VALUES (p_type, p_arguments, p_catalog, p_at, p_target, who)
                    RETURNING id INTO made;
                    PERFORM pg_notify('expenses_launches_' || (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = who)::text, '');
                    RETURN made;
                    """, callers: everyone),
            // The caller's oldest queued launch for `p_session` (or any), claimed; 0 when none waits.
            ServerFunction(
                ServerWrites.launchClaim, declare: "who text := caller(); found bigint;",
                body: """
                    SELECT id INTO found FROM public.shortcut_launches
                    WHERE owner = who AND state = 'queued' AND (p_session IS NULL OR target_session IS NULL OR target_session = p_session)
                    ORDER BY id LIMIT 1 FOR UPDATE;
                    IF found IS NULL THEN RETURN 0; END IF;
                    UPDATE public.shortcut_launches
                    SET state = 'claimed', claim_token = p_token, claim_pid = p_pid, claim_host = p_host, claim_start_ticks = p_start_ticks,
                        claimed_at = p_at, attempts = attempts + 1
                    WHERE id = found;
                    RETURN found;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.launchFinish, declare: "who text := caller(); changed bigint;",
                body: """
                    UPDATE public.shortcut_launches
                    SET state = CASE WHEN p_exit_status = 0 THEN 'done' ELSE 'failed' END, exit_status = p_exit_status,
                        finished_at = p_at, claim_token = NULL
                    WHERE id = p_launch AND owner = who AND state = 'claimed' AND claim_token = p_token;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed = 1;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.launchRequeue, declare: "who text := caller(); changed bigint;",
                body: """
                    UPDATE public.shortcut_launches
                    SET state = 'queued', claim_token = NULL, claimed_at = NULL, finished_at = NULL, exit_status = NULL
                    WHERE id = p_launch AND owner = who AND state = p_expected AND claim_token IS NOT DISTINCT FROM p_token;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed = 1;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.launchDiscard, declare: "who text := caller(); changed bigint;",
                body: """
                    UPDATE public.shortcut_launches SET state = 'discarded', claim_token = NULL, finished_at = p_at
                    WHERE id = p_launch AND owner = who AND state = p_expected;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed = 1;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.sessionOpen, declare: "who text := caller(); made bigint;",
                body: """
                    INSERT INTO public.open_sessions (pid, host, start_ticks, terminal, opened_at, active_seq, owner)
                    VALUES (p_pid, p_host, p_start_ticks, p_terminal, p_at,
                            (SELECT coalesce(max(active_seq), 0) + 1 FROM public.open_sessions WHERE owner = who), who)
                    RETURNING id INTO made;
                    RETURN made;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.sessionTouch,
                declare: "who text := caller();",
                body: """
                    UPDATE public.open_sessions
                    SET active_seq = (SELECT max(active_seq) + 1 FROM public.open_sessions WHERE owner = who)
                    WHERE id = p_session AND owner = who;
                    """, callers: everyone),
            ServerFunction(
                ServerWrites.sessionClose,
                declare: "who text := caller();",
                body: """
                    DELETE FROM public.open_sessions WHERE id = p_session AND owner = who;
                    """, callers: everyone),
        ]
    }

    /// The shared tables finance keeps: the ECB's rates and the policy's severities.
    static var sharedFunctions: [ServerFunction] {
        [
            // 1 when the day's rate was added or changed, 0 when it was there already.
            ServerFunction(
                ServerWrites.rateSave,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'load exchange rates');
                    INSERT INTO public.exchange_rates (currency, date, per_eur) VALUES (p_currency, p_date, p_per_eur)
                    ON CONFLICT (currency, date) DO UPDATE SET per_eur = excluded.per_eur
                    WHERE exchange_rates.per_eur IS DISTINCT FROM excluded.per_eur;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.policySet,
                declare: "who text := caller();",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change the expense policy');
                    INSERT INTO public.policy_rules (rule, severity) VALUES (p_rule, p_severity)
                    ON CONFLICT (rule) DO UPDATE SET severity = excluded.severity;
                    """, callers: groupRoles),
        ]
    }
}
