/// Every function of the team server's write layer that Swift calls or a member may call, each
/// declared once (`ServerWrite`): the schema makes its signature from the declaration
/// (`PostgresSchema.ServerFunction`), the store calls it through the same declaration, and
/// `all` lists them for the test that runs each on both engines and compares the rows.
///
/// The layer's helpers that only other functions call (`caller`, `own_draft`, `report_visible`,
/// `per_diem_days`...) keep their signatures as text beside their bodies: no Swift calls them,
/// and some take a row type (`public.reports`) that no Swift type stands for.
enum ServerWrites {
    // MARK: Reports and their workflow

    static let reportNew = ServerWrite(
        "report_new", ("p_title", String.self), ("p_purpose", String.self), ("p_destination", String.self),
        ("p_start", String?.self), ("p_end", String?.self), ("p_currency", String.self), ("p_at", String.self),
        returns: Int64.self)
    static let reportEdit = ServerWrite(
        "report_edit", ("p_report", Int64.self), ("p_title", String.self), ("p_purpose", String.self),
        ("p_destination", String.self), ("p_start", String?.self), ("p_end", String?.self), ("p_currency", String.self),
        ("p_at", String.self), returns: NoResult.self)
    /// Its items go with it (1), or stay as the owner's unassigned items (0); returns how many it held.
    static let reportDelete = ServerWrite(
        "report_delete", ("p_report", Int64.self), ("p_delete_items", Int64.self), ("p_at", String.self),
        returns: Int64.self)
    /// `p_seen` is the version of the report its taker read (`ReportVersion`): the step is refused
    /// when the report changed since, and a step on someone else's report must name one.
    static let reportStep = ServerWrite(
        "report_step", ("p_report", Int64.self), ("p_action", String.self), ("p_reason", String.self),
        ("p_seen", Int64?.self), ("p_at", String.self), returns: NoResult.self)
    /// An approver accepts a finding of the server's (`report_findings`) with the reason.
    static let findingAccept = ServerWrite(
        "finding_accept", ("p_report", Int64.self), ("p_finding", String.self), ("p_reason", String.self),
        ("p_at", String.self), returns: NoResult.self)
    /// An approver cuts an item of a submitted report to `p_approved` (minor units of the
    /// report's currency, at most what it is approved at so far) with the reason, on the version
    /// `p_seen`; returns the version after its audit entry, which the approval names next.
    static let expenseCut = ServerWrite(
        "expense_cut", ("p_report", Int64.self), ("p_expense", Int64.self), ("p_approved", Int64.self), ("p_reason", String.self),
        ("p_seen", Int64.self), returns: Int64.self)
    static let reportAcknowledge = ServerWrite(
        "report_acknowledge", ("p_report", Int64.self), ("p_violation", String.self), ("p_reason", String.self),
        ("p_at", String.self), returns: NoResult.self)
    /// Not a member's: the administrator calls it as a member of the definer to copy a laptop's
    /// history in (`TeamImport`); the other functions call it for every entry they log.
    static let logEvent = ServerWrite(
        "log_event", ("p_report", Int64.self), ("p_actor", String.self), ("p_action", String.self),
        ("p_from", String.self), ("p_to", String.self), ("p_reason", String.self), ("p_at", String.self),
        returns: Int64.self)
    /// Not a member's: the administrator's copy of a laptop's file (`TeamImport`) records each
    /// report (`p_table` 'reports') and item of no report ('expenses') it brought, by the file's
    /// identity and id, so that a second copy skips it; a report's is logged as copied from `p_file`.
    static let copyMarkerAdd = ServerWrite(
        "copy_marker_add", ("p_source", String.self), ("p_table", String.self), ("p_source_id", Int64.self),
        ("p_target_id", Int64.self), ("p_file", String.self), ("p_at", String.self), returns: NoResult.self)

    // MARK: Who decides on a report (issue 43)

    /// The approval policy (`ApprovalPolicy`): finance's, or the administrator's.
    static let approvalPolicySet = ServerWrite(
        "approval_policy_set", ("p_order", String.self), ("p_second_above", Int64?.self), ("p_second_currency", String?.self),
        ("p_second_approver", String.self), ("p_at", String.self), returns: NoResult.self)
    /// The caller (an approver) names `p_delegate` for `p_from` to `p_until`; returns its id.
    static let delegationAdd = ServerWrite(
        "delegation_add", ("p_delegate", String.self), ("p_from", String.self), ("p_until", String.self), ("p_at", String.self),
        returns: Int64.self)
    static let delegationRemove = ServerWrite("delegation_remove", ("p_delegation", Int64.self), returns: NoResult.self)

