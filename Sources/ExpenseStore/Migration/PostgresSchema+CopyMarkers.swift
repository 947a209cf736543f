extension PostgresSchema {
    /// Issue 42: what `db copy` brought from a laptop's file, a row for each report and each item
    /// of no report (the file's identity, `database_identity.uuid`, and the row's id in the file),
    /// so that a second copy of the file skips it and says where it went. Written only by
    /// `copy_marker_add` (`copyMarkerFunctions`), which the administrator's copy calls; no member
    /// reads or writes it (no grant), so that nobody forges a marker to keep a colleague's report
    /// out, nor deletes one to have it copied twice. No foreign key: a marker outlives the draft
    /// it made, as the audit log does. Literal SQL.
    static let copyMarkers = """
        CREATE TABLE copy_markers (
            source text NOT NULL CHECK (length(source) = 36),
            source_table text NOT NULL CHECK (source_table IN ('reports', 'expenses')),
            source_id bigint NOT NULL,
            target_id bigint NOT NULL,
            file text NOT NULL,
            copied_by text NOT NULL,
            copied_at text NOT NULL,
            PRIMARY KEY (source, source_table, source_id)
        );
        """
}
