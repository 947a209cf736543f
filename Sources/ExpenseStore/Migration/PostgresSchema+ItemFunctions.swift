import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The arguments the item functions took before items had journeys and nights
    /// (`ServerWrites.expenseAddBeforeJourneys`), passed on to today's with neither: kept, so
    /// that a client of the earlier version still adds and edits items; a mileage item without
    /// its journey is refused by the trigger whatever calls.
    /// The arguments the item functions took before VAT (`ServerWrites.expenseAddBeforeVAT`),
    /// passed on to today's with `vat`: none for an added item, the item's own for an edited one.
    static func itemArgumentsBeforeVAT(vat: String) -> String {
        """
        p_report, p_date, p_category, p_merchant, p_description, p_amount, p_currency, p_rate, p_rate_date, p_rate_source,
        p_converted, p_paid_by, p_distance, p_vehicle, p_from_place, p_to_place, p_nights, \(vat), p_at
        """
    }

    /// An added item has no VAT; an edited one keeps what it had (`expense_vat_text`), so that
    /// such a client's edit of the amount is refused where the parts no longer add up to it.
    static func itemArgumentsBeforeJourneys(vat: String) -> String {
        """
        p_report, p_date, p_category, p_merchant, p_description, p_amount, p_currency, p_rate, p_rate_date, p_rate_source,
        p_converted, p_paid_by, NULL, NULL, NULL, NULL, NULL, \(vat), p_at
        """
    }

    /// An item and its receipts: the owner's alone, changed only while the report it is in (and the
    /// one it moves to) is a draft of theirs. A mileage item's amount is checked against the
    /// server's rates by a trigger (`expenses_mileage_amount`, made by the migration
    /// `mileageNightsAdvances`), whoever writes it; its value in the
    /// report's currency is the server's own conversion (`require_conversion`).
    static var itemFunctions: [ServerFunction] {
        itemVATFunctions + [
            ServerFunction(
                ServerWrites.expenseAdd,
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
                    PERFORM item_vat_store(made, p_report, p_date, p_category, p_amount, p_currency, p_vat);
                    RETURN made;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseEdit,
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
                    PERFORM item_vat_store(p_expense, p_report, p_date, p_category, p_amount, p_currency, p_vat);
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseAddBeforeVAT,
                body: "RETURN expense_add(\(itemArgumentsBeforeVAT(vat: "NULL")));", callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseEditBeforeVAT,
                body: "PERFORM expense_edit(p_expense, \(itemArgumentsBeforeVAT(vat: "expense_vat_text(p_expense)")));",
                callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseAddBeforeJourneys,
                body: "RETURN expense_add(\(itemArgumentsBeforeJourneys(vat: "NULL")));", callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseEditBeforeJourneys,
                body: "PERFORM expense_edit(p_expense, \(itemArgumentsBeforeJourneys(vat: "expense_vat_text(p_expense)")));",
                callers: [travellerRole]),
            ServerFunction(
                ServerWrites.expenseDelete,
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
                ServerWrites.receiptAttach,
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
                ServerWrites.receiptDetach,
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
