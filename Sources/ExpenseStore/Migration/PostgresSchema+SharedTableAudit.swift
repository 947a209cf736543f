extension PostgresSchema {
    /// The tables of issue 40's points 2 and 3, on the server only (`differences` says why):
    ///
    /// - `rate_events`, the log of every change of the per-diem, mileage and exchange-rate tables,
    ///   a hash chain of its own (`rate_events_head` its end), appended by the tables' triggers
    ///   (`rate_logged`, made by `setupRoles`) whoever writes: finance through the functions, the
    ///   administrator by hand. Append-only for anyone but a superuser past the triggers, whose
    ///   change `db check` finds in the chain.
    /// - `taxable` on the per-diem and mileage rates: finance's mark that a rate above the legal
    ///   maximum is meant, its excess taxable.
    /// - `rate_change_window`: finance's number of days before a submission within which any
    ///   change of a rate the report used is a finding (30 unless set).
    /// - `report_findings`: the findings the server makes at a submission that a member's client
    ///   cannot (it sees neither the rate log's owners nor other travellers' reports), by report
    ///   and by the submission's audit entry, readable with their report; and the indexes its
    ///   search of other travellers' reports needs, by a receipt's bytes and a card transaction's
    ///   reference (the tables' own lead with the owner).
    ///
    /// Frozen as it shipped: the trigger function's search path is written out.
    static let sharedTableAudit = """
        CREATE TABLE rate_events (
            id bigint PRIMARY KEY CHECK (id > 0),
            at text NOT NULL,
            actor text NOT NULL,
            action text NOT NULL,
            old_values text NOT NULL,
            new_values text NOT NULL,
            hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
        );
        CREATE SEQUENCE rate_events_id_seq OWNED BY rate_events.id;
        CREATE INDEX rate_events_by_action ON rate_events (action, id);
        CREATE TABLE rate_events_head (
            singleton bigint PRIMARY KEY NOT NULL CHECK (singleton = 1),
            last_id bigint NOT NULL,
            last_hash text NOT NULL
        );
        INSERT INTO rate_events_head (singleton, last_id, last_hash) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');

        ALTER TABLE allowance_rates ADD COLUMN taxable bigint NOT NULL DEFAULT 0 CHECK (taxable IN (0, 1));
        ALTER TABLE mileage_rates ADD COLUMN taxable bigint NOT NULL DEFAULT 0 CHECK (taxable IN (0, 1));

        CREATE TABLE rate_change_window (
            singleton bigint PRIMARY KEY NOT NULL CHECK (singleton = 1),
            days bigint NOT NULL CHECK (days BETWEEN 0 AND 3660)
        );

        CREATE TABLE report_findings (
            report_id bigint NOT NULL REFERENCES reports (id),
            event_id bigint NOT NULL,
            rule text NOT NULL,
            finding_key text NOT NULL,
            severity text NOT NULL CHECK (severity IN ('warning', 'blocking')),
            message text NOT NULL,
            found_at text NOT NULL,
            PRIMARY KEY (report_id, event_id, finding_key)
        );
        CREATE INDEX receipts_by_sha256 ON receipts (sha256);
        CREATE INDEX expenses_by_card_reference ON expenses (external_id) WHERE external_id IS NOT NULL;

        CREATE FUNCTION expenses_log_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
        END $$;
        CREATE TRIGGER rate_events_append_only BEFORE UPDATE OR DELETE ON rate_events
            FOR EACH ROW EXECUTE FUNCTION expenses_log_append_only('the rate log is append-only');
        CREATE TRIGGER report_findings_append_only BEFORE UPDATE OR DELETE ON report_findings
            FOR EACH ROW EXECUTE FUNCTION expenses_log_append_only('a report''s findings are append-only');
        """
}