    // MARK: A report's trip

    /// `p_overnight` 1 for a trip with nights away, 0 for one over midnight without.
    static let reportTrip = ServerWrite(
        "report_trip", ("p_report", Int64.self), ("p_start_time", String?.self), ("p_end_time", String?.self),
        ("p_country", String?.self), ("p_place", String?.self), ("p_overnight", Int64.self), ("p_at", String.self),
        returns: NoResult.self)
    /// `report_trip` as clients before places call it: the report keeps its place and nights.
    static let reportTripBeforePlaces = ServerWrite(
        "report_trip", ("p_report", Int64.self), ("p_start_time", String?.self), ("p_end_time", String?.self),
        ("p_country", String?.self), ("p_at", String.self), returns: NoResult.self)
    static let reportStop = ServerWrite(
        "report_stop", ("p_report", Int64.self), ("p_date", String.self), ("p_country", String?.self),
        ("p_place", String?.self), ("p_at", String.self), returns: NoResult.self)
    /// `report_stop` as clients before places call it: a stop in a country, no place named.
    static let reportStopBeforePlaces = ServerWrite(
        "report_stop", ("p_report", Int64.self), ("p_date", String.self), ("p_country", String?.self),
        ("p_at", String.self), returns: NoResult.self)
    /// Each meal 1 when it was provided, 0 when not; what was paid for each in minor units of the day's rate currency.
    static let reportMeals = ServerWrite(
        "report_meals", ("p_report", Int64.self), ("p_date", String.self), ("p_breakfast", Int64.self),
        ("p_lunch", Int64.self), ("p_dinner", Int64.self), ("p_breakfast_paid", Int64.self), ("p_lunch_paid", Int64.self),
        ("p_dinner_paid", Int64.self), ("p_at", String.self), returns: NoResult.self)
    /// `report_meals` as clients before paid meals call it: nothing paid.
    static let reportMealsBeforePaid = ServerWrite(
        "report_meals", ("p_report", Int64.self), ("p_date", String.self), ("p_breakfast", Int64.self),
        ("p_lunch", Int64.self), ("p_dinner", Int64.self), ("p_at", String.self), returns: NoResult.self)
    /// `p_flat` 1 flags the night that begins on `p_date` as paid at the lodging flat, 0 removes it.
    static let reportNight = ServerWrite(
        "report_night", ("p_report", Int64.self), ("p_date", String.self), ("p_flat", Int64.self), ("p_at", String.self),
        returns: NoResult.self)
    /// Adds office time from `p_starts` to `p_ends` (YYYY-MM-DDTHH:MM); `p_ends` NULL removes the one starting at `p_starts`.
    static let reportOffice = ServerWrite(
        "report_office", ("p_report", Int64.self), ("p_starts", String.self), ("p_ends", String?.self), ("p_at", String.self),
        returns: NoResult.self)
    static let allowanceRateSave = ServerWrite(
        "allowance_rate_save", ("p_country", String.self), ("p_valid_from", String.self), ("p_full_day", Int64.self),
        ("p_partial_day", Int64.self), ("p_currency", String.self), ("p_taxable", Int64.self), returns: Int64.self)

    // MARK: Items

