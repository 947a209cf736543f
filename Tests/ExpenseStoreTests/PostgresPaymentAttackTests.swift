import ExpenseCore
import ExpenseStore
import XCTest

/// Who is paid where and payment runs (issue 41), tried with plain psql by each member: a
/// traveller sets and reads only her own account, no IBAN a bank would refuse is stored, a run
/// keeps the account it was written with and a changed IBAN is logged, nobody pays their own
/// report, no report is paid twice, and only an open run is confirmed or cancelled.
final class PostgresPaymentAttackTests: PostgresTestCase {
    static let alices = "DE89370400440532013000"
    static let carols = "GB82WEST12345698765432"
    static let other = "AT611904300234573201"

    func payeeSQL(_ user: String, _ iban: String, holder: String? = nil) -> String {
        "SELECT expenses.payee_set('\(user)', '\(holder ?? user.capitalized)', '\(iban)', NULL, '2026-05-01T10:00:00Z');"
    }

    let runSQL = "SELECT expenses.payment_run_new('pain.001.001.09', '2026-05-11', '2026-05-10T09:00:00Z');"

    func addSQL(_ run: Int64, _ report: Int64, _ amount: Int64 = 2_100, holder: String, iban: String, seen: String? = nil) -> String {
        """
        SELECT expenses.payment_run_add(\(run), \(report), \(amount), '\(holder)', '\(iban)', NULL, 'EXPENSES-REPORT-\(report)',
                                        \(seen ?? stepSQLVersion(report)));
        """
    }

    func sealSQL(_ run: Int64) -> String { "SELECT expenses.payment_run_seal(\(run), repeat('a', 64));" }

    /// A report of `owner`'s worth 21.00 EUR, submitted and approved by bob.
    /// Another trip of `owner`'s has items of other amounts (`minor`): the same again would be
    /// the server's 'paid-before' once the first is paid.
    func approvedReport(_ owner: String, approver: String = "bob", minor: Int64 = 2_100) throws -> Int64 {
        let trip = try newReport(owner, "Walldorf")
        _ = try newItem(owner, in: trip, minor)
        try take(owner, .submit, trip)
        try take(approver, .approve, trip)
        return trip
    }

    /// A sealed run of fiona's paying `report` to alice's account.
    func sealedRun(_ report: Int64, holder: String = "Alice", iban: String = alices) throws -> Int64 {
        let run = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        _ = try rows("fiona", addSQL(run, report, holder: holder, iban: iban))
        _ = try rows("fiona", sealSQL(run))
        return run
    }

    func superuser(_ text: String) throws -> [String] { try expectSuccess(cluster.psql(text, database: database)) }

    /// A traveller redirecting a colleague's payment: setting carol's IBAN to her own, through
    /// the function or by writing the table, is refused; finance may set anyone's.
    func testATravellerSetsOnlyHerOwnAccount() throws {
        _ = try rows("carol", payeeSQL("carol", Self.carols))
        try assertRefused(
            "alice", payeeSQL("carol", Self.alices), "only a member of expenses_finance can set another person's bank account")
        try assertRefused(
            "alice", "UPDATE payees SET iban = '\(Self.alices)' WHERE user_name = 'carol';", denied("payees"))
        try assertRefused(
            "alice",
            "INSERT INTO payees VALUES ('alice', 'Alice', '\(Self.alices)', NULL, 'now', 'alice');", denied("payees"))
        try assertRefused(
            "alice", "INSERT INTO payee_changes (user_name, at, actor, new_iban) VALUES ('carol', 'x', 'x', 'x');",
            denied("payee_changes"))
        XCTAssertEqual(try superuser("SELECT iban FROM payees;"), [Self.carols])
        XCTAssertEqual(try rows("fiona", payeeSQL("carol", Self.other)), ["1"])
        XCTAssertEqual(try superuser("SELECT iban FROM payees;"), [Self.other])
        try assertRefused("fiona", payeeSQL("nobody", Self.other), "unknown person nobody")
        try assertRefused(
            "alice", "SELECT expenses.company_set('Acme', '\(Self.alices)', NULL);",
            "only a member of expenses_finance can set the company's bank account")
    }

