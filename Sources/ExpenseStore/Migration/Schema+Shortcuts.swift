import ExpenseCore
import ExpenseSupport

extension Schema {
    /// Dynamic quick actions and the launch inbox of quick actions delivered with `--defer`.
    static func createShortcuts(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE dynamic_shortcuts (
                        type TEXT PRIMARY KEY NOT NULL CHECK (length(trim(type)) > 0),
                        title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                        subtitle TEXT,
                        icon_type TEXT,
                        icon_file TEXT,
                        icon_symbol TEXT,
                        -- An XML property list <dict>, or NULL: userInfo holds any plist value, as on iOS.
                        user_info TEXT,
                        -- Consecutive from 0 among the enabled items, kept so by the app on every change.
                        rank INTEGER NOT NULL CHECK (rank >= 0),
                        enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
                        disabled_message TEXT,
                        origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('user', 'app')),
                        updated_at TEXT NOT NULL
                    );

                    CREATE TABLE shortcut_launches (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        type TEXT NOT NULL CHECK (length(type) > 0),
                        -- The launch's words after the type, as an XML property list <array> of strings.
                        arguments TEXT NOT NULL,
                        catalog TEXT,
                        state TEXT NOT NULL DEFAULT 'queued'
                            CHECK (state IN ('queued', 'claimed', 'done', 'failed', 'discarded')),
                        queued_at TEXT NOT NULL,
                        -- Who holds the claim: a random token only the claimant knows, and its process,
                        -- so that a claim whose process died can be told from one still running.
                        claim_token TEXT,
                        claim_pid INTEGER,
                        claim_host TEXT,
                        claim_start_ticks INTEGER,
                        claimed_at TEXT,
                        finished_at TEXT,
                        exit_status INTEGER,
                        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                        CHECK ((state = 'claimed') = (claim_token IS NOT NULL)),
                        CHECK (state NOT IN ('done', 'failed') OR exit_status IS NOT NULL)
                    );
                    -- Claiming looks for the oldest queued launch; the index keeps that one step.
                    CREATE INDEX shortcut_launches_by_state ON shortcut_launches (state, id);
                    """))
    }
}
