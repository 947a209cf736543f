import ExpenseCore
import ExpenseStore
import XCTest

/// Rules of the server's write functions that no other attack test calls with psql (the list
/// in docs/ARCHITECTURE.md, "What each server function checks", names each rule's test): each
/// tried by the member it keeps out.
final class PostgresFunctionRulesTests: PostgresTestCase {
    /// Only the owner deletes a report, and only a draft; finance, no traveller, cannot call it.
    func testAReportIsDeletedOnlyByItsOwnerAsADraft() throws {
        let report = try newReport("alice", "Walldorf")
        _ = try newItem("alice", in: report)
        let delete = "SELECT expenses.report_delete(\(report), 1, 'now');"
        try assertRefused("carol", delete, "unknown report \(report)")
        try assertRefused("fiona", delete, "permission denied for function report_delete")
        try take("alice", .submit, report)
        try assertRefused("alice", delete, "the report is not a draft; its items are frozen")
        try assertRefused("bob", delete, "unknown report \(report)")
        XCTAssertEqual(try status(report), "submitted")
    }

    /// Another traveller's header is no one else's to edit.
    func testAReportIsEditedOnlyByItsOwner() throws {
        let report = try newReport("alice", "Walldorf")
        try assertRefused(
            "carol", "SELECT expenses.report_edit(\(report), 'Mine', '', '', NULL, NULL, 'EUR', 'now');", "unknown report \(report)")
        XCTAssertEqual(try rows("alice", "SELECT title FROM reports;"), ["Walldorf"])
    }

    /// The exchange rates and the policy are finance's: a traveller or an approver is refused.
    func testOnlyFinanceKeepsTheRatesAndThePolicy() throws {
        for role in ["alice", "bob"] {
            try assertRefused(
                role, "SELECT expenses.rate_save('USD', '2026-05-04', '1.2');", "only a member of expenses_finance can load exchange rates")
            try assertRefused(
                role, "SELECT expenses.policy_set('duplicate', 'off');", "only a member of expenses_finance can change the expense policy")
        }
        try expectSuccess(sql("fiona", "SELECT expenses.policy_set('duplicate', 'off');"))
        XCTAssertEqual(try rows("alice", "SELECT severity FROM policy_rules WHERE rule = 'duplicate';"), ["off"])
    }

    /// A receipt's reading and the receipt itself are its owner's: another traveller is told none is there.
    func testAReceiptIsItsOwnersToReadAgainAndDelete() throws {
        let receipt = try newReceipt("alice", Array("a receipt of alice's".utf8))
        try assertRefused(
            "carol", "SELECT expenses.receipt_ocr(\(receipt), 'done', '', 'TOTAL 900.00', 'Hotel', NULL, NULL, NULL, NULL);",
            "unknown receipt \(receipt)")
        try assertRefused("carol", "SELECT expenses.receipt_delete(\(receipt));", "unknown receipt \(receipt)")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM receipts;"), ["1"])
    }

    /// An import batch is its owner's to finish and to undo.
    func testAnImportIsItsOwnersToFinishAndUndo() throws {
        let batch = try rows("alice", "SELECT expenses.import_begin('card.csv', 'card.rules', NULL, 'now');").joined()
        try assertRefused(
            "carol", "SELECT expenses.import_finish(\(batch), 9, 0, 0, 0, NULL, NULL);", "unknown import batch \(batch)")
        try assertRefused("carol", "SELECT expenses.import_undo(\(batch), 'now');", "unknown import batch \(batch)")
    }

    /// No member writes the audit log: its entries are the other functions' own.
    func testNoMemberCallsLogEvent() throws {
        let report = try newReport("alice", "Walldorf")
        for role in ["alice", "bob", "fiona"] {
            try assertRefused(
                role, "SELECT expenses.log_event(\(report), 'bob', 'approve', 'submitted', 'approved', '', 'now');",
                "permission denied for function log_event")
        }
    }

