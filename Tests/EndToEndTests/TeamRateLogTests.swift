import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database finance's rate changes are logged by the server, a rate above the legal
/// maximum is refused unless marked taxable, and `db check` verifies the rate log's chain
/// (issue 40).
final class TeamRateLogTests: TeamDatabaseTestCase {
    func testFinanceRatesAboveTheMaximumNeedTheMarkAndDbCheckFindsATamperedLog() throws {
        assertFails(
            try run(as: "fiona", "allowance", "mileage", "set", "car", "3.00", "--from", "2026-05-01"), 1,
            "the mileage rate for car from 2026-05-01 (3.00 EUR a km) is above the tax-free 0.30 EUR a km: only a rate marked "
                + "taxable may be higher")
        XCTAssertEqual(
            try ok(as: "fiona", "allowance", "mileage", "set", "car", "3.00", "--from", "2026-05-01", "--taxable"),
            "Mileage rate for a car from 2026-05-01: 3.00 EUR a km\n")
        _ = try ok(as: "fiona", "allowance", "mileage", "set", "car", "0.30", "--from", "2026-05-01")

        let superuser = uri("postgres", cluster.superuserPassword)
        let check = try app.run(["--db", superuser, "db", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("the rate log's 2 changes are chained without a break"), check.stdout)
        // The superuser, past the log's triggers, makes it say someone else raised the rate.
        try psqlOK("SET session_replication_role = replica; UPDATE rate_events SET actor = 'bob' WHERE id = 1;", in: database)
        assertFails(
            try app.run(["--db", superuser, "db", "check"]), 65,
            "the rate log was altered outside expenses: change 1 (mileage_rates car 2026-05-01 by bob) was changed")
    }
}
