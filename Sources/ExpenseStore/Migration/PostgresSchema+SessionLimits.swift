extension PostgresSchema {
    /// How long a session may sit idle inside a transaction before the server ends it: a
    /// workflow step locks the audit chain's end until its transaction ends, so a member's psql
    /// left open after `BEGIN; SELECT expenses.report_step(...)` would stop every colleague's step.
    public static let idleInTransactionTimeout = "10s"
    /// The same in milliseconds, as `pg_settings` says it.
    static let idleInTransactionTimeoutMilliseconds = 10_000
    /// How long a statement waits for a lock before it fails (busy, retried by the app): longer
    /// than the idle timeout, so that a step behind an idle session waits for the server to end
    /// that session and then goes on, instead of failing.
    public static let lockTimeout = "20s"

    /// Both, for every session in the team's database (issue 40). Set on the database, not on the
    /// group roles: a role's settings are not inherited by its members (only the login role's own,
    /// `ALTER ROLE alice SET`, and the database's apply), and a member granted her group after
    /// `setup` ran is covered too. A member may still SET them otherwise in her own session, so
    /// `log_event`, which takes the chain's end, refuses a session without the idle timeout.
    /// No statement_timeout: an import's or a copy's statements are long by nature, and every
    /// text a function takes is bounded (`TextLimits`).
    static let sessionLimits = """
        DO $$ BEGIN
            EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '\(idleInTransactionTimeout)');
            EXECUTE format('ALTER DATABASE %I SET lock_timeout = %L', current_database(), '\(lockTimeout)');
        END $$;
        """

    /// `log_event`'s first statement: a session that could sit on the chain's end unbounded is refused.
    static let idleTimeoutCheck = """
        IF (SELECT setting::bigint FROM pg_catalog.pg_settings WHERE name = 'idle_in_transaction_session_timeout')
               NOT BETWEEN 1 AND \(idleInTransactionTimeoutMilliseconds) THEN
            RAISE EXCEPTION 'this session may sit idle in a transaction longer than \(idleInTransactionTimeout); a workflow step is refused in it'
                USING ERRCODE = 'integrity_constraint_violation',
                      HINT = 'leave idle_in_transaction_session_timeout as the team database sets it (\(idleInTransactionTimeout))';
        END IF;

        """
}
