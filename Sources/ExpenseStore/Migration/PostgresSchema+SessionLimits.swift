extension PostgresSchema {
    /// How long a session may sit idle inside a transaction before the server ends it. A step
    /// holds no lock a colleague's step needs while its transaction goes on (the chains' ends are
    /// taken only inside COMMIT: `chainAtCommit`), only its own report's row; the limit keeps a
    /// forgotten psql from holding that, and its snapshot, for long.
    public static let idleInTransactionTimeout = "10s"
    /// How long a statement waits for a lock before it fails (busy, retried by the app): longer
    /// than the idle timeout, so that a step behind an idle session waits for the server to end
    /// that session and then goes on, instead of failing.
    public static let lockTimeout = "20s"

    /// Both, for every session in the team's database (issue 40). Set on the database, not on the
    /// group roles: a role's settings are not inherited by its members (only the login role's own,
    /// `ALTER ROLE alice SET`, and the database's apply), and a member granted her group after
    /// `setup` ran is covered too. A member may still SET them otherwise in her own session, so
    /// `log_event`, whose entry takes the chain's end at COMMIT, sets both again for its transaction
    /// (`stepTimeouts`).
    /// No statement_timeout: an import's or a copy's statements are long by nature, and every
    /// text a function takes is bounded (`TextLimits`).
    static let sessionLimits = """
        DO $$ BEGIN
            EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '\(idleInTransactionTimeout)');
            EXECUTE format('ALTER DATABASE %I SET lock_timeout = %L', current_database(), '\(lockTimeout)');
        END $$;
        """

    /// `log_event`'s first statements: whatever the session set (or a database made from a
    /// template, which keeps no `ALTER DATABASE ... SET`), the transaction of a step sits idle at
    /// most the idle timeout, and waits for a lock (the chain's end at its COMMIT) at most the lock timeout
    /// (`set_config(..., true)`: until the transaction ends; not undone when the function returns,
    /// as only its own `SET search_path` is).
    static let stepTimeouts = """
        PERFORM pg_catalog.set_config('idle_in_transaction_session_timeout', '\(idleInTransactionTimeout)', true);
        PERFORM pg_catalog.set_config('lock_timeout', '\(lockTimeout)', true);

        """
}
