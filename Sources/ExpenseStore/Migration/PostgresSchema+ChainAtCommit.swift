extension PostgresSchema {
    /// The hash an entry carries from its write until its transaction commits: the chain's start,
    /// which no SHA-256 of an entry is, so that an entry not yet chained has the form of a hash
    /// (the frozen `report_events_hashed_insert` and `rate_events`' check still refuse one without).
    static let unchainedHash = String(repeating: "0", count: 64)

    /// Both logs are chained at COMMIT (issue 40, point 6). A step writes its entry at once,
    /// `unchainedHash` in place of its hash, so that what the step does next in its transaction
    /// (`reports_status_change` wants the step logged, `report_findings` are keyed by the entry)
    /// can rely on it; a constraint trigger deferred to the commit (`chainTriggers`) then takes
    /// the chain's end, gives the entry its place and hash, and moves the end. The end is locked
    /// only inside COMMIT, never across a client's round trip: a member's session left idle in a
    /// transaction after a step holds nothing her colleagues' steps wait for.
    ///
    /// The chain is verified in id order, and a transaction that wrote first may commit last: an
    /// entry whose id is not past the end's when it is chained is numbered again (and a finding
    /// keyed by it moves with it). Nothing else may change an entry: this migration lets an UPDATE
    /// of a log through only from inside the chaining trigger (a trigger's own statement, as the
    /// functions' role) and only for an entry still unchained, changing its id and hash alone; a
    /// finding, only its entry's id. Everyone else's UPDATE (the table owner's too) is refused as
    /// before, and DELETE and TRUNCATE as before. Frozen as it shipped.
    static let chainAtCommit = """
        CREATE FUNCTION expenses_log_chaining() RETURNS trigger LANGUAGE plpgsql \(pinnedSearchPath) AS $$
        DECLARE
            allowed text[] := TG_ARGV[1:];
        BEGIN
            IF pg_trigger_depth() < 2 OR current_user <> '\(definerRole)' THEN
                RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            IF TG_LEVEL = 'ROW' THEN
                IF (to_jsonb(NEW) - allowed) IS DISTINCT FROM (to_jsonb(OLD) - allowed)
                   OR ('hash' = ANY (allowed) AND (to_jsonb(OLD) ->> 'hash' <> '\(unchainedHash)'
                                                   OR to_jsonb(NEW) ->> 'hash' = '\(unchainedHash)'
                                                   OR to_jsonb(NEW) ->> 'hash' !~ '^[0-9a-f]{64}$')) THEN
                    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
                END IF;
            END IF;
            RETURN NEW;
        END $$;
        DROP TRIGGER report_events_append_only_update ON report_events;
        CREATE TRIGGER report_events_append_only_update BEFORE UPDATE ON report_events
            FOR EACH STATEMENT EXECUTE FUNCTION expenses_log_chaining('the audit log is append-only');
        CREATE TRIGGER report_events_chaining_only BEFORE UPDATE ON report_events
            FOR EACH ROW EXECUTE FUNCTION expenses_log_chaining('the audit log is append-only', 'id', 'hash');

        DROP TRIGGER rate_events_append_only ON rate_events;
        CREATE TRIGGER rate_events_append_only BEFORE DELETE ON rate_events
            FOR EACH ROW EXECUTE FUNCTION expenses_log_append_only('the rate log is append-only');
        CREATE TRIGGER rate_events_chaining_only BEFORE UPDATE ON rate_events
            FOR EACH ROW EXECUTE FUNCTION expenses_log_chaining('the rate log is append-only', 'id', 'hash');

        DROP TRIGGER report_findings_append_only ON report_findings;
        CREATE TRIGGER report_findings_append_only BEFORE DELETE ON report_findings
            FOR EACH ROW EXECUTE FUNCTION expenses_log_append_only('a report''s findings are append-only');
        CREATE TRIGGER report_findings_chaining_only BEFORE UPDATE ON report_findings
            FOR EACH ROW EXECUTE FUNCTION expenses_log_chaining('a report''s findings are append-only', 'event_id');
        """

    /// The chaining triggers, made again by every setup (their functions are the layer's):
    /// deferred to the commit, for an entry written unchained. And each log's numbering moved past
    /// its end, where an earlier version's `log_event` left it behind (it numbered past the end
    /// itself): an entry is numbered by the sequence alone now, without the end's lock.
    static let chainTriggers = [("report_events", "report_event_chained"), ("rate_events", "rate_event_chained")].map {
        table, function in
        """
        DROP TRIGGER IF EXISTS \(table)_chained ON \(table);
        CREATE CONSTRAINT TRIGGER \(table)_chained AFTER INSERT ON \(table) DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW WHEN (NEW.hash = '\(unchainedHash)') EXECUTE FUNCTION \(functionSchema).\(function)();
        SELECT setval(pg_get_serial_sequence('\(table)', 'id'), h.last_id) FROM \(table)_head h
        WHERE h.last_id > coalesce(pg_sequence_last_value(pg_get_serial_sequence('\(table)', 'id')::regclass), 0);
        """
    }.joined(separator: "\n")

    /// The functions that settle an entry's place in its chain at COMMIT (`chainAtCommit`), one
    /// helper shared by both logs.
    static var chainFunctions: [ServerFunction] {
        [
            // Takes the end of `p_log` (locked until the commit, which is running) and returns the
            // entry's place past it and the hash it chains to. Refused when it runs before the
            // commit: SET CONSTRAINTS ... IMMEDIATE, or a commit inside a procedure, would take the
            // end while the member's transaction can still sit idle; PREPARE TRANSACTION, which
            // fires the deferred triggers too, would keep it past her session.
            ServerFunction(
                name: "chain_place", parameters: "p_log text, p_id bigint",
                returns: "TABLE (c_id bigint, c_previous text)",
                declare: """
                    head record;
                    stack text;
                    words text := CASE p_log WHEN 'report_events' THEN 'the audit log' ELSE 'the rate log' END;
                    """,
                body: """
                    -- At COMMIT the chaining trigger is the outermost frame; fired early, a statement's or a block's is.
                    GET DIAGNOSTICS stack = PG_CONTEXT;
                    IF stack !~ 'function ([a-z_]+\\.)?(report|rate)_event_chained\\(\\) line [0-9]+ at [^\\n]*$'
                       OR pg_catalog.current_query() ~* '\\m(constraints|prepare)\\M' THEN
                        RAISE EXCEPTION '%''s entries are chained at COMMIT, not before', words
                            USING ERRCODE = 'object_not_in_prerequisite_state',
                                  HINT = 'leave the constraints deferred; nothing was written';
                    END IF;
                    IF p_log = 'report_events' THEN
                        SELECT last_id, last_hash INTO head FROM public.report_events_head WHERE singleton = 1 FOR UPDATE;
                    ELSE
                        SELECT last_id, last_hash INTO head FROM public.rate_events_head WHERE singleton = 1 FOR UPDATE;
                    END IF;
                    IF head.last_id IS NULL OR head.last_id < 0 OR head.last_id >= 9223372036854775806
                       OR head.last_hash !~ '^[0-9a-f]{64}$' THEN
                        RAISE EXCEPTION '%''s end is damaged; nothing was written', words
                            USING ERRCODE = 'integrity_constraint_violation', HINT = 'the administrator runs ''expenses db check''';
                    END IF;
                    c_id := p_id;
                    IF c_id <= head.last_id THEN
                        -- Written before an entry that committed first: numbered again, past it.
                        c_id := nextval(pg_get_serial_sequence('public.' || p_log, 'id'));
                        IF c_id <= head.last_id THEN
                            RAISE EXCEPTION '%''s numbering is behind its end (%); nothing was written', words, head.last_id
                                USING ERRCODE = 'integrity_constraint_violation', HINT = 'the administrator runs ''expenses setup''';
                        END IF;
                    END IF;
                    c_previous := head.last_hash;
                    RETURN NEXT;
                    """),
            ServerFunction(
                name: "report_event_chained", parameters: "", returns: "trigger",
                declare: "place record; chained text;",
                body: """
                    SELECT * INTO place FROM chain_place('report_events', NEW.id);
                    chained := audit_hash(place.c_previous, place.c_id, NEW.report_id, NEW.at, NEW.actor, NEW.action, NEW.from_status,
                                          NEW.to_status, NEW.reason);
                    UPDATE public.report_events SET id = place.c_id, hash = chained WHERE id = NEW.id;
                    IF place.c_id <> NEW.id THEN
                        UPDATE public.report_findings SET event_id = place.c_id WHERE event_id = NEW.id;
                    END IF;
                    UPDATE public.report_events_head SET last_id = place.c_id, last_hash = chained WHERE singleton = 1;
                    RETURN NULL;
                    """),
            ServerFunction(
                name: "rate_event_chained", parameters: "", returns: "trigger",
                declare: "place record; chained text;",
                body: """
                    SELECT * INTO place FROM chain_place('rate_events', NEW.id);
                    chained := audit_hash(place.c_previous, place.c_id, 0, NEW.at, NEW.actor, NEW.action, NEW.old_values, NEW.new_values, '');
                    UPDATE public.rate_events SET id = place.c_id, hash = chained WHERE id = NEW.id;
                    UPDATE public.rate_events_head SET last_id = place.c_id, last_hash = chained WHERE singleton = 1;
                    RETURN NULL;
                    """),
        ]
    }
}
