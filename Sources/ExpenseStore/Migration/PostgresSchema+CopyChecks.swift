import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// What `db copy` of a laptop's file (`TeamImport`) holds the file's rows to, on the server:
    /// the same computations as the functions a member writes through, asked of each copied row
    /// after it is written (the copy is the administrator's, which writes past the member's
    /// checks), so that the file's figures are the team database's or the copy is refused.
    ///
    /// - An item's conversion into its report's currency is `report_conversion_fault`'s (issue 39),
    ///   as `expense_add` checks it.
    /// - A mileage item's amount is its distance times the team's rate for its vehicle on its
    ///   day, rounded half-even (`mileage_fault`): the computation of the trigger
    ///   `expenses_mileage_amount`, which spares the administrator (its migration is frozen), here
    ///   with the figures in words. A mileage item without its journey has nothing to compute from:
    ///   refused as the trigger refuses it to a member.
    /// - An advance's conversion, as `advance_add` checks it.
    ///
    /// Each returns why the row is not what the server computes, or NULL. The layer's own helpers:
    /// no member may call them (a member's writes are checked by the functions themselves).
    static var copyChecks: [ServerFunction] {
        [
            ServerFunction(
                name: "mileage_fault",
                parameters: "p_date text, p_distance bigint, p_vehicle text, p_amount bigint, p_currency text",
                returns: "text",
                declare: "found record; product bigint; computed bigint;",
                body: """
                    IF p_distance IS NULL OR p_vehicle IS NULL THEN
                        RETURN 'a mileage item needs its distance and vehicle: its amount is computed from them';
                    END IF;
                    SELECT m.rate_minor, m.currency INTO found FROM public.mileage_rates m
                    WHERE m.vehicle = p_vehicle AND m.valid_from <= p_date ORDER BY m.valid_from DESC LIMIT 1;
                    IF found.rate_minor IS NULL THEN
                        RETURN format('the team database has no mileage rate for a %s on %s', p_vehicle, p_date);
                    END IF;
                    product := p_distance * found.rate_minor;
                    computed := product / 10;
                    IF product % 10 > 5 OR (product % 10 = 5 AND computed % 2 = 1) THEN computed := computed + 1; END IF;
                    IF p_amount <> computed OR p_currency <> found.currency THEN
                        RETURN format('%s.%s km by %s on %s are %s %s at the team''s rate (%s %s per km), not %s %s',
                                      p_distance / 10, p_distance % 10, p_vehicle, p_date, minor_text(computed, found.currency),
                                      found.currency, minor_text(found.rate_minor, found.currency), found.currency,
                                      minor_text(p_amount, p_currency), p_currency);
                    END IF;
                    RETURN NULL;
                    """),
            ServerFunction(
                name: "copied_item_fault", parameters: "p_expense bigint", returns: "text",
                declare: "item public.expenses; fault text;",
                body: """
                    SELECT * INTO item FROM public.expenses WHERE id = p_expense;
                    IF item.id IS NULL THEN RETURN format('there is no expense %s', p_expense); END IF;
                    IF item.category = 'mileage' THEN
                        fault := mileage_fault(item.date, item.distance_tenths, item.vehicle, item.amount_minor, item.currency);
                        IF fault IS NOT NULL THEN RETURN fault; END IF;
                    END IF;
                    RETURN report_conversion_fault(item.report_id, item.date, item.amount_minor, item.currency, item.rate,
                                                   item.rate_date, item.rate_source, item.converted_minor);
                    """),
            ServerFunction(
                name: "copied_advance_fault", parameters: "p_advance bigint", returns: "text",
                declare: "advance public.report_advances;",
                body: """
                    SELECT * INTO advance FROM public.report_advances WHERE id = p_advance;
                    IF advance.id IS NULL THEN RETURN format('there is no advance %s', p_advance); END IF;
                    RETURN report_conversion_fault(advance.report_id, advance.date, advance.amount_minor, advance.currency, advance.rate,
                                                   advance.rate_date, advance.rate_source, advance.converted_minor);
                    """),
        ]
    }
}