    /// No IBAN a bank would refuse is stored, whoever writes it: the function and the table's own check.
    func testNoInvalidIBANIsStored() throws {
        try assertRefused(
            "alice", payeeSQL("alice", "DE89370400440532013001"),
            "the IBAN DE89370400440532013001 fails the registry's country and length or its check digits")
        try assertRefused(
            "alice", payeeSQL("alice", "DE8937040044053201300"),
            "the IBAN DE8937040044053201300 fails the registry's country and length or its check digits")
        try assertRefused(
            "fiona", "SELECT expenses.company_set('Acme', 'XX89370400440532013000', NULL);",
            "the IBAN XX89370400440532013000 fails the registry's country and length or its check digits")
        let output = try cluster.psql(
            "INSERT INTO payees VALUES ('alice', 'Alice', 'DE89370400440532013001', NULL, 'now', 'alice');", database: database)
        XCTAssertNotEqual(output.status, 0)
        XCTAssertTrue(output.stderr.contains("violates check constraint \"payees_iban_valid\""), output.stderr)
        XCTAssertEqual(try superuser("SELECT count(*) FROM payees;"), ["0"])
    }

    /// The server's check (`expenses_iban_valid`) says what `IBAN` says of the registry's
    /// examples and of each kind of mistake: the table refuses exactly what the app refuses.
    func testTheServerChecksAnIBANAsTheAppDoes() throws {
        let examples = [
            "DE89370400440532013000", "GB29NWBK60161331926819", "FR1420041010050500013M02606", "AT611904300234573201",
            "CH9300762011623852957", "NL91ABNA0417164300", "BE68539007547034", "NO9386011117947",
            "MT84MALT011000012345MTLCAST001S", "IT60X0542811101000000123456", "ES9121000418450200051332",
            "PL61109010140000071219812874", "SE4550000000058398257466", "FI2112345600000785", "DK5000400440116243",
            "IE29AIBK93115212345678", "LU280019400644750000", "GR1601101250000000012300695", "SA0380000000608010167519",
            "TR330006100519786457841326",
            "DE89370400440532013001", "DE98370400440532013000", "DE8937040044053201300", "QQ89370400440532013000",
            "DEXX370400440532013000", "de89370400440532013000", "DE89 3704 0044 0532 0130 00", "",
        ]
        let list = examples.map { "('\($0)')" }.joined(separator: ", ")
        let server = try superuser(
            "SELECT public.expenses_iban_valid(v) FROM (VALUES \(list)) AS given(v);")
        let app = examples.map { example in
            (try? IBAN(example)).map { $0.electronic == example } == true ? "t" : "f"
        }
        XCTAssertEqual(server, app)
        XCTAssertEqual(app.filter { $0 == "t" }.count, 20)
    }