    /// `p_vat`: the item's VAT parts as `RATE:GROSS,...` (hundredths of a percent, minor units),
    /// NULL for none (`ServerExpenseWrites.vatText`).
    static let expenseAdd = ServerWrite(
        "expense_add", ("p_report", Int64?.self), ("p_date", String.self), ("p_category", String.self),
        ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self), ("p_currency", String.self),
        ("p_rate", String?.self), ("p_rate_date", String?.self), ("p_rate_source", String?.self),
        ("p_converted", Int64?.self), ("p_paid_by", String.self), ("p_distance", Int64?.self), ("p_vehicle", String?.self),
        ("p_from_place", String?.self), ("p_to_place", String?.self), ("p_nights", Int64?.self), ("p_vat", String?.self),
        ("p_at", String.self), returns: Int64.self)
    static let expenseEdit = ServerWrite(
        "expense_edit", ("p_expense", Int64.self), ("p_report", Int64?.self), ("p_date", String.self),
        ("p_category", String.self), ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self),
        ("p_currency", String.self), ("p_rate", String?.self), ("p_rate_date", String?.self),
        ("p_rate_source", String?.self), ("p_converted", Int64?.self), ("p_paid_by", String.self),
        ("p_distance", Int64?.self), ("p_vehicle", String?.self), ("p_from_place", String?.self),
        ("p_to_place", String?.self), ("p_nights", Int64?.self), ("p_vat", String?.self), ("p_at", String.self),
        returns: NoResult.self)
    /// `expense_add` as clients before VAT (issue 41) call it: kept, so that they still add items (without VAT).
    static let expenseAddBeforeVAT = ServerWrite(
        "expense_add", ("p_report", Int64?.self), ("p_date", String.self), ("p_category", String.self),
        ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self), ("p_currency", String.self),
        ("p_rate", String?.self), ("p_rate_date", String?.self), ("p_rate_source", String?.self),
        ("p_converted", Int64?.self), ("p_paid_by", String.self), ("p_distance", Int64?.self), ("p_vehicle", String?.self),
        ("p_from_place", String?.self), ("p_to_place", String?.self), ("p_nights", Int64?.self), ("p_at", String.self),
        returns: Int64.self)
    /// `expense_edit` as clients before VAT call it: the item keeps its VAT parts, so that a new
    /// amount they no longer add up to is refused (`expense_vat_text`).
    static let expenseEditBeforeVAT = ServerWrite(
        "expense_edit", ("p_expense", Int64.self), ("p_report", Int64?.self), ("p_date", String.self),
        ("p_category", String.self), ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self),
        ("p_currency", String.self), ("p_rate", String?.self), ("p_rate_date", String?.self),
        ("p_rate_source", String?.self), ("p_converted", Int64?.self), ("p_paid_by", String.self),
        ("p_distance", Int64?.self), ("p_vehicle", String?.self), ("p_from_place", String?.self),
        ("p_to_place", String?.self), ("p_nights", Int64?.self), ("p_at", String.self), returns: NoResult.self)
    /// `expense_add` as clients before journeys and nights call it: kept, so that they still add
    /// items (with neither); the app itself no longer calls it.
    static let expenseAddBeforeJourneys = ServerWrite(
        "expense_add", ("p_report", Int64?.self), ("p_date", String.self), ("p_category", String.self),
        ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self), ("p_currency", String.self),
        ("p_rate", String?.self), ("p_rate_date", String?.self), ("p_rate_source", String?.self),
        ("p_converted", Int64?.self), ("p_paid_by", String.self), ("p_at", String.self), returns: Int64.self)
    /// `expense_edit` as clients before journeys and nights call it.
    static let expenseEditBeforeJourneys = ServerWrite(
        "expense_edit", ("p_expense", Int64.self), ("p_report", Int64?.self), ("p_date", String.self),
        ("p_category", String.self), ("p_merchant", String.self), ("p_description", String.self), ("p_amount", Int64.self),
        ("p_currency", String.self), ("p_rate", String?.self), ("p_rate_date", String?.self),
        ("p_rate_source", String?.self), ("p_converted", Int64?.self), ("p_paid_by", String.self), ("p_at", String.self),
        returns: NoResult.self)
    static let expenseDelete = ServerWrite("expense_delete", ("p_expense", Int64.self), returns: NoResult.self)
    static let advanceAdd = ServerWrite(
        "advance_add", ("p_report", Int64.self), ("p_date", String.self), ("p_amount", Int64.self),
        ("p_currency", String.self), ("p_rate", String.self), ("p_rate_date", String?.self), ("p_rate_source", String.self),
        ("p_converted", Int64.self), ("p_at", String.self), returns: Int64.self)
    static let advanceRemove = ServerWrite(
        "advance_remove", ("p_advance", Int64.self), ("p_at", String.self), returns: Int64.self)

    // MARK: Receipts

    static let receiptChunk = ServerWrite(
        "receipt_chunk", ("p_sha256", String.self), ("p_chunk", Int64.self), ("p_bytes", [UInt8].self),
        returns: NoResult.self)
    /// Removes expired unfinished uploads (the caller's, or everyone's for the administrator);
    /// returns how many chunks went.
    static let receiptUploadsGC = ServerWrite("receipt_uploads_gc", returns: Int64.self)
    static let receiptContentFinish = ServerWrite(
        "receipt_content_finish", ("p_sha256", String.self), returns: Bool.self)
    static let receiptNew = ServerWrite(
        "receipt_new", ("p_sha256", String.self), ("p_media_type", String.self), ("p_size", Int64.self),
        ("p_original_name", String.self), ("p_source", String.self), ("p_captured_at", String.self),
        ("p_taken_at", String?.self), ("p_width", Int64?.self), ("p_height", Int64?.self), ("p_ocr_status", String.self),
        ("p_ocr_note", String.self), ("p_ocr_text", String.self), ("p_merchant", String?.self), ("p_date", String?.self),
        ("p_amount", String?.self), ("p_currency", String?.self), ("p_category", String?.self), returns: Int64.self)
    static let receiptOCR = ServerWrite(
        "receipt_ocr", ("p_receipt", Int64.self), ("p_ocr_status", String.self), ("p_ocr_note", String.self),
        ("p_ocr_text", String.self), ("p_merchant", String?.self), ("p_date", String?.self), ("p_amount", String?.self),
        ("p_currency", String?.self), ("p_category", String?.self), returns: NoResult.self)
    static let receiptDelete = ServerWrite("receipt_delete", ("p_receipt", Int64.self), returns: NoResult.self)
    static let receiptAttach = ServerWrite(
        "receipt_attach", ("p_expense", Int64.self), ("p_receipt", Int64.self), ("p_how", String.self),
        ("p_at", String.self), returns: Bool.self)
    static let receiptDetach = ServerWrite(
        "receipt_detach", ("p_expense", Int64.self), ("p_receipt", Int64.self), ("p_at", String.self),
        returns: Bool.self)
    static let inboxTaken = ServerWrite(
        "inbox_taken", ("p_path", String.self), ("p_size", Int64.self), ("p_modified_ns", Int64.self),
        ("p_receipt", Int64.self), ("p_at", String.self), returns: NoResult.self)

    // MARK: Imports

    static let importBegin = ServerWrite(
        "import_begin", ("p_file", String.self), ("p_rules", String.self), ("p_report", Int64?.self),
        ("p_at", String.self), returns: Int64.self)
    /// Inserts the rows the session copied into its staging table; returns how many were new.
    static let importRows = ServerWrite(
        "import_rows", ("p_batch", Int64.self), ("p_at", String.self), returns: Int64.self)
    static let importFinish = ServerWrite(
        "import_finish", ("p_batch", Int64.self), ("p_new", Int64.self), ("p_duplicate", Int64.self),
        ("p_invalid", Int64.self), ("p_skipped", Int64.self), ("p_first", Int64?.self), ("p_last", Int64?.self),
        returns: NoResult.self)
    static let importUndo = ServerWrite(
        "import_undo", ("p_batch", Int64.self), ("p_at", String.self), returns: Int64.self)

    // MARK: A person's own rows: quick actions, launches, open sessions

    static let shortcutsClear = ServerWrite("shortcuts_clear", returns: NoResult.self)
    static let shortcutAdd = ServerWrite(
        "shortcut_add", ("p_type", String.self), ("p_title", String.self), ("p_subtitle", String?.self),
        ("p_icon_type", String?.self), ("p_icon_file", String?.self), ("p_icon_symbol", String?.self),
        ("p_user_info", String?.self), ("p_rank", Int64.self), ("p_enabled", Int64.self),
        ("p_disabled_message", String?.self), ("p_origin", String.self), ("p_at", String.self), returns: NoResult.self)
    static let appShortcutRecord = ServerWrite(
        "app_shortcut_record", ("p_plist_type", String.self), ("p_state", String.self), ("p_rank", Int64?.self),
        ("p_disabled_message", String?.self), ("p_at", String.self), returns: NoResult.self)
    static let launchEnqueue = ServerWrite(
        "launch_enqueue", ("p_type", String.self), ("p_arguments", String.self), ("p_catalog", String?.self),
        ("p_at", String.self), ("p_target", Int64?.self), returns: Int64.self)
    /// The caller's oldest queued launch for `p_session` (or any), claimed; 0 when none waits.
    static let launchClaim = ServerWrite(
        "launch_claim", ("p_session", Int64?.self), ("p_token", String.self), ("p_pid", Int64.self),
        ("p_host", String.self), ("p_start_ticks", Int64.self), ("p_at", String.self), returns: Int64.self)
    static let launchFinish = ServerWrite(
        "launch_finish", ("p_launch", Int64.self), ("p_token", String.self), ("p_exit_status", Int64.self),
        ("p_at", String.self), returns: Bool.self)
    static let launchRequeue = ServerWrite(
        "launch_requeue", ("p_launch", Int64.self), ("p_expected", String.self), ("p_token", String?.self),
        returns: Bool.self)
    static let launchDiscard = ServerWrite(
        "launch_discard", ("p_launch", Int64.self), ("p_expected", String.self), ("p_at", String.self),
        returns: Bool.self)
    static let sessionOpen = ServerWrite(
        "session_open", ("p_pid", Int64.self), ("p_host", String.self), ("p_start_ticks", Int64.self),
        ("p_terminal", String.self), ("p_at", String.self), returns: Int64.self)
    static let sessionTouch = ServerWrite("session_touch", ("p_session", Int64.self), returns: NoResult.self)
    static let sessionClose = ServerWrite("session_close", ("p_session", Int64.self), returns: NoResult.self)

    // MARK: What finance keeps: rates and the policy

    static let rateSave = ServerWrite(
        "rate_save", ("p_currency", String.self), ("p_date", String.self), ("p_per_eur", String.self),
        returns: Int64.self)
    static let policySet = ServerWrite(
        "policy_set", ("p_rule", String.self), ("p_severity", String.self), returns: NoResult.self)
    static let mileageRateSet = ServerWrite(
        "mileage_rate_set", ("p_vehicle", String.self), ("p_from", String.self), ("p_rate", Int64.self),
        ("p_currency", String.self), ("p_taxable", Int64.self), returns: Int64.self)
    static let manualRateToleranceSet = ServerWrite(
        "manual_rate_tolerance_set", ("p_basis_points", Int64.self), returns: Int64.self)
    static let rateChangeWindowSet = ServerWrite("rate_change_window_set", ("p_days", Int64.self), returns: Int64.self)
    /// A country's VAT rate (hundredths of a percent) from a day on, through `p_to` (NULL: on);
    /// returns 1 when it changed the table.
    static let vatRateSet = ServerWrite(
        "vat_rate_set", ("p_country", String.self), ("p_rate", Int64.self), ("p_from", String.self), ("p_to", String?.self),
        returns: Int64.self)

    // MARK: Payees and payment runs

    /// Sets `p_user`'s account (herself, or anyone for finance); 1 when the IBAN changed (logged).
    static let payeeSet = ServerWrite(
        "payee_set", ("p_user", String.self), ("p_holder", String.self), ("p_iban", String.self), ("p_bic", String?.self),
        ("p_at", String.self), returns: Int64.self)
    static let companySet = ServerWrite(
        "company_set", ("p_name", String.self), ("p_iban", String.self), ("p_bic", String?.self), returns: NoResult.self)
    /// A new open run of the caller's; its id (its message id is made from it and `p_at`, `PaymentRun.messageID`).
    static let paymentRunNew = ServerWrite(
        "payment_run_new", ("p_format", String.self), ("p_execution_date", String.self), ("p_at", String.self),
        returns: Int64.self)
    /// A report into the caller's unsealed run, paid to the account the file was written with,
    /// which must be its owner's as it is; `p_seen` the version of the report read.
    static let paymentRunAdd = ServerWrite(
        "payment_run_add", ("p_run", Int64.self), ("p_report", Int64.self), ("p_amount", Int64.self), ("p_holder", String.self),
        ("p_iban", String.self), ("p_bic", String?.self), ("p_end_to_end", String.self), ("p_seen", Int64.self),
        returns: NoResult.self)
    /// The file's SHA-256, once its transfers are all in: the run is written.
    static let paymentRunSeal = ServerWrite(
        "payment_run_seal", ("p_run", Int64.self), ("p_sha256", String.self), returns: NoResult.self)
    /// Each report of the open run reimbursed through the workflow's step; how many.
    static let paymentRunConfirm = ServerWrite(
        "payment_run_confirm", ("p_run", Int64.self), ("p_at", String.self), returns: Int64.self)
    /// The open run cancelled and its reports freed; how many.
    static let paymentRunCancel = ServerWrite(
        "payment_run_cancel", ("p_run", Int64.self), ("p_at", String.self), returns: Int64.self)

    // MARK: What finance books: charts of accounts and journal exports

    /// Sets the account of a category or role (`AccountRole`) in a chart; 1 when it changed.
    static let chartAccountSet = ServerWrite(
        "chart_account_set", ("p_chart", String.self), ("p_key", String.self), ("p_number", String.self),
        ("p_title", String.self), returns: Int64.self)
    static let bookingChartSet = ServerWrite("booking_chart_set", ("p_chart", String.self), returns: Int64.self)
    /// Records an export of the period's entries, `p_entries` as "12:report,12:payment"; returns its id.
    static let journalExportRecord = ServerWrite(
        "journal_export_record", ("p_from", String.self), ("p_to", String.self), ("p_format", String.self),
        ("p_entries", String.self), ("p_at", String.self), returns: Int64.self)

    // MARK: People, managers and cost centres

    /// Sets `p_person`'s manager (NULL: none): finance's or the administrator's.
    static let personSet = ServerWrite("person_set", ("p_person", String.self), ("p_manager", String?.self), returns: NoResult.self)
    /// Adds cost centre `p_code` or changes its name and owner: finance's or the administrator's.
    static let costCentreSave = ServerWrite(
        "cost_centre_save", ("p_code", String.self), ("p_name", String.self), ("p_owner", String.self), returns: NoResult.self)
    /// Charges the caller's draft to `p_split`, `CODE:SHARE,...` in hundredths of a percent adding
    /// up to 10000 (`CostCentreSplit.storedText`); '' charges it to none.
    static let reportCostCentresSet = ServerWrite(
        "report_cost_centres_set", ("p_report", Int64.self), ("p_split", String.self), returns: NoResult.self)
    /// Charges the caller's item, in no report or in a draft of hers, otherwise than its report; '' as its report.
    static let expenseCostCentresSet = ServerWrite(
        "expense_cost_centres_set", ("p_expense", Int64.self), ("p_split", String.self), returns: NoResult.self)

    /// Every declared write, each once (an overload is a write of its own).
    /// Not a write: the server's day (YYYY-MM-DD, by its clock, `server_now`), which the app asks
    /// whether a delegation is in force, as the server decides it (`require_decider`), never by
    /// the client's clock. Declared as the writes are, since every member may call it.
    static let serverToday = ServerWrite("server_today", returns: String.self)

    static let all: [any DeclaredServerWrite] = [
        reportNew, reportEdit, reportDelete, reportStep, findingAccept, expenseCut, reportAcknowledge, logEvent, copyMarkerAdd,
        reportTrip, reportTripBeforePlaces, reportStop, reportStopBeforePlaces, reportMeals, reportMealsBeforePaid, reportNight,
        reportOffice, allowanceRateSave,
        expenseAdd, expenseEdit, expenseAddBeforeVAT, expenseEditBeforeVAT, expenseAddBeforeJourneys, expenseEditBeforeJourneys,
        expenseDelete, advanceAdd, advanceRemove,
        receiptChunk, receiptUploadsGC, receiptContentFinish, receiptNew, receiptOCR, receiptDelete, receiptAttach, receiptDetach,
        inboxTaken,
        importBegin, importRows, importFinish, importUndo,
        shortcutsClear, shortcutAdd, appShortcutRecord, launchEnqueue, launchClaim, launchFinish, launchRequeue,
        launchDiscard, sessionOpen, sessionTouch, sessionClose,
        rateSave, policySet, mileageRateSet, manualRateToleranceSet, rateChangeWindowSet, vatRateSet,
        payeeSet, companySet, paymentRunNew, paymentRunAdd, paymentRunSeal, paymentRunConfirm, paymentRunCancel,
        chartAccountSet, bookingChartSet, journalExportRecord, approvalPolicySet, delegationAdd, delegationRemove,
        personSet, costCentreSave, reportCostCentresSet, expenseCostCentresSet, serverToday,
    ]
}
