extension Schema {
    /// The interactive sessions open on this database, so that a launcher's quick action can be
    /// handed to the one the person used last instead of starting a second one; and which session
    /// a queued launch is meant for.
    static func createOpenSessions(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE open_sessions (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        -- The session's process, told apart from a later one with the same pid by its start time.
                        pid INTEGER NOT NULL,
                        host TEXT NOT NULL,
                        start_ticks INTEGER NOT NULL,
                        terminal TEXT NOT NULL DEFAULT '',
                        opened_at TEXT NOT NULL,
                        -- Grows each time a session's person enters a line: the highest is the one used last.
                        active_seq INTEGER NOT NULL DEFAULT 0
                    );
                    -- The open session a launch was handed to; NULL: whichever session delivers it first.
                    ALTER TABLE shortcut_launches ADD COLUMN target_session INTEGER;
                    """))
    }
}
