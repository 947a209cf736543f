import ExpenseSupport

extension Schema {
    /// Issue 42: the file's own identity, a UUID made the first time it is copied into a team
    /// database (`TeamImport.sourceIdentity`), which names the file in the team's copy markers
    /// (`copy_markers`), so that a second copy of the same file skips what the first one brought.
    /// One row at most; none until the first copy. Literal SQL, as every migration is to be.
    static func addDatabaseIdentity(_ db: Database) throws {
        try db.execute(SQL(verbatim: databaseIdentity))
    }

    static let databaseIdentity = """
        CREATE TABLE database_identity (
            singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
            uuid TEXT NOT NULL CHECK (length(uuid) = 36),
            created_at TEXT NOT NULL
        );
        """
}
