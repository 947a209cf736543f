extension Schema {
    /// What became of the app's own default quick actions (Data/AppShortcuts.plist) once it has
    /// published them on this database: one row per item, written the first time the app writes
    /// its dynamic quick actions. An item without a row has not been published and stands in
    /// after the dynamic ones; an item with one is where, and as, its row says — so a user's
    /// removal sticks. Titles and icons are not kept: they are the plist's, in the reader's
    /// language and with the current app id.
    static func createAppShortcuts(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE app_shortcuts (
                        -- The item's type as the plist writes it, before $(PRODUCT_BUNDLE_IDENTIFIER) expands,
                        -- so that the row stays the item's whatever the app id.
                        plist_type TEXT PRIMARY KEY NOT NULL CHECK (length(trim(plist_type)) > 0),
                        -- removed: removed, evicted or replaced by an item of the user's of its type.
                        state TEXT NOT NULL CHECK (state IN ('enabled', 'disabled', 'removed')),
                        -- Its place among all the enabled dynamic quick actions, dynamic_shortcuts' and these
                        -- together (dynamic_shortcuts' own ranks count only its rows).
                        rank INTEGER CHECK (rank >= 0),
                        disabled_message TEXT,
                        published_at TEXT NOT NULL,
                        CHECK ((state = 'enabled') = (rank IS NOT NULL)),
                        CHECK (state = 'disabled' OR disabled_message IS NULL)
                    );
                    """))
    }
}