    /// A receipt taken from the inbox is recorded only against one's own receipt.
    func testTheInboxRecordsOnlyOnesOwnReceipt() throws {
        let receipt = try newReceipt("alice", Array("a receipt from alice's inbox".utf8))
        try assertRefused(
            "carol", "SELECT expenses.inbox_taken('/home/carol/in/r.jpg', 10, 1, \(receipt), 'now');", "unknown receipt \(receipt)")
    }

    /// A receipt on an item of a submitted report is read again by no one: its reading is frozen with it.
    func testAReceiptOnASubmittedItemIsNotReadAgain() throws {
        let report = try newReport("alice", "Walldorf")
        let item = try newItem("alice", in: report)
        let receipt = try newReceipt("alice", Array("the taxi's receipt".utf8))
        try expectSuccess(sql("alice", "SELECT expenses.receipt_attach(\(item), \(receipt), 'by hand', 'now');"))
        try take("alice", .submit, report)
        try assertRefused(
            "alice", "SELECT expenses.receipt_ocr(\(receipt), 'done', '', 'TOTAL 900.00', 'Hotel', NULL, NULL, NULL, NULL);",
            "the report is not a draft; its items are frozen")
    }

    /// An open session and a launch are their owner's: another member's calls with their ids change nothing.
    func testSessionsAndLaunchesAreTheirOwnersOnly() throws {
        let session = try rows("alice", "SELECT expenses.session_open(4242, 'laptop', 77, '/dev/pts/1', 'now');").joined()
        let launch = try rows(
            "alice", "SELECT expenses.launch_enqueue('com.example.addExpense', '[]', NULL, 'now', NULL);"
        ).joined()
        let before = try expectSuccess(
            cluster.psql("SELECT active_seq FROM open_sessions WHERE id = \(session);", database: database))
        try expectSuccess(
            sql(
                "carol",
                """
                SELECT expenses.session_touch(\(session));
                SELECT expenses.session_close(\(session));
                """))
        XCTAssertEqual(
            try rows("carol", "SELECT expenses.launch_finish(\(launch), 'token', 0, 'now');"), ["f"])
        XCTAssertEqual(
            try rows("carol", "SELECT expenses.launch_requeue(\(launch), 'queued', NULL);"), ["f"])
        XCTAssertEqual(
            try expectSuccess(cluster.psql("SELECT active_seq FROM open_sessions WHERE id = \(session);", database: database)),
            before)
        XCTAssertEqual(
            try expectSuccess(cluster.psql("SELECT state FROM shortcut_launches WHERE id = \(launch);", database: database)),
            ["queued"])
    }

