import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Issue 43: an approver cuts an item of a report she decides on (`expense_cuts`), as the
    /// file's store does (`Store.cut`): the item is one of the report's, the amount from zero to
    /// what it is approved at so far, a reason, logged in the audit chain; who may is who may
    /// decide on the report now (`require_decider`).
    static var cutFunctions: [ServerFunction] {
        let rule = "'integrity_constraint_violation'"
        return [
            ServerFunction(
                ServerWrites.expenseCut,
                declare: """
                    who text := caller();
                    at text := server_now();
                    found public.reports;
                    item public.expenses;
                    behalf text;
                    before bigint;
                    logged bigint;
                    """,
                body: """
                    SELECT * INTO found FROM public.reports WHERE id = p_report FOR UPDATE;
                    IF found.id IS NULL OR NOT (found.owner = who OR report_visible(found, who)) THEN
                        RAISE EXCEPTION 'unknown report %', p_report USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    behalf := require_decider(found, who, 'cut');
                    PERFORM require_seen(found, p_seen, 'cut', true);
                    SELECT * INTO item FROM public.expenses WHERE id = p_expense AND report_id = found.id;
                    IF item.id IS NULL THEN
                        RAISE EXCEPTION 'report % has no item %', found.id, p_expense USING ERRCODE = \(rule);
                    END IF;
                    IF p_reason IS NULL OR p_reason !~ '[^[:space:]]' THEN
                        RAISE EXCEPTION 'the cut of item % needs a reason: the traveller reads it', item.id USING ERRCODE = \(rule);
                    END IF;
                    SELECT c.approved_minor INTO before FROM public.expense_cuts c WHERE c.expense_id = item.id;
                    before := coalesce(before, item.converted_minor);
                    IF p_approved IS NULL OR p_approved < 0 OR p_approved > before THEN
                        RAISE EXCEPTION 'item % is % % in report %; it can be cut to 0 up to that, not to % %', item.id,
                            minor_text(before, found.currency), found.currency, found.id, minor_text(p_approved, found.currency),
                            found.currency
                            USING ERRCODE = \(rule), HINT = format('give an amount from 0 to %s', minor_text(before, found.currency));
                    END IF;
                    INSERT INTO public.expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, on_behalf_of, cut_at)
                    VALUES (item.id, found.id, p_approved, p_reason, who, behalf, at)
                    ON CONFLICT (expense_id) DO UPDATE SET approved_minor = excluded.approved_minor, reason = excluded.reason,
                        cut_by = excluded.cut_by, on_behalf_of = excluded.on_behalf_of, cut_at = excluded.cut_at;
                    logged := log_event(found.id, who, 'cut item ' || item.id || coalesce(' for ' || behalf, ''), found.status,
                        found.status, format('from %s %s to %s %s: %s', minor_text(before, found.currency), found.currency,
                        minor_text(p_approved, found.currency), found.currency, p_reason), at);
                    RETURN logged;
                    """, callers: groupRoles)
        ]
    }
}
