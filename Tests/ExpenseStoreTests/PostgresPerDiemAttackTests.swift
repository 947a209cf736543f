import ExpenseCore
import ExpenseStore
import XCTest

/// The server's per-diem computation (`per_diem_own_days`, `per_diem_days` and their helpers),
/// tried with plain psql as the member who would gain: no member calls it, no function of hers
/// stands in for it, two reports of hers never pay one day twice whatever order she submits and
/// recalls them in, and `setup` replaces the computation an earlier version made.
final class PostgresPerDiemAttackTests: PostgresTestCase {
    /// Alice's draft in Germany from `from` to `to`, 08:00 to 17:00, its trip written as the
    /// functions' role writes it; its id.
    private func trip(_ from: String, _ to: String) throws -> Int64 {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql(
                Self.admin,
                """
                SET ROLE \(PostgresSchema.definerRole);
                UPDATE reports SET start_date = '\(from)', end_date = '\(to)', start_time = '08:00', end_time = '17:00', country = 'DE'
                WHERE id = \(report);
                """))
        return report
    }

    /// The amounts frozen for `report`, a line per day.
    private func frozen(_ report: Int64) throws -> [String] {
        try rows(
            "alice",
            """
            SELECT date, amount_minor, coalesce(shared_report::text, '-'), shared_minor, elsewhere_minor FROM report_allowances
            WHERE report_id = \(report) ORDER BY date;
            """)
    }

    func testNoMemberCallsTheComputation() throws {
        let report = try trip("2026-03-02", "2026-03-04")
        for (name, arguments) in [
            ("per_diem_own_days", "\(report)"), ("per_diem_days", "\(report)"),
            ("per_diem_absence", "\(report), '2026-03-02 08:00', '2026-03-02 17:00', '2026-03-02'"),
            ("per_diem_deductions", "2800, 1, 0, 0, 0, 0, 0"),
        ] {
            for role in ["alice", "bob", "carol", "fiona"] {
                try assertRefused(role, "SELECT * FROM expenses.\(name)(\(arguments));", "permission denied for function \(name)")
            }
        }
    }

    /// Her own functions of the computation's names, in her session's temporary schema and first
    /// on her search path, change nothing of what the server freezes at her submission: the
    /// functions run with their own path, which a call never looks up in `pg_temp`.
    func testAFunctionOfHerOwnStandsInForNoneOfIt() throws {
        let report = try trip("2026-03-02", "2026-03-04")
        try expectSuccess(
            sql(
                Self.admin,
                """
                SET ROLE \(PostgresSchema.definerRole);
                INSERT INTO report_meals (report_id, date, breakfast, lunch, dinner) VALUES (\(report), '2026-03-03', 1, 0, 0);
                """))
        try assertRefused(
            "alice",
            "CREATE FUNCTION public.per_diem_deductions(bigint, bigint, bigint, bigint, bigint, bigint, bigint) RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint';",
            "permission denied for schema public")
        try expectSuccess(
            sql(
                "alice",
                """
                CREATE FUNCTION pg_temp.per_diem_deductions(bigint, bigint, bigint, bigint, bigint, bigint, bigint) RETURNS bigint
                    LANGUAGE sql AS 'SELECT 0::bigint';
                CREATE FUNCTION pg_temp.convert_minor(bigint, text, text, text) RETURNS bigint LANGUAGE sql AS 'SELECT 99900::bigint';
                CREATE FUNCTION pg_temp.greatest(bigint, bigint) RETURNS bigint LANGUAGE sql AS 'SELECT 99900::bigint';
                SET search_path = pg_temp, expenses, public;
                \(stepSQL("alice", .submit, report))
                """))
        XCTAssertEqual(try status(report), "submitted")
        // 14.00, then 28.00 less the breakfast's 5.60, then 14.00: the server's figures.
        XCTAssertEqual(try frozen(report), ["2026-03-02|1400|-|0|0", "2026-03-03|2240|-|0|0", "2026-03-04|1400|-|0|0"])
    }

    /// Her two trips both touch the 4th, each with its partial day (14.00): the day is paid once,
    /// by the draft of the lower id (the rates are equal), which submitted later still pays it, the
    /// other's share none; recalled and submitted again, in either order, still once.
    func testTwoReportsOfHersNeverPayOneDayTwice() throws {
        let first = try trip("2026-03-02", "2026-03-04")
        let second = try trip("2026-03-04", "2026-03-06")
        func fourth() throws -> [String] {
            try rows("alice", "SELECT report_id, amount_minor FROM report_allowances WHERE date = '2026-03-04' ORDER BY report_id;")
        }
        try take("alice", .submit, second)
        XCTAssertEqual(try frozen(second).first, "2026-03-04|0|\(first)|1400|0", "the draft beside it carries the day")
        try take("alice", .submit, first)
        XCTAssertEqual(try frozen(first).last, "2026-03-04|1400|\(second)|1400|0")
        try take("alice", .recall, second)
        try take("alice", .submit, second)
        XCTAssertEqual(try frozen(second).first, "2026-03-04|0|\(first)|1400|1400", "paid by the submitted one")
        try take("alice", .recall, first)
        XCTAssertEqual(try fourth(), ["\(second)|0"])
        try take("alice", .submit, first)
        XCTAssertEqual(try fourth(), ["\(first)|1400", "\(second)|0"])
    }

    /// A database whose `per_diem_days` an earlier version made (its rows without the place, the
    /// rule, the lodging flat and the two-trips columns) is set up again: PostgreSQL cannot
    /// replace a function by one of another result, so `setup` drops it first.
    func testSetupReplacesTheEarlierComputation() throws {
        try expectSuccess(
            sql(
                Self.admin,
                """
                DROP FUNCTION expenses.per_diem_days(bigint);
                CREATE FUNCTION expenses.per_diem_days(p_report bigint)
                RETURNS TABLE (pd_date text, pd_country text, pd_kind text, pd_breakfast bigint, pd_lunch bigint, pd_dinner bigint,
                               pd_valid_from text, pd_full_day bigint, pd_partial_day bigint, pd_currency text, pd_rate bigint,
                               pd_deductions bigint, pd_amount bigint, pd_exchange_rate text, pd_exchange_date text, pd_rate_source text,
                               pd_converted bigint)
                LANGUAGE sql AS 'SELECT NULL::text, NULL::text, NULL::text, 0::bigint, 0::bigint, 0::bigint, NULL::text, 0::bigint,
                    0::bigint, NULL::text, 0::bigint, 0::bigint, 0::bigint, NULL::text, NULL::text, NULL::text, 0::bigint WHERE false';
                ALTER FUNCTION expenses.per_diem_days(bigint) OWNER TO \(PostgresSchema.definerRole);
                """))
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        _ = try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")
        let report = try trip("2026-03-02", "2026-03-03")
        try take("alice", .submit, report)
        XCTAssertEqual(try frozen(report), ["2026-03-02|1400|-|0|0", "2026-03-03|1400|-|0|0"])
    }
}
