extension PostgresSchema {
    /// The app's tables, all in `public`: what a function body must name by its schema (issue 40,
    /// point 5), since no function looks in `public` any more. A table added by a migration is
    /// added here; `PostgresSearchPathAttackTests` fails for a body that names one unqualified.
    static let appTables = [
        "allowance_rates", "app_shortcuts", "approval_policy", "approval_steps", "booking_chart", "categories", "chart_accounts",
        "cost_centres", "delegations", "dynamic_shortcuts",
        "exchange_rates",
        "expense_cost_centres", "expense_cuts", "expense_receipts", "expense_vat", "expenses", "company_account", "import_batches",
        "journal_exported",
        "journal_exports",
        "manual_rate_tolerance", "payee_changes", "payees", "payment_run_reports", "payment_runs", "mileage_rates", "open_sessions",
        "people",
        "policy_acknowledgements", "policy_rules",
        "rate_change_window", "rate_events", "rate_events_head", "receipt_contents", "receipt_inbox_taken", "receipt_uploads",
        "receipts", "report_advances", "report_allowances", "report_cost_centres", "report_events", "report_events_head", "report_findings",
        "report_meals", "report_stops", "reports", "schema_migrations", "server_clock", "shortcut_launches", "upload_limits", "vat_rates",
    ]

    /// `sql` with every one of the app's tables that follows FROM, JOIN, UPDATE, INTO, USING or
    /// TABLE named `public.<table>`: mechanical, so that a body written (or merged) with a bare
    /// name still runs with a search path without `public`. A name already qualified, a
    /// column (`reports.id`), a schema (`expenses.caller()`) or a longer word is left alone.
    static func qualified(_ sql: String) -> String {
        let tables = appTables.sorted { $0.count > $1.count }.joined(separator: "|")
        guard let expression = try? Regex("\\b(FROM|JOIN|UPDATE|INTO|USING|TABLE)(\\s+)(\(tables))(?![\\w.])") else { return sql }
        return sql.replacing(expression.ignoresCase()) { match in
            "\(match.output[1].substring ?? "")\(match.output[2].substring ?? "")public.\(match.output[3].substring ?? "")"
        }
    }

    /// The trigger functions the shipped migrations made (their bodies frozen there, naming
    /// tables bare), made again by `setup` with their tables qualified and the search path
    /// without `public`: the last definition of each, in the migrations' order. A migration
    /// that makes a trigger function adds its SQL here.
    static var requalifiedTriggerFunctions: String {
        let shipped = [triggers, countFunction, tripAllowances, mileageNightsAdvances, itemVAT, peopleAndCostCentres]
        guard let expression = try? Regex("CREATE (?:OR REPLACE )?FUNCTION (\\w+)\\(\\) RETURNS trigger .*?\\bEND \\$\\$;") else {
            return ""
        }
        var names: [String] = []
        var latest: [String: String] = [:]
        for sql in shipped {
            for match in sql.matches(of: expression.dotMatchesNewlines()) {
                guard let name = match.output[1].substring.map(String.init) else { continue }
                if latest[name] == nil { names.append(name) }
                latest[name] = String(sql[match.range])
            }
        }
        return names.compactMap { latest[$0] }.map { definition in
            qualified(
                definition.replacing("CREATE FUNCTION", with: "CREATE OR REPLACE FUNCTION")
                    .replacing("SET search_path = pg_catalog, public, pg_temp", with: pinnedSearchPath))
        }.joined(separator: "\n")
    }
}