    /// An item's day is a real day, whichever function writes it (the table's check).
    func testAnItemsDayIsARealDay() throws {
        let report = try newReport("alice", "Walldorf")
        try assertRefused(
            "alice", itemInsert(report, 1_500).replacingOccurrences(of: "'2026-05-04'", with: "'2026-02-30'"),
            #"new row for relation "expenses" violates check constraint "expenses_date_check""#)
    }

    /// An edited item's day is a real day too (the table's check, reached through `expense_edit`).
    func testAnEditedItemsDayIsARealDay() throws {
        let report = try newReport("alice", "Walldorf")
        let item = try newItem("alice", in: report)
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_edit(\(item), \(report), '2026-02-30', 'per_diem', '', '', 1500, 'EUR', '1', NULL, 'same', 1500,
                                         'personal', 'now');
            """,
            #"new row for relation "expenses" violates check constraint "expenses_date_check""#)
        XCTAssertEqual(try rows("alice", "SELECT date FROM expenses WHERE id = \(item);"), ["2026-05-04"])
    }

    /// An import of euro card lines into `reports` (one line each), staged as `import_begin` lets a
    /// member and inserted by `import_rows`; the batch's id is printed last.
    private func importSQL(into reports: [Int64]) -> String {
        let values = reports.enumerated().map { line, report in
            "(\(line + 1), \(report), '2026-05-04', 'taxi', 'Cab', '', 1200, 'EUR', '1', NULL, 'same', 1200, 'personal', \(line + 1), NULL)"
        }
        return """
            BEGIN;
            SELECT expenses.import_begin('card.csv', 'rules', NULL, 'now') AS batch \\gset
            INSERT INTO pg_temp.\(PostgresSchema.importStaging) (\(PostgresSchema.stagedColumns)) VALUES
            \(values.joined(separator: ",\n"));
            SELECT expenses.import_rows(:batch, 'now');
            COMMIT;
            SELECT :batch;
            """
    }

    /// Every report an import's rows go to is the importer's own draft: not a colleague's, not her
    /// own submitted one, also when the other lines go to her draft.
    func testAnImportSendsRowsOnlyToTheOwnersDrafts() throws {
        let mine = try newReport("alice", "Walldorf")
        let carols = try newReport("carol", "Rome")
        let submitted = try newReport("alice", "Paris")
        _ = try newItem("alice", in: submitted)
        try take("alice", .submit, submitted)
        try assertRefused("alice", importSQL(into: [mine, carols]), "unknown report \(carols)")
        try assertRefused("alice", importSQL(into: [mine, submitted]), "the report is not a draft; its items are frozen")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM expenses WHERE merchant = 'Cab';"), ["0"])
        XCTAssertEqual(try cluster.psql("SELECT count(*) FROM expenses WHERE report_id = \(carols);", database: database).stdout, "0\n")
    }

    /// An import is undone once, and not while an item of it is in a report that is no draft.
    func testAnImportIsUndoneOnceAndNotUnderASubmittedReport() throws {
        let report = try newReport("alice", "Walldorf")
        let batch = try XCTUnwrap(try rows("alice", importSQL(into: [report, report])).last)
        try take("alice", .submit, report)
        try assertRefused(
            "alice", "SELECT expenses.import_undo(\(batch), 'now');",
            "cannot undo import batch \(batch): some of its expenses are in report \(report), which is submitted")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM expenses WHERE import_batch_id = \(batch);"), ["2"])
        try take("alice", .recall, report)
        XCTAssertEqual(try rows("alice", "SELECT expenses.import_undo(\(batch), 'now');"), ["2"])
        // Undone at the server's time (issue 43), not at the one alice passed.
        try assertRefused(
            "alice", "SELECT expenses.import_undo(\(batch), 'later');", "import batch \(batch) was already undone at \(Self.serverTime)")
    }

    /// An open session and what became of the app's default quick actions are written as the
    /// caller's, whatever another member did with the same pid or type: nobody writes a row of
    /// someone else's through them.
    func testSessionsAndQuickActionDefaultsAreTheCallersOwn() throws {
        let alices = try rows("alice", "SELECT expenses.session_open(4242, 'laptop', 77, '/dev/pts/1', 'now');").joined()
        let carols = try rows("carol", "SELECT expenses.session_open(4242, 'laptop', 77, '/dev/pts/1', 'now');").joined()
        XCTAssertNotEqual(alices, carols)
        try expectSuccess(sql("alice", "SELECT expenses.app_shortcut_record('com.sap.example.showReports', 'enabled', 0, NULL, 'now');"))
        try expectSuccess(
            sql("carol", "SELECT expenses.app_shortcut_record('com.sap.example.showReports', 'removed', NULL, NULL, 'later');"))
        XCTAssertEqual(
            try cluster.psql("SELECT id, owner FROM open_sessions ORDER BY id;", database: database).stdout,
            "\(alices)|alice\n\(carols)|carol\n")
        XCTAssertEqual(
            try cluster.psql("SELECT owner, state, published_at FROM app_shortcuts ORDER BY owner;", database: database).stdout,
            "alice|enabled|\(Self.serverTime)\ncarol|removed|\(Self.serverTime)\n", "the server's time, not the ones passed")
    }
}