    /// A member reads her own account and its changes only; finance reads everyone's.
    func testAMemberReadsAnotherPersonsIBANNever() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        _ = try rows("carol", payeeSQL("carol", Self.carols))
        XCTAssertEqual(try rows("alice", "SELECT iban FROM payees;"), [Self.alices])
        XCTAssertEqual(try rows("alice", "SELECT new_iban FROM payee_changes;"), [Self.alices])
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM payees;"), ["0"])
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM payee_changes;"), ["0"])
        XCTAssertEqual(try rows("fiona", "SELECT iban FROM payees ORDER BY user_name;"), [Self.alices, Self.carols])
    }

    /// Changing her IBAN after a run was written: the run keeps the account it was written with,
    /// and the change is logged with who and the server's own clock.
    func testARunKeepsTheIBANItWasWrittenWithAndAChangeIsLogged() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        let trip = try approvedReport("alice")
        let run = try sealedRun(trip)
        XCTAssertEqual(try rows("alice", payeeSQL("alice", Self.other)), ["1"])
        XCTAssertEqual(try superuser("SELECT iban FROM payment_run_reports WHERE run_id = \(run);"), [Self.alices])
        XCTAssertEqual(
            try superuser("SELECT actor || ' ' || coalesce(old_iban, '-') || ' ' || new_iban FROM payee_changes ORDER BY id;"),
            ["alice - \(Self.alices)", "alice \(Self.alices) \(Self.other)"])
        XCTAssertEqual(try superuser("SELECT DISTINCT at FROM payee_changes"), [Self.serverTime], "the server's clock, pinned")
        // A file written with an account that is not the payee's as it is now is no run.
        let second = try approvedReport("alice", minor: 2_200)
        let next = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        try assertRefused(
            "fiona", addSQL(next, second, 2_200, holder: "Alice", iban: Self.alices),
            "the bank account of alice is not the one the run was written with")
        // Nor does a traveller put anything into a run.
        try assertRefused(
            "alice", addSQL(next, second, holder: "Alice", iban: Self.other),
            "only a member of expenses_finance can put reports into payment runs")
        try assertRefused(
            "alice", "INSERT INTO payment_run_reports VALUES (\(run), \(second), 100, 'EUR', 'A', '\(Self.other)', NULL, 1, 'x', 0);",
            denied("payment_run_reports"))
    }

    /// Nobody pays their own report: an approver is no finance member, and a finance member who
    /// travels too is refused her own report.
    func testNobodyPutsTheirOwnReportIntoARun() throws {
        try makeLogin("frank", groups: [PostgresSchema.financeRole, PostgresSchema.travellerRole])
        try makeLogin("dora", groups: [PostgresSchema.approverRole])
        _ = try rows("frank", payeeSQL("frank", Self.other))
        _ = try rows("bob", payeeSQL("bob", Self.carols))
        let franks = try approvedReport("frank")
        let bobs = try approvedReport("bob", approver: "dora")
        let run = try XCTUnwrap(Int64(try rows("frank", runSQL).joined()))
        try assertRefused(
            "frank", addSQL(run, franks, holder: "Frank", iban: Self.other),
            "frank owns report \(franks) and cannot pay it: someone else must (separation of duties)")
        try assertRefused(
            "bob", runSQL, "only a member of expenses_finance can make payment runs")
        try assertRefused(
            "bob", addSQL(run, bobs, holder: "Bob", iban: Self.carols),
            "only a member of expenses_finance can put reports into payment runs")
        XCTAssertEqual(try superuser("SELECT count(*) FROM payment_run_reports;"), ["0"])
    }

    /// Finance paying a report twice: a report in an open or confirmed run goes into no other;
    /// a cancelled run frees it.
    func testAReportIsPaidOnce() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        let trip = try approvedReport("alice")
        let first = try sealedRun(trip)
        let second = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        try assertRefused(
            "fiona", addSQL(second, trip, holder: "Alice", iban: Self.alices),
            "report \(trip) is in payment run \(first) already: a report is paid once")
        _ = try rows("fiona", "SELECT expenses.payment_run_cancel(\(first), '2026-05-10T10:00:00Z');")
        _ = try rows("fiona", addSQL(second, trip, holder: "Alice", iban: Self.alices))
        _ = try rows("fiona", sealSQL(second))
        XCTAssertEqual(try rows("fiona", "SELECT expenses.payment_run_confirm(\(second), '2026-05-12T10:00:00Z');"), ["1"])
        XCTAssertEqual(try status(trip), "reimbursed")
        let third = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        try assertRefused(
            "fiona", addSQL(third, trip, holder: "Alice", iban: Self.alices),
            "report \(trip) is reimbursed; only an approved report is paid")
        // The step is the workflow's own, logged with the run.
        XCTAssertEqual(
            try superuser(
                "SELECT actor || ' ' || action || ' ' || reason FROM report_events WHERE report_id = \(trip) ORDER BY id DESC LIMIT 1;"),
            ["fiona reimburse payment run \(second)"])
    }

    /// Finance paying a colleague more (or less) than is due: the amount a run pays is the
    /// server's own sum (items paid personally, the frozen per diems, less the advances), never
    /// the one the client names; a report with nothing due goes into no run.
    func testARunPaysWhatTheServerComputesIsDue() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        let trip = try approvedReport("alice")
        let run = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        try assertRefused(
            "fiona", addSQL(run, trip, 990_000, holder: "Alice", iban: Self.alices),
            "report \(trip) is due 21.00 EUR to its traveller, not 9900.00 EUR")
        try assertRefused(
            "fiona", addSQL(run, trip, 2_099, holder: "Alice", iban: Self.alices),
            "report \(trip) is due 21.00 EUR to its traveller, not 20.99 EUR")
        _ = try rows("fiona", addSQL(run, trip, holder: "Alice", iban: Self.alices))
        XCTAssertEqual(try superuser("SELECT amount_minor FROM payment_run_reports WHERE report_id = \(trip);"), ["2100"])
        // An advance larger than what was spent: owed by the traveller, so nothing is paid.
        _ = try rows("carol", payeeSQL("carol", Self.carols))
        let owed = try newReport("carol", "Basel")
        _ = try newItem("carol", in: owed, 1_000)
        _ = try rows(
            "carol",
            """
            SELECT expenses.advance_add(\(owed), '2026-05-01', 5000, 'EUR', '1', NULL, 'same', 5000, '2026-05-01T09:00:00Z');
            """)
        try take("carol", .submit, owed)
        try take("bob", .approve, owed)
        try assertRefused(
            "fiona", addSQL(run, owed, -4_000, holder: "Carol", iban: Self.carols),
            "report \(owed) is due nothing to its traveller: 40.00 EUR is owed back")
    }

    /// A night paid at the lodging flat is due with the per diems it was frozen with: the
    /// server's sum counts it, as `report show` does.
    func testARunPaysTheLodgingFlatOfANightWithoutABill() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        // Two days in Germany.
        let trip = try XCTUnwrap(
            Int64(
                try rows(
                    "alice", "SELECT expenses.report_new('Hamburg', '', '', '2026-05-04', '2026-05-05', 'EUR', '2026-05-01T10:00:00Z');"
                ).joined()))
        _ = try rows("alice", "SELECT expenses.report_trip(\(trip), '08:00', '18:00', 'DE', NULL, 1, '2026-05-06T09:00:00Z');")
        _ = try rows("alice", "SELECT expenses.report_night(\(trip), '2026-05-04', 1, '2026-05-06T09:00:00Z');")
        _ = try newItem("alice", in: trip, 2_100)
        try take("alice", .submit, trip)
        try take("bob", .approve, trip)
        let run = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        // 21.00 spent, 14.00 + 14.00 for the first and last day, 20.00 for the night (R 9.7 LStR).
        try assertRefused(
            "fiona", addSQL(run, trip, 4_900, holder: "Alice", iban: Self.alices),
            "report \(trip) is due 69.00 EUR to its traveller, not 49.00 EUR")
        _ = try rows("fiona", addSQL(run, trip, 6_900, holder: "Alice", iban: Self.alices))
    }

    /// Confirming a run that does not exist, was cancelled or was confirmed already is refused;
    /// a report read at another version than it has is refused when it goes in.
    func testOnlyAnOpenRunIsConfirmed() throws {
        _ = try rows("alice", payeeSQL("alice", Self.alices))
        try assertRefused("fiona", "SELECT expenses.payment_run_confirm(99, '2026-05-12T10:00:00Z');", "unknown payment run 99")
        let trip = try approvedReport("alice")
        let run = try sealedRun(trip)
        _ = try rows("fiona", "SELECT expenses.payment_run_cancel(\(run), '2026-05-10T10:00:00Z');")
        try assertRefused(
            "fiona", "SELECT expenses.payment_run_confirm(\(run), '2026-05-12T10:00:00Z');",
            "payment run \(run) is cancelled; only an open run can be confirmed")
        let again = try sealedRun(trip)
        try assertRefused(
            "alice", "SELECT expenses.payment_run_confirm(\(again), '2026-05-12T10:00:00Z');",
            "only a member of expenses_finance can confirm payment runs")
        _ = try rows("fiona", "SELECT expenses.payment_run_confirm(\(again), '2026-05-12T10:00:00Z');")
        try assertRefused(
            "fiona", "SELECT expenses.payment_run_confirm(\(again), '2026-05-12T10:00:00Z');",
            "payment run \(again) is confirmed; only an open run can be confirmed")
        try assertRefused(
            "fiona", "SELECT expenses.payment_run_cancel(\(again), '2026-05-12T10:00:00Z');",
            "payment run \(again) is confirmed; only an open run can be cancelled")
        let stale = try approvedReport("alice", minor: 2_200)
        let next = try XCTUnwrap(Int64(try rows("fiona", runSQL).joined()))
        try assertRefused(
            "fiona", addSQL(next, stale, holder: "Alice", iban: Self.alices, seen: "1"),
            "report \(stale) changed since you read it: its total is now 22.00 EUR; read it again")
    }
}
