import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The columns the item functions took before items had journeys and nights: kept, so that a
    /// client of the earlier version still adds and edits items (with neither); a mileage item
    /// without its journey is refused by the trigger whatever calls.
    static let itemParametersBeforeJourneys = """
        p_report bigint, p_date text, p_category text, p_merchant text, p_description text, p_amount bigint, p_currency text,
        p_rate text, p_rate_date text, p_rate_source text, p_converted bigint, p_paid_by text, p_at text
        """
    static let itemArgumentsBeforeJourneys = """
        p_report, p_date, p_category, p_merchant, p_description, p_amount, p_currency, p_rate, p_rate_date, p_rate_source,
        p_converted, p_paid_by, NULL, NULL, NULL, NULL, NULL, p_at
        """

    /// The columns an item's functions take, in `Store.arguments(_:)`'s order.
    static let itemParameters = """
        p_report bigint, p_date text, p_category text, p_merchant text, p_description text, p_amount bigint, p_currency text,
        p_rate text, p_rate_date text, p_rate_source text, p_converted bigint, p_paid_by text, p_distance bigint, p_vehicle text, p_from_place text, p_to_place text,
        p_nights bigint, p_at text
        """

    /// An item and its receipts: the owner's alone, changed only while the report it is in (and the
    /// one it moves to) is a draft of theirs. A mileage item's amount is checked against the
    /// server's rates by a trigger (`mileageAmountTrigger`), whoever writes it; its value in the
    /// report's currency is the server's own conversion (`require_conversion`).
    static var itemFunctions: [ServerFunction] {
        [
            ServerFunction(
                name: "expense_add", parameters: itemParameters, returns: "bigint",
                declare: "who text := caller(); made bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'add expenses');
                    IF p_report IS NOT NULL THEN PERFORM own_draft(p_report, who); END IF;
                    PERFORM require_conversion(p_report, p_date, p_amount, p_currency, p_rate, p_rate_date, p_rate_source, p_converted);
                    INSERT INTO public.expenses (report_id, date, category, merchant, description, amount_minor, currency, rate,
                                                 rate_date, rate_source, converted_minor, paid_by, created_at, updated_at, owner,
                                                 distance_tenths, vehicle, from_place, to_place, nights)
                    VALUES (p_report, p_date, p_category, coalesce(p_merchant, ''), coalesce(p_description, ''), p_amount, p_currency,
                            p_rate, p_rate_date, p_rate_source, p_converted, p_paid_by, p_at, p_at, who,
                            p_distance, p_vehicle, p_from_place, p_to_place, p_nights)
                    RETURNING id INTO made;
                    RETURN made;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "expense_edit", parameters: "p_expense bigint, " + itemParameters, returns: "void",
                declare: "who text := caller(); item public.expenses;",
                body: """
                    item := own_item(p_expense, who);
                    IF p_report IS NOT NULL THEN PERFORM own_draft(p_report, who); END IF;
                    PERFORM require_conversion(p_report, p_date, p_amount, p_currency, p_rate, p_rate_date, p_rate_source, p_converted);
                    UPDATE public.expenses SET report_id = p_report, date = p_date, category = p_category,
                        merchant = coalesce(p_merchant, ''), description = coalesce(p_description, ''), amount_minor = p_amount,
                        currency = p_currency, rate = p_rate, rate_date = p_rate_date, rate_source = p_rate_source,
                        converted_minor = p_converted, paid_by = p_paid_by, updated_at = p_at, distance_tenths = p_distance,
                        vehicle = p_vehicle, from_place = p_from_place, to_place = p_to_place, nights = p_nights
                    WHERE id = p_expense;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "expense_add", parameters: itemParametersBeforeJourneys, returns: "bigint",
                body: "RETURN expense_add(\(itemArgumentsBeforeJourneys));", callers: [travellerRole]),
            ServerFunction(
                name: "expense_edit", parameters: "p_expense bigint, " + itemParametersBeforeJourneys, returns: "void",
                body: "PERFORM expense_edit(p_expense, \(itemArgumentsBeforeJourneys));", callers: [travellerRole]),
            ServerFunction(
                name: "expense_delete", parameters: "p_expense bigint", returns: "void",
                declare: "who text := caller();",
                body: """
                    PERFORM own_item(p_expense, who);
                    DELETE FROM public.expenses WHERE id = p_expense;
                    """, callers: [travellerRole]),
            // The caller's item, locked, in no report or in a draft of theirs.
            ServerFunction(
                name: "own_item", parameters: "p_expense bigint, p_who text", returns: "public.expenses",
                declare: "item public.expenses;",
                body: """
                    SELECT * INTO item FROM public.expenses WHERE id = p_expense FOR UPDATE;
                    IF item.id IS NULL OR item.owner <> p_who THEN
                        RAISE EXCEPTION 'unknown expense %', p_expense USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF item.report_id IS NOT NULL THEN PERFORM own_draft(item.report_id, p_who); END IF;
                    RETURN item;
                    """),
            // Both in the item's report's audit log, as the app's own store writes them.
            ServerFunction(
                name: "receipt_attach", parameters: "p_expense bigint, p_receipt bigint, p_how text, p_at text", returns: "boolean",
                declare: "who text := caller(); item public.expenses; added bigint;",
                body: """
                    item := own_item(p_expense, who);
                    PERFORM own_receipt(p_receipt, who);
                    INSERT INTO public.expense_receipts (expense_id, receipt_id, attached_at) VALUES (p_expense, p_receipt, p_at)
                    ON CONFLICT DO NOTHING;
                    GET DIAGNOSTICS added = ROW_COUNT;
                    IF added > 0 AND item.report_id IS NOT NULL THEN
                        PERFORM log_event(item.report_id, who, 'receipt ' || p_receipt || ' attached to expense ' || p_expense,
                                          'draft', 'draft', coalesce(p_how, ''), p_at);
                    END IF;
                    RETURN added > 0;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "receipt_detach", parameters: "p_expense bigint, p_receipt bigint, p_at text", returns: "boolean",
                declare: "who text := caller(); item public.expenses; removed bigint;",
                body: """
                    item := own_item(p_expense, who);
                    DELETE FROM public.expense_receipts WHERE expense_id = p_expense AND receipt_id = p_receipt;
                    GET DIAGNOSTICS removed = ROW_COUNT;
                    IF removed > 0 AND item.report_id IS NOT NULL THEN
                        PERFORM log_event(item.report_id, who, 'receipt ' || p_receipt || ' detached from expense ' || p_expense,
                                          'draft', 'draft', '', p_at);
                    END IF;
                    RETURN removed > 0;
                    """, callers: [travellerRole]),
        ]
    }
}
