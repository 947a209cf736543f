import ExpenseCore
import ExpenseSupport

/// The team database's schema on PostgreSQL (issue 15), as SQL text only: the migrator runs it.
///
/// The tables, columns, CHECKs, indexes and triggers are the final SQLite schema's (`Schema`), in
/// PostgreSQL's dialect, so that the app's SQL runs on both and shows the same message for the
/// same rule. What differs does so because many people share one server, and is listed in
/// `differences`, which a test holds the two schemas to.
///
/// Run as the role that is to own the tables (the admin; it needs CREATEROLE for `setupRoles`),
/// in this order: `createTables` once, in one transaction, then `setupRoles`, which may run again
/// whenever the grants, policies or functions change. Row security is forced on people's tables:
/// the admin reads and writes their rows only as a member of the functions' role
/// (`definerRole`), whose policies let it. Create the database with LC_COLLATE 'C', so that text
/// sorts by its bytes, as in SQLite.
public enum PostgresSchema {
    /// The tables, their indexes, the triggers that hold the workflow's rules against any writer,
    /// and the default categories.
    public static let createTables = [dateCheck, tables, triggers, defaultCategories].joined(separator: "\n")

    /// Every deliberate difference from the SQLite schema, by `table.column` (or by `table`, for a
    /// table only the server has), and why.
    public static let differences: [String: String] = [
        "expenses.owner": "an item outside a report still belongs to someone; the report's owner is not there to say who. "
            + "The import fingerprints are unique per owner: two people's identical card rows are not duplicates",
        "receipts.owner": "a receipt not yet attached to an item belongs to whoever captured it; "
            + "unique per owner, so that two people may capture the same bytes",
        "import_batches.owner": "a statement import is its importer's, also when it fills no report",
        "receipt_inbox_taken.owner": "each person's inbox folder is on their own machine; part of the key",
        "open_sessions.owner": "a launch is handed to a session of the person who launched it, never to someone else's",
        "dynamic_shortcuts.owner": "quick actions are per person (and so per role); part of the key",
        "app_shortcuts.owner": "what became of the app's default quick actions is per person; part of the key",
        "shortcut_launches.owner": "a queued launch is claimed only by a session of the person who queued it (its index leads with it)",
        "receipt_uploads": "a receipt's bytes as they arrive, a chunk at a time, until the server has checked them whole "
            + "against their hash and made them content (PostgresSchema.receiptFunctions)",
        "rate_events": "the log of changes of the rate tables that finance shares with the team, a hash chain the server "
            + "keeps (PostgresSchema.rateLogFunctions); a file has one person, who is every change's author and can rewrite any chain",
        "rate_events_head": "the rate log's end, as report_events_head is the audit log's",
        "rate_change_window": "how recent a rate change is a finding at a submission: the server's finding (report_findings)",
        "report_findings": "what the server finds at a submission that a member's client cannot see (the rate log's authors, "
            + "other travellers' reports), by submission; a file's findings are the app's own, computed when asked",
        "allowance_rates.taxable": "finance's mark that a shared rate above the legal maximum is meant; a file's rates are its "
            + "person's own, who answers to no approver",
        "mileage_rates.taxable": "as allowance_rates.taxable",
        "upload_limits": "how many bytes of unfinished receipt uploads a member may keep on the server, and for how long "
            + "(a file's receipts are written whole, never in chunks)",
        "copy_markers": "what db copy brought from laptops' files, so that a second copy skips it: a file is copied into "
            + "a team database, never into another file",
        "database_identity": "a laptop's file's own identity, which the team database's copy markers name; a server is "
            + "copied from, not into by identity",
        "receipt_contents": "receipt files live in the database, not in a vault directory on one machine: "
            + "by sha256, in chunks, so that a file is streamed and never loaded whole",
        "server_clock": "a time the team server's clock is pinned to, set by its administrator for a test cluster: "
            + "on a server the time of a member's write is the server's, never the client's; a file's is its person's own",
    ]

    /// For every PL/pgSQL function: the tables it names are the schema's, never a temporary
    /// table of the same name, which a session's search path finds first unless told otherwise (a
    /// traveller's temporary `reports` saying 'draft' would thaw a submitted report's items).
    /// Policies, CHECKs and triggers' WHEN clauses are bound to their tables when made; a
    /// function's body is looked up each time it runs.
    /// Without `public` (issue 40): where a member ever could create there, a function of hers
    /// that matches a call better than the catalog's (`pg_has_role(text, text, text)`) would run
    /// instead; every table is named `public.<table>` (`qualified`).
    static let pinnedSearchPath = "SET search_path = pg_catalog, pg_temp"

    /// An SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// Dates stay ISO text, as in SQLite; a day that does not exist (2026-02-30) fails the CHECK
    /// instead of raising a cast error, so the app sees a check violation, as SQLite reports one.
    /// Not STRICT, and NULL in, NULL out by its own CASE: so the planner inlines it into the CHECK
    /// (a STRICT one is called as a function per row: 3.3 times as slow, measured on 100,000 rows).
    static let dateCheck = """
        CREATE FUNCTION expenses_is_date(value text) RETURNS boolean
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT CASE WHEN value !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' THEN false
                ELSE substr(value, 9, 2)::int <= CASE
                    WHEN substr(value, 6, 2) IN ('04', '06', '09', '11') THEN 30
                    WHEN substr(value, 6, 2) <> '02' THEN 31
                    WHEN substr(value, 1, 4)::int % 4 = 0
                         AND (substr(value, 1, 4)::int % 100 <> 0 OR substr(value, 1, 4)::int % 400 = 0) THEN 29
                    ELSE 28 END
                END
        $$;
        """

    /// The defaults SQLite's first migration inserts, so both start with the same categories: as
    /// they shipped, not `Category.defaults` as it is today.
    static let defaultCategories = """
        INSERT INTO categories (code, name, receipt_required_above, daily_limit, currency, position) VALUES
        ('airfare', 'Airfare', 0, NULL, 'EUR', 0),
        ('lodging', 'Lodging', 0, 25000, 'EUR', 1),
        ('meals', 'Meals', 2500, 8000, 'EUR', 2),
        ('taxi', 'Taxi and ride share', 2500, NULL, 'EUR', 3),
        ('rail', 'Rail', 2500, NULL, 'EUR', 4),
        ('car_rental', 'Car rental', 0, NULL, 'EUR', 5),
        ('fuel', 'Fuel', 2500, NULL, 'EUR', 6),
        ('mileage', 'Mileage', NULL, NULL, 'EUR', 7),
        ('per_diem', 'Per diem', NULL, NULL, 'EUR', 8),
        ('parking', 'Parking and tolls', 2500, NULL, 'EUR', 9),
        ('public_transport', 'Public transport', 2500, NULL, 'EUR', 10),
        ('phone', 'Phone and internet', 2500, NULL, 'EUR', 11),
        ('entertainment', 'Client entertainment', 0, NULL, 'EUR', 12),
        ('office', 'Office supplies', 2500, NULL, 'EUR', 13),
        ('other', 'Other', 2500, NULL, 'EUR', 14);
        """
}
