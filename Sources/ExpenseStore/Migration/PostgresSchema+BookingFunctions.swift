extension PostgresSchema {
    /// What finance books (issue 41): the charts of accounts and the record of journal exports
    /// are finance's alone; an export names only reports finance may book (approved or
    /// reimbursed, a payment only once reimbursed), and a report's entry once per export.
    static var bookingFunctions: [ServerFunction] {
        [
            ServerFunction(
                ServerWrites.chartAccountSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change the charts of accounts');
                    IF p_chart NOT IN ('skr03', 'skr04') OR p_number !~ '^[1-9][0-9]{3,7}$' OR length(p_key) NOT BETWEEN 1 AND 40 THEN
                        RAISE EXCEPTION 'no account % for % in %', p_number, p_key, p_chart USING ERRCODE = 'check_violation';
                    END IF;
                    INSERT INTO public.chart_accounts (chart, account_key, number, title) VALUES (p_chart, p_key, p_number, left(p_title, 80))
                    ON CONFLICT (chart, account_key) DO UPDATE SET number = excluded.number, title = excluded.title
                    WHERE chart_accounts.number IS DISTINCT FROM excluded.number OR chart_accounts.title IS DISTINCT FROM excluded.title;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.bookingChartSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'choose the chart of accounts');
                    INSERT INTO public.booking_chart (singleton, chart) VALUES (1, p_chart)
                    ON CONFLICT (singleton) DO UPDATE SET chart = excluded.chart WHERE booking_chart.chart IS DISTINCT FROM excluded.chart;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.journalExportRecord,
                declare: "who text := caller(); export_id bigint; entry text; report bigint; kind text; status text;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'export journals');
                    INSERT INTO public.journal_exports (at, actor, from_date, to_date, format) VALUES (p_at, who, p_from, p_to, p_format)
                    RETURNING id INTO export_id;
                    FOREACH entry IN ARRAY string_to_array(nullif(p_entries, ''), ',') LOOP
                        IF entry !~ '^[0-9]{1,18}:(report|payment)$' THEN
                            RAISE EXCEPTION 'no journal entry: %', entry USING ERRCODE = 'invalid_parameter_value';
                        END IF;
                        report := split_part(entry, ':', 1)::bigint;
                        kind := split_part(entry, ':', 2);
                        SELECT r.status INTO status FROM public.reports r WHERE r.id = report;
                        IF status IS NULL OR status NOT IN ('approved', 'reimbursed') OR (kind = 'payment' AND status <> 'reimbursed') THEN
                            RAISE EXCEPTION 'report % cannot be booked (%)', report, coalesce(status, 'unknown')
                                USING ERRCODE = 'check_violation';
                        END IF;
                        INSERT INTO public.journal_exported (export_id, report_id, kind) VALUES (export_id, report, kind);
                    END LOOP;
                    RETURN export_id;
                    """, callers: groupRoles),
        ]
    }
}
