import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The group roles a login role is made a member of: a person's role says what the server
    /// lets them see and do, whatever program they connect with.
    public static let travellerRole = "expenses_traveller"
    public static let approverRole = "expenses_approver"
    public static let financeRole = "expenses_finance"
    static var groupRoles: [String] { [travellerRole, approverRole, financeRole] }
    /// 1 when the connection's role sees every row past row security: a superuser, a role made with
    /// BYPASSRLS, the administrator (a member of the functions' role) or a member of the auditors.
    public static let seesEveryRowSQL = """
        SELECT count(*) FROM pg_roles WHERE rolname = session_user
           AND (rolsuper OR rolbypassrls OR pg_has_role(session_user, '\(definerRole)', 'USAGE')
                OR pg_has_role(session_user, '\(auditorRole)', 'USAGE'))
        """
    /// Reads every row and writes none: for `db check` and backups' restore tests, one GRANT away.
    public static let auditorRole = "expenses_auditor"

    /// The group role whose members may take `action` on someone else's report; nil for the
    /// owner's own steps.
    static func groupRole(for action: ReportAction) -> String? {
        switch action {
        case .approve, .reject: return approverRole
        case .reimburse: return financeRole
        case .submit, .recall, .reopen: return nil
        }
    }

    /// The group roles, their privileges and the row security policies, the triggers that say who
    /// may take each workflow step, and the write layer (`functionLayer`), then the check that no
    /// member may create where its functions look. Idempotent: run it again after a change and
    /// the roles, privileges, policies and functions are exactly these (privileges and policies
    /// are dropped and made again, in the caller's transaction).
    ///
    /// A traveller sees only their own reports, items, receipts and the links between them; an
    /// approver also sees others' submitted reports and the approved and rejected ones; finance
    /// also sees others' approved and reimbursed reports. Others' items and receipts are seen with
    /// their report. Nobody writes a table: each step is a function's. Row security is forced, so
    /// the tables' owner sees the rows only as a member of the functions' role, and the auditors'
    /// group through its own read-only policies.
    ///
    /// Every table the functions name is named by its schema (`qualified`, applied to all of it),
    /// and the shipped migrations' trigger functions are made again so (`requalifiedTriggerFunctions`).
    public static var setupRoles: String {
        qualified(
            [
                createRoles, privileges, rowSecurity, policies, workflowActors, ownerEdits, receiptOwners,
                requalifiedTriggerFunctions, pinnedFunctions, functionLayer, rateLogTriggers, chainTriggers, creatorsCheck, sessionLimits,
            ]
            .joined(separator: "\n"))
    }

    static let createRoles = """
        DO $$
        DECLARE
            role_name text;
        BEGIN
            FOREACH role_name IN ARRAY ARRAY['\(travellerRole)', '\(approverRole)', '\(financeRole)', '\(auditorRole)'] LOOP
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) THEN
                    EXECUTE format('CREATE ROLE %I NOLOGIN', role_name);
                END IF;
            END LOOP;
        END $$;
        """

    /// Tables whose rows are people's: row security decides which of them a role sees.
    static let privateTables = [
        "reports", "expenses", "expense_receipts", "receipts", "receipt_contents", "report_events",
        "policy_acknowledgements", "import_batches", "receipt_inbox_taken", "open_sessions",
        "dynamic_shortcuts", "app_shortcuts", "shortcut_launches", "receipt_uploads", "report_stops", "report_meals", "report_nights",
        "report_office",
        "report_allowances", "report_advances", "report_findings", "expense_vat", "payees", "payee_changes", "payment_runs",
        "payment_run_reports", "report_cost_centres", "expense_cost_centres", "expense_cuts", "approval_steps",
    ]

    /// Revoked first, so that a second run leaves exactly these. Members read (people's rows
    /// through row security) and write no table at all: every change is a call of a function
    /// (`functionLayer`).
    static var privileges: String {
        let all = groupRoles.joined(separator: ", ")
        return """
            REVOKE ALL ON ALL TABLES IN SCHEMA public FROM \(all), \(auditorRole);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM \(all), \(auditorRole);
            GRANT USAGE ON SCHEMA public TO \(auditorRole);
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(auditorRole);
            GRANT USAGE ON SCHEMA public TO \(all);
            GRANT SELECT ON schema_migrations, categories, policy_rules, exchange_rates, reports, expenses, expense_receipts,
                receipts, receipt_contents, report_events, policy_acknowledgements, import_batches, receipt_inbox_taken,
                open_sessions, dynamic_shortcuts, app_shortcuts, shortcut_launches, allowance_rates, report_stops, report_meals,
                report_allowances, report_nights, report_office, mileage_rates, report_advances, manual_rate_tolerance, rate_events, rate_events_head,
                rate_change_window, report_findings, receipt_uploads, upload_limits, vat_rates, expense_vat, payees, payee_changes, company_account,
                payment_runs, payment_run_reports,
                chart_accounts, booking_chart, people, cost_centres, report_cost_centres, expense_cost_centres, expense_cuts,
                approval_policy, approval_steps, delegations TO \(all);
            GRANT SELECT ON journal_exports, journal_exported TO \(financeRole);
            """
    }

    /// Every PL/pgSQL or SQL function of the app's in `public` (the triggers', `expenses_is_date`)
    /// looks in the catalog first and in a session's temporary objects last, never in `public`
    /// (issue 40), also on a server set up by an earlier version.
    static let pinnedFunctions = """
        DO $$
        DECLARE
            found record;
        BEGIN
            FOR found IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                         WHERE n.nspname = 'public' AND p.prolang IN (SELECT oid FROM pg_language WHERE lanname IN ('plpgsql', 'sql'))
                           AND p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) LOOP
                EXECUTE format('ALTER FUNCTION %s \(pinnedSearchPath)', found.signature);
            END LOOP;
        END $$;
        """

    static var rowSecurity: String {
        privateTables.map { "ALTER TABLE \($0) ENABLE ROW LEVEL SECURITY;\nALTER TABLE \($0) FORCE ROW LEVEL SECURITY;" }
            .joined(separator: "\n")
    }
}
