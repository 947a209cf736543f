import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// One row security policy: which rows `roles` may see or write with `command`.
    struct Policy {
        let name: String
        let table: String
        let command: String
        let roles: [String]
        var using: String?
        var check: String?

        var sql: String {
            var text = "CREATE POLICY \(name) ON \(table) FOR \(command) TO \(roles.joined(separator: ", "))"
            if let using { text += "\n    USING (\(using))" }
            if let check { text += "\n    WITH CHECK (\(check))" }
            return text + ";"
        }
    }

    /// Every policy on these tables is dropped, then these are made: a policy renamed or removed
    /// here does not linger on a server set up by an earlier version.
    ///
    /// Each policy reads other tables only downwards (receipt contents → receipts → their links →
    /// items → reports), through the reader's own row security: an item is seen when its report
    /// is, so approvers and finance see others' items exactly with their reports. Nothing on
    /// reports reads another table, which would make PostgreSQL refuse the policies as recursive.
    static var policies: String {
        let dropAll = """
            DO $$
            DECLARE
                found record;
            BEGIN
                FOR found IN SELECT policyname, tablename FROM pg_policies
                             WHERE schemaname = 'public' AND tablename IN (\(privateTables.map(literal).joined(separator: ", "))) LOOP
                    EXECUTE format('DROP POLICY %I ON %I', found.policyname, found.tablename);
                END LOOP;
            END $$;
            """
        return
            ([dropAll]
            + (reportPolicies + itemPolicies + logPolicies + tripPolicies + personalPolicies + paymentPolicies + costCentrePolicies).map(
                \.sql))
            .joined(
                separator: "\n")
    }

    /// `status IN (...)` for a set of states.
    private static func status(in states: [ReportStatus]) -> String {
        "status IN (" + states.map { literal($0.rawValue) }.joined(separator: ", ") + ")"
    }

    /// Own reports for travellers; others' reports, in the states their steps start from or end
    /// in, for the group whose steps they are (`groupRole(for:)`). Read only: reports change
    /// through the functions (`reportFunctions`).
    static var reportPolicies: [Policy] {
        var policies = [
            Policy(name: "reports_owner_select", table: "reports", command: "SELECT", roles: [travellerRole], using: "owner = session_user")
        ]
        for role in [approverRole, financeRole] {
            let actions = ReportAction.allCases.filter { groupRole(for: $0) == role }
            let seen = ReportStatus.allCases.filter { state in actions.contains { $0.from == state || $0.to == state } }
            let name = "reports_" + role.dropFirst("expenses_".count)
            policies.append(
                Policy(
                    name: "\(name)_select", table: "reports", command: "SELECT", roles: [role],
                    using: "owner <> session_user AND \(status(in: seen))"))
        }
        return policies
    }

    /// Items, receipts, their links and the receipts' bytes: the owner's, and those of the reports
    /// a reviewer sees. Read only, as reports.
    static var itemPolicies: [Policy] {
        let reviewers = [approverRole, financeRole]
        return [
            Policy(name: "expenses_owner", table: "expenses", command: "SELECT", roles: [travellerRole], using: "owner = session_user"),
            Policy(
                name: "expenses_of_visible_reports", table: "expenses", command: "SELECT", roles: reviewers,
                using: "EXISTS (SELECT 1 FROM reports r WHERE r.id = expenses.report_id)"),
            Policy(
                name: "expense_receipts_owner", table: "expense_receipts", command: "SELECT", roles: [travellerRole],
                using: "EXISTS (SELECT 1 FROM expenses e WHERE e.id = expense_receipts.expense_id AND e.owner = session_user)"),
            Policy(
                name: "expense_receipts_of_visible_items", table: "expense_receipts", command: "SELECT", roles: reviewers,
                using: "EXISTS (SELECT 1 FROM expenses e WHERE e.id = expense_receipts.expense_id)"),
            Policy(
                name: "expense_vat_owner", table: "expense_vat", command: "SELECT", roles: [travellerRole],
                using: "EXISTS (SELECT 1 FROM expenses e WHERE e.id = expense_vat.expense_id AND e.owner = session_user)"),
            Policy(
                name: "expense_vat_of_visible_items", table: "expense_vat", command: "SELECT", roles: reviewers,
                using: "EXISTS (SELECT 1 FROM expenses e WHERE e.id = expense_vat.expense_id)"),
            Policy(name: "receipts_owner", table: "receipts", command: "SELECT", roles: [travellerRole], using: "owner = session_user"),
            Policy(
                name: "receipts_of_visible_items", table: "receipts", command: "SELECT", roles: reviewers,
                using: "EXISTS (SELECT 1 FROM expense_receipts l WHERE l.receipt_id = receipts.id)"),
            Policy(
                name: "receipt_contents_of_visible_receipts", table: "receipt_contents", command: "SELECT", roles: groupRoles,
                using: "EXISTS (SELECT 1 FROM receipts c WHERE c.sha256 = receipt_contents.sha256)"),
        ]
    }

    /// The audit log, acknowledged warnings, advances, the route's steps and cut items: read with
    /// their report; written by the functions.
    static var logPolicies: [Policy] {
        let visible = { (table: String) in "EXISTS (SELECT 1 FROM reports r WHERE r.id = \(table).report_id)" }
        return [
            Policy(
                name: "report_events_of_visible_reports", table: "report_events", command: "SELECT", roles: groupRoles,
                using: visible("report_events")),
            Policy(
                name: "policy_acknowledgements_of_visible_reports", table: "policy_acknowledgements", command: "SELECT",
                roles: groupRoles, using: visible("policy_acknowledgements")),
            Policy(
                name: "report_findings_of_visible_reports", table: "report_findings", command: "SELECT", roles: groupRoles,
                using: visible("report_findings")),
            Policy(
                name: "report_advances_of_visible_reports", table: "report_advances", command: "SELECT", roles: groupRoles,
                using: visible("report_advances")),
            Policy(
                name: "approval_steps_of_visible_reports", table: "approval_steps", command: "SELECT", roles: groupRoles,
                using: visible("approval_steps")),
            Policy(
                name: "expense_cuts_of_visible_reports", table: "expense_cuts", command: "SELECT", roles: groupRoles,
                using: visible("expense_cuts")),
        ]
    }

    /// Imports, the inbox, quick actions, open sessions and unfinished uploads: each person's own, whatever their role.
    static var personalPolicies: [Policy] {
        [
            "import_batches", "receipt_inbox_taken", "open_sessions", "dynamic_shortcuts", "app_shortcuts", "shortcut_launches",
            "receipt_uploads",
        ].map {
            Policy(name: "\($0)_owner", table: $0, command: "SELECT", roles: groupRoles, using: "owner = session_user")
        }
    }
}
