import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Every amount converted into a report's currency is the server's own computation, whoever
    /// sends it (issue 39): the functions that store one (`expense_add`, `expense_edit`,
    /// `import_rows`, `advance_add`) recompute it from the amount, its currency's minor digits and
    /// the rate, half-even, as `ExchangeRate.convert` does (`convert_minor`), and refuse a
    /// converted amount that differs. The rate itself is held to its source: 'same' is the
    /// report's own currency at 1, 'table' the server's ECB rate of the day or the last earlier
    /// one (`exchange_rate_on`, as the app's `StoredRates` finds it). 'manual', the traveller's
    /// own rate from her card statement, is stored whatever it is: one further from the ECB's
    /// than finance's tolerance (`manual_rate_tolerance`, 5 % unless set), or with no ECB rate to
    /// compare, is a finding for the approver (`policy_findings`' 'manual-rate', as
    /// `PolicyCheck`'s on a file).
    static var conversionFunctions: [ServerFunction] {
        [
            // Why the conversion `p_rate`/`p_rate_date`/`p_rate_source` of `p_amount` `p_currency`
            // into `p_target` worth `p_converted` is not the server's, or NULL when it is; the table's
            // rate of the day and its date are the caller's lookup (`exchange_rate_on`), so that an
            // import looks each day up once for all of its rows.
            ServerFunction(
                name: "conversion_fault",
                parameters: """
                    p_amount bigint, p_currency text, p_target text, p_rate text, p_rate_date text, p_rate_source text,
                    p_converted bigint, p_table_rate text, p_table_date text
                    """,
                returns: "text",
                declare: "dividend numeric; divisor numeric; expected bigint;",
                body: """
                    IF p_rate IS NULL THEN RETURN NULL; END IF;
                    IF p_rate !~ '^[0-9]+(\\.[0-9]+)?(/[0-9]+(\\.[0-9]+)?)?$' OR p_rate ~ '\\.[0-9]{13}'
                       OR length(replace(split_part(p_rate, '/', 1), '.', '')) > 18
                       OR length(replace(split_part(p_rate, '/', 2), '.', '')) > 18 THEN
                        RETURN format('%L is not an exchange rate (a positive decimal such as 1.0412, or a quotient such as '
                            '0.9612/1.0823)', p_rate);
                    END IF;
                    dividend := split_part(p_rate, '/', 1)::numeric;
                    divisor := coalesce(nullif(split_part(p_rate, '/', 2), ''), '1')::numeric;
                    IF dividend = 0 OR divisor = 0 THEN
                        RETURN format('%L is not an exchange rate (a positive decimal such as 1.0412)', p_rate);
                    END IF;
                    IF p_rate_source = 'same' THEN
                        IF p_currency <> p_target THEN
                            RETURN format('an amount in %s is not in the report''s currency (%s): rate source ''same'' is for that alone',
                                          p_currency, p_target);
                        END IF;
                        IF dividend <> divisor THEN
                            RETURN format('an amount in the report''s currency (%s) converts at 1, not at %s', p_target, p_rate);
                        END IF;
                    ELSIF p_currency = p_target THEN
                        RETURN format('an amount in the report''s currency (%s) converts at 1 (rate source ''same''), not at a %s rate',
                                      p_target, p_rate_source);
                    ELSIF p_rate_source = 'table' THEN
                        IF p_table_rate IS NULL THEN
                            RETURN format('the rate table has no rate from %s to %s on or before the item''s day', p_currency, p_target);
                        END IF;
                        IF dividend * coalesce(nullif(split_part(p_table_rate, '/', 2), ''), '1')::numeric
                               <> divisor * split_part(p_table_rate, '/', 1)::numeric
                           OR p_rate_date IS DISTINCT FROM p_table_date THEN
                            RETURN format('the rate %s of %s is not the rate table''s from %s to %s for the item''s day: %s of %s',
                                          p_rate, coalesce(p_rate_date, 'no day'), p_currency, p_target, p_table_rate, p_table_date);
                        END IF;
                    END IF;
                    expected := convert_minor(p_amount, p_rate, p_currency, p_target);
                    IF p_converted IS DISTINCT FROM expected THEN
                        RETURN format('the converted amount %s %s is not %s %s at %s, which is %s %s',
                                      coalesce(minor_text(p_converted, p_target), 'none'), p_target, minor_text(p_amount, p_currency),
                                      p_currency, p_rate, minor_text(expected, p_target), p_target);
                    END IF;
                    RETURN NULL;
                    """),
            // `p_minor` minor units of `p_currency` as a person reads them: 1234 EUR is 12.34.
            ServerFunction(
                name: "minor_text", parameters: "p_minor bigint, p_currency text", returns: "text",
                declare: "digits int := \(minorDigits("p_currency"));",
                body: "RETURN round(p_minor::numeric / power(10::numeric, digits), digits)::text;"),
            // Why a conversion into report `p_report`'s currency is not the server's
            // (`conversion_fault`), looking the table's rate of the day up itself; NULL when it is,
            // or when there is nothing to convert (an item in no report counts in no total; moved
            // into one, it is checked then). One row's check: a write's, and `db copy`'s of a file's
            // rows (`copied_item_fault`).
            ServerFunction(
                name: "report_conversion_fault",
                parameters: """
                    p_report bigint, p_date text, p_amount bigint, p_currency text, p_rate text, p_rate_date text, p_rate_source text,
                    p_converted bigint
                    """,
                returns: "text",
                declare: "target text; table_rate text; table_date text;",
                body: """
                    IF p_rate IS NULL OR p_report IS NULL THEN RETURN NULL; END IF;
                    SELECT r.currency INTO target FROM public.reports r WHERE r.id = p_report;
                    IF p_rate_source = 'table' AND p_currency <> target THEN
                        SELECT x.x_rate, x.x_date INTO table_rate, table_date FROM exchange_rate_on(p_currency, target, p_date) x;
                    END IF;
                    RETURN conversion_fault(p_amount, p_currency, target, p_rate, p_rate_date, p_rate_source, p_converted,
                                            table_rate, table_date);
                    """),
            // Refuses a conversion that is not the server's (`report_conversion_fault`): one item's write.
            ServerFunction(
                name: "require_conversion",
                parameters: """
                    p_report bigint, p_date text, p_amount bigint, p_currency text, p_rate text, p_rate_date text, p_rate_source text,
                    p_converted bigint
                    """,
                returns: "void",
                declare: "fault text;",
                body: """
                    fault := report_conversion_fault(p_report, p_date, p_amount, p_currency, p_rate, p_rate_date, p_rate_source,
                                                     p_converted);
                    IF fault IS NOT NULL THEN
                        RAISE EXCEPTION '%', fault USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    """),
            // Whether `p_rate` is within `p_basis_points` hundredths of a per cent of `p_reference`,
            // bounds included, compared exactly as `RateTolerance.admits` compares them.
            ServerFunction(
                name: "rate_within", parameters: "p_rate text, p_reference text, p_basis_points bigint", returns: "boolean",
                declare: """
                    given numeric := split_part(p_rate, '/', 1)::numeric * coalesce(nullif(split_part(p_reference, '/', 2), ''), '1')::numeric;
                    reference numeric := split_part(p_reference, '/', 1)::numeric * coalesce(nullif(split_part(p_rate, '/', 2), ''), '1')::numeric;
                    """,
                body: """
                    RETURN (10000 - p_basis_points) * reference <= 10000 * given AND 10000 * given <= (10000 + p_basis_points) * reference;
                    """),
            // The tolerance finance set, or the standard one.
            ServerFunction(
                name: "manual_rate_tolerance", parameters: "", returns: "bigint",
                body: """
                    RETURN coalesce((SELECT t.basis_points FROM public.manual_rate_tolerance t WHERE t.singleton = 1),
                                    \(RateTolerance.standard.basisPoints));
                    """),
            // 1 when the tolerance changed, 0 when it was that already.
            ServerFunction(
                ServerWrites.manualRateToleranceSet,
                declare: "who text := caller(); changed bigint;",
                body: """
                    PERFORM require_group(who, '\(financeRole)', 'change the tolerance of rates given by hand');
                    INSERT INTO public.manual_rate_tolerance (singleton, basis_points) VALUES (1, p_basis_points)
                    ON CONFLICT (singleton) DO UPDATE SET basis_points = excluded.basis_points
                    WHERE manual_rate_tolerance.basis_points IS DISTINCT FROM excluded.basis_points;
                    GET DIAGNOSTICS changed = ROW_COUNT;
                    RETURN changed;
                    """, callers: groupRoles),
        ]
    }

    /// The minor digits of the currency `expression` names, as a CASE over the currency table's
    /// (2 for any other code): evaluated in place, never a query per row.
    static func minorDigits(_ expression: String) -> String {
        let unusual = (CurrencyTable.standard.all + CurrencyTable.standard.legacy).filter { $0.minorDigits != 2 }
        let cases = unusual.map { "WHEN \(literal($0.code)) THEN \($0.minorDigits)" }.joined(separator: " ")
        return "CASE \(expression) \(cases) ELSE 2 END"
    }

    /// The first staged row of an import whose conversion is not the server's, by its
    /// statement line, and why; none when every row's is (a row in no report counts in no total,
    /// as `require_conversion` lets an item). One statement over the staging table:
    /// a row in its report's currency at 1 worth its amount passes as it is, and the rate table is
    /// looked up once per currency pair and day, not once per row.
    static let stagedConversionFault = """
        WITH staged AS (
            SELECT s.import_line, s.date, s.amount_minor, s.currency, r.currency AS target, s.rate, s.rate_date, s.rate_source,
                   s.converted_minor
            FROM pg_temp.\(importStaging) s JOIN public.reports r ON r.id = s.report_id
            WHERE s.rate IS NOT NULL
        ),
        doubtful AS (
            SELECT * FROM staged
            WHERE NOT (rate_source = 'same' AND rate = '1' AND currency = target AND converted_minor = amount_minor)
        ),
        days AS (SELECT DISTINCT currency, target, date FROM doubtful WHERE rate_source = 'table' AND currency <> target),
        rated AS (
            SELECT d.currency, d.target, d.date, x.x_rate, x.x_date
            FROM days d LEFT JOIN LATERAL exchange_rate_on(d.currency, d.target, d.date) x ON true
        )
        SELECT f.import_line, f.fault FROM (
            SELECT s.import_line,
                   conversion_fault(s.amount_minor, s.currency, s.target, s.rate, s.rate_date, s.rate_source, s.converted_minor,
                                    t.x_rate, t.x_date) AS fault
            FROM doubtful s
            LEFT JOIN rated t ON t.currency = s.currency AND t.target = s.target AND t.date = s.date
        ) AS f
        WHERE f.fault IS NOT NULL ORDER BY f.import_line LIMIT 1
        """
}
