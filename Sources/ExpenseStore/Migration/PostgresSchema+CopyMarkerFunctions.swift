extension PostgresSchema {
    /// The one writer of `copy_markers` (issue 42): the administrator's copy of a laptop's file
    /// (`TeamImport`) calls it for each report and item of no report it wrote, in the copy's
    /// transaction. No member may call it (no grant), and it refuses anyone who is not the
    /// administrator (a member of the definer, or a superuser) besides. A second marker for the
    /// same row of the same file is refused (23505): two copies of one file at once, one waits and
    /// then fails whole. A report's marker is also its first entry in the audit log, in the
    /// server's chain: where it came from and who copied it.
    static var copyMarkerFunctions: [ServerFunction] {
        [
            ServerFunction(
                ServerWrites.copyMarkerAdd,
                declare: "marked record; status text;",
                body: """
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user
                                   AND (rolsuper OR pg_has_role(session_user, '\(definerRole)', 'MEMBER'))) THEN
                        RAISE EXCEPTION 'only the database''s administrator records what a copy of a file brought'
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    SELECT m.target_id, m.copied_at INTO marked FROM public.copy_markers m
                    WHERE m.source = p_source AND m.source_table = p_table AND m.source_id = p_source_id;
                    IF FOUND THEN
                        RAISE EXCEPTION '% % of % was copied already, as % on %', p_table, p_source_id, p_file, marked.target_id,
                            marked.copied_at USING ERRCODE = 'unique_violation';
                    END IF;
                    IF p_table = 'reports' THEN
                        SELECT r.status INTO status FROM public.reports r WHERE r.id = p_target_id;
                    ELSIF p_table = 'expenses' THEN
                        SELECT 'none' INTO status FROM public.expenses e WHERE e.id = p_target_id AND e.report_id IS NULL;
                    ELSE
                        RAISE EXCEPTION 'a copy marks reports and items of no report, not %', p_table
                            USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'there is no % % to mark as copied', p_table, p_target_id
                            USING ERRCODE = 'foreign_key_violation';
                    END IF;
                    INSERT INTO public.copy_markers (source, source_table, source_id, target_id, file, copied_by, copied_at)
                    VALUES (p_source, p_table, p_source_id, p_target_id, p_file, session_user, p_at);
                    IF p_table = 'reports' THEN
                        PERFORM log_event(p_target_id, session_user,
                                          format('copied from %s (its report %s) by %s', p_file, p_source_id, session_user),
                                          status, status, '', p_at);
                    END IF;
                    """)
        ]
    }
}
