import ExpenseTestSupport
import Foundation
import XCTest

/// Per diems through the command line, as the binary runs it (and, in the team tier, on a team
/// database): a trip's times and country, its stops and meals, the rate table, the day-by-day
/// table of `report show` and its JSON, submission freezing them, the summary, the policy.
final class PerDiemCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    /// The customer visit of `help per-diem`: five days in Germany, hotel breakfasts on the 3rd and
    /// 4th, the customer's dinner on the 4th.
    private func customerVisit() throws {
        XCTAssertEqual(
            try app.ok("report", "new", "Customer visit", "--from", "2026-03-02T08:00", "--to", "2026-03-06T17:00", "--country", "de"),
            "Created report 1: Customer visit\n")
        XCTAssertEqual(
            try app.ok("report", "meals", "1", "--date", "2026-03-03", "--provided", "breakfast"),
            "Report 1: 2026-03-03, breakfast provided\n")
        XCTAssertEqual(
            try app.ok("report", "meals", "1", "--date", "2026-03-04", "--provided", "dinner,Breakfast"),
            "Report 1: 2026-03-04, breakfast, dinner provided\n")
    }

    /// A table of foreign rates, written to the run's directory; its path.
    private func ratesFile(_ rows: [String], header: String = "country,valid_from,full_day,partial_day,currency") throws -> String {
        let path = app.path("rates.csv")
        try ([header] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testReportShowHasTheDayByDayTableAndThePerDiemsInWhatIsDue() throws {
        try customerVisit()
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "412.80", "--category", "lodging")
        let text = try app.ok("report", "show", "1")
        XCTAssertTrue(text.contains("  Dates:       2026-03-02 08:00 to 2026-03-06 17:00\n  Country:     DE\n"), text)
        XCTAssertTrue(
            text.contains(
                """
                Per diems (computed from the trip; frozen when it is submitted):
                DATE        COUNTRY  MEALS                  RATE  DEDUCTIONS     AMOUNT  WHY
                2026-03-02  DE                         14.00 EUR    0.00 EUR  14.00 EUR  departure day
                2026-03-03  DE       breakfast         28.00 EUR   -5.60 EUR  22.40 EUR  full day
                2026-03-04  DE       breakfast,dinner  28.00 EUR  -16.80 EUR  11.20 EUR  full day
                2026-03-05  DE                         28.00 EUR    0.00 EUR  28.00 EUR  full day
                2026-03-06  DE                         14.00 EUR    0.00 EUR  14.00 EUR  return day
                Per diems total: 89.60 EUR

                """), text)
        XCTAssertTrue(
            text.hasSuffix(
                """
                Total in EUR:         412.80 EUR
                  paid personally:    412.80 EUR
                  paid by company:      0.00 EUR
                Per diems:             89.60 EUR
                Due to employee:      502.40 EUR

                """), text)

        let json = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])
        let report = try XCTUnwrap(json["report"] as? [String: Any])
        XCTAssertEqual(report["fromTime"] as? String, "08:00")
        XCTAssertEqual(report["toTime"] as? String, "17:00")
        XCTAssertEqual(report["country"] as? String, "DE")
        let perDiems = try XCTUnwrap(json["perDiems"] as? [String: Any])
        XCTAssertEqual(perDiems["computed"] as? Bool, true)
        XCTAssertEqual(perDiems["frozen"] as? Bool, false)
        XCTAssertEqual(perDiems["total"] as? [String: String], ["amount": "89.60", "currency": "EUR"])
        let days = try XCTUnwrap(perDiems["days"] as? [[String: Any]])
        XCTAssertEqual(days.count, 5)
        XCTAssertEqual(days[3]["date"] as? String, "2026-03-05")
        XCTAssertEqual(days[2]["meals"] as? [String], ["breakfast", "dinner"])
        XCTAssertEqual(days[2]["kind"] as? String, "full")
        XCTAssertEqual(days[2]["rate"] as? [String: String], ["amount": "28.00", "currency": "EUR"])
        XCTAssertEqual(days[2]["deductions"] as? [String: String], ["amount": "16.80", "currency": "EUR"])
        XCTAssertEqual(days[2]["amount"] as? [String: String], ["amount": "11.20", "currency": "EUR"])
        XCTAssertEqual(days[2]["converted"] as? [String: String], ["amount": "11.20", "currency": "EUR"])
        XCTAssertEqual(days[2]["rateValidFrom"] as? String, "2020-01-01")
        let totals = try XCTUnwrap(json["totals"] as? [String: Any])
        XCTAssertEqual(totals["total"] as? [String: String], ["amount": "412.80", "currency": "EUR"])
        XCTAssertEqual(totals["perDiems"] as? [String: String], ["amount": "89.60", "currency": "EUR"])
        XCTAssertEqual(totals["dueToEmployee"] as? [String: String], ["amount": "502.40", "currency": "EUR"])
    }

    func testTheCountryIsOneTheTableKnowsTheHomeCountryOrNone() throws {
        let unknown = try app.run("report", "new", "Paris", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "DR")
        XCTAssertEqual(unknown.status, 65)
        XCTAssertEqual(
            unknown.stderr,
            """
            expenses: error: the allowance table has no rates for DR
            hint: did you mean 'AR'? 'expenses allowance rates list' shows its countries; 'expenses allowance rates import FILE' adds one

            """)
        XCTAssertEqual(try app.run("report", "new", "X", "--country", "Deutschland").status, 65)
        XCTAssertEqual(try app.run("report", "new", "X", "--from", "2026-03-02T25:00").status, 65)
        // Without --country, the home country, taken as it is even before the table has its rates
        // (Antarctica in 2023: the BMF lists none for it, and Luxembourg's, which a country it does not
        // list takes, ship from 2024 on).
        try app.ok("config", "set", "home-country", "aq")
        try app.ok("report", "new", "Paris", "--from", "2023-03-02", "--to", "2023-03-03")
        let paris = try app.ok("report", "show", "1")
        XCTAssertTrue(
            paris.contains(
                """
                Per diems: none: they cannot be computed: no allowance rate for AQ on 2023-03-02
                  (add AQ's rates: expenses allowance rates import FILE (a CSV of country,valid_from,full_day,partial_day,currency); \
                'expenses allowance rates list' shows the table)

                """), paris)
        XCTAssertTrue(paris.contains("Total in EUR:"), "no per diems, the totals as they were")
        try app.ok("report", "new", "Offsite", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        XCTAssertTrue(
            try app.ok("report", "show", "2").contains(
                "Per diems: none: the report has no country\n  (give it one: expenses report edit 2 --country CODE)\n"))
        try app.ok("report", "edit", "2", "--country", "DE", "--to", "2026-03-02T18:00", "--from", "2026-03-02T08:30")
        let json = try XCTUnwrap(app.json("report", "show", "2") as? [String: Any])
        let perDiems = try XCTUnwrap(json["perDiems"] as? [String: Any])
        XCTAssertEqual(perDiems["total"] as? [String: String], ["amount": "14.00", "currency": "EUR"], "9.5 hours within one day")
        let reversed = try app.run("report", "edit", "2", "--to", "2026-03-02T07:00")
        XCTAssertEqual(reversed.status, 65)
        XCTAssertTrue(
            reversed.stderr.hasPrefix("expenses: error: the trip comes back (2026-03-02T07:00) before it leaves"), reversed.stderr)
    }

    func testACountryTheTableDoesNotListIsAcceptedAtLuxembourgsRate() throws {
        // Belize is in none of the BMF's tables: a trip there takes Luxembourg's rate (2026: 63.00 / 42.00),
        // and a stop there too; the table is not asked to know it.
        try app.ok("allowance", "rates", "import", try ratesFile(["LU,2026-01-01,63.00,42.00,EUR"]))
        try app.ok("report", "new", "Belize", "--from", "2026-03-09T08:00", "--to", "2026-03-10T18:00", "--country", "BZ")
        try app.ok("report", "new", "Munich", "--from", "2026-03-09", "--to", "2026-03-13", "--country", "DE")
        try app.ok("report", "stop", "2", "--date", "2026-03-11", "--country", "bz")
        let json = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])
        let perDiems = try XCTUnwrap(json["perDiems"] as? [String: Any])
        // 42.00 + 42.00
        XCTAssertEqual(perDiems["total"] as? [String: String], ["amount": "84.00", "currency": "EUR"])
        XCTAssertEqual((perDiems["days"] as? [[String: Any]])?.map { $0["basis"] as? String }, ["luxembourg", "luxembourg"])
    }

    func testStopsAndMealsAreDraftOnlyOnTheTripsDaysAndInItsLog() throws {
        try customerVisit()
        for (arguments, status) in [
            (["report", "stop", "1", "--date", "2026-03-04"], Int32(64)),
            (["report", "stop", "1", "--country", "DE"], 64),
            (["report", "stop", "1", "--date", "2026-03-09", "--country", "DE"], 65),
            (["report", "stop", "1", "--date", "2026-03-04", "--country", "none"], 66),
            (["report", "stop", "9", "--date", "2026-03-04", "--country", "DE"], 66),
            (["report", "meals", "1", "--date", "2026-03-04", "--provided", "brunch"], 65),
            (["report", "meals", "1", "--date", "2026-03-01", "--provided", "lunch"], 65),
        ] {
            XCTAssertEqual(try app.run(arguments).status, status, arguments.joined(separator: " "))
        }
        XCTAssertEqual(
            try app.run("report", "meals", "1", "--date", "2026-03-04", "--provided", "brunch").stderr,
            "expenses: error: invalid meal 'brunch'\nhint: did you mean 'lunch'? give breakfast, lunch, dinner separated by commas, or none\n"
        )
        XCTAssertTrue(
            try app.run("report", "meals", "1", "--date", "2026-03-04", "--provided", "breakfast,diner").stderr.contains(
                "hint: did you mean 'dinner'?"))
        let stop = try XCTUnwrap(app.json("report", "stop", "1", "--date", "2026-03-05", "--country", "DE") as? [String: Any])
        XCTAssertEqual(stop["date"] as? String, "2026-03-05")
        XCTAssertEqual(stop["country"] as? String, "DE")
        XCTAssertEqual(
            try app.ok("report", "stop", "1", "--date", "2026-03-05", "--country", "None"), "Report 1: the stop of 2026-03-05 is removed\n")
        XCTAssertEqual(
            try app.ok("report", "meals", "1", "--date", "2026-03-04", "--provided", "none"), "Report 1: 2026-03-04, no meals provided\n")
        let history = try XCTUnwrap(app.json("report", "history", "1") as? [[String: Any]]).map { $0["action"] as? String ?? "" }
        XCTAssertEqual(
            history,
            [
                "meals 2026-03-03 breakfast", "meals 2026-03-04 breakfast,dinner", "stop 2026-03-05 DE", "stop 2026-03-05 removed",
                "meals 2026-03-04 none",
            ])
        let shortened = try app.run("report", "edit", "1", "--to", "2026-03-02")
        XCTAssertEqual(shortened.status, 65)
        XCTAssertEqual(
            shortened.stderr,
            "expenses: error: report 1 has a stop or meals on 2026-03-03, which would be outside the trip (2026-03-02 to 2026-03-02)\n"
                + "hint: remove them first, or keep that day in the trip\n")
        try app.ok("report", "submit", "1")
        let frozen = try app.run("report", "meals", "1", "--date", "2026-03-03", "--provided", "none")
        XCTAssertEqual(frozen.status, 1)
        XCTAssertEqual(
            frozen.stderr,
            "expenses: error: report 1 is submitted; cannot change its trip\nhint: recall it first: expenses report recall 1\n")
        XCTAssertEqual(try app.run("report", "stop", "1", "--date", "2026-03-04", "--country", "DE").status, 1)
    }

    func testRatesImportAllOrNothingAndList() throws {
        let bad = try ratesFile(["FR,2026-01-01,53.00,36.00,EUR", "CH,2025-01-01,64.00,x,CHF"])
        let refused = try app.run("allowance", "rates", "import", bad)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.hasPrefix("expenses: error: \(bad):3: invalid amount 'x'"), refused.stderr)
        XCTAssertEqual(
            try app.ok("allowance", "rates", "list", "--country", "DE", "--format", "csv"),
            "country,place,validFrom,fullDay,fullDayCurrency,partialDay,partialDayCurrency,lodging,lodgingCurrency\r\n"
                + "DE,,2020-01-01,28.00,EUR,14.00,EUR,20.00,EUR\r\n")
        let before = try app.ok("allowance", "rates", "list", "--country", "CH")

        let good = try ratesFile(
            ["FR,2026-01-01,53.00,36.00,EUR,\"BMF, 2026\"", "CH,2025-01-01,64.00,43.00,CHF,", "DE,2020-01-01,28.00,14.00,EUR,"],
            header: "Country,Valid_From,Full_Day,Partial_Day,Currency,Note")
        XCTAssertEqual(
            try app.ok("allowance", "rates", "import", good, "--taxable", "--dry-run"),
            "Would import 3 rates for 3 countries from \(good): 0 new, 1 changed, 2 as they were (dry run: nothing was written)\n",
            "the BMF's rows for FR and DE as shipped (a file without lodging keeps their flats), CH's 2025 one in CHF "
                + "(marked taxable: a team database cannot compare CHF with the BMF's EUR)")
        XCTAssertEqual(try app.ok("allowance", "rates", "list", "--country", "CH"), before, "a dry run writes nothing")
        XCTAssertEqual(
            try app.ok("allowance", "rates", "import", good, "--taxable"),
            "Imported 3 rates for 3 countries from \(good): 0 new, 1 changed, 2 as they were\n")
        XCTAssertEqual(
            try app.ok("allowance", "rates", "list", "--country", "CH"),
            [
                "COUNTRY  PLACE  VALID FROM   FULL DAY  PARTIAL DAY     LODGING",
                "CH              2024-01-01  64.00 EUR    43.00 EUR  180.00 EUR",
                "CH              2025-01-01  64.00 CHF    43.00 CHF            ",  // none in CHF: the BMF's was EUR
                "CH              2026-01-01  70.00 EUR    47.00 EUR  195.00 EUR",
                "CH       Bern   2026-01-01  82.00 EUR    55.00 EUR  195.00 EUR",
                "CH       Genf   2024-01-01  66.00 EUR    44.00 EUR  186.00 EUR",
                "CH       Genf   2025-01-01  66.00 EUR    44.00 EUR  186.00 EUR",
                "CH       Genf   2026-01-01  70.00 EUR    47.00 EUR  197.00 EUR", "",
            ].joined(separator: "\n"))
        XCTAssertEqual(try app.ok("allowance", "rates"), try app.ok("allowance", "rates", "list"), "list is the group's default")
        let france = try XCTUnwrap(app.json("allowance", "rates", "list", "--country", "fr") as? [[String: Any]])
        XCTAssertEqual(france.count, 6, "France's and Paris's rows of 2024, 2025 and 2026")
        XCTAssertEqual(france[3]["place"] as? String, "Paris")
        XCTAssertEqual(france[3]["lodging"] as? [String: String], ["amount": "159.00", "currency": "EUR"])
        XCTAssertEqual(france[0]["fullDay"] as? [String: String], ["amount": "53.00", "currency": "EUR"])
        XCTAssertEqual(try app.run("allowance", "rates", "list", "--country", "XX").status, 65)
        XCTAssertEqual(try app.run("allowance").status, 64, "a group of groups has no default")
        XCTAssertEqual(try app.run("allowance", "rates", "import", app.path("missing.csv")).status, 66)
    }

    func testSubmittingFreezesThePerDiemsAndARecallThawsThem() throws {
        try customerVisit()
        // Per diems and no items: there is something to submit.
        XCTAssertEqual(
            try app.ok("report", "submit", "1"), "Submitted report 1: Customer visit (per diems 89.60 EUR, frozen with it)\n")
        // Above the BMF table's 28.00: on a team database only marked taxable (PostgresSharedRateAttackTests).
        try app.ok("allowance", "rates", "import", try ratesFile(["DE,2026-01-01,30.00,15.00,EUR"]), "--taxable")
        let frozen = try app.ok("report", "show", "1")
        XCTAssertTrue(frozen.contains("Per diems (frozen when it was submitted):\n"), frozen)
        XCTAssertTrue(frozen.contains("Per diems total: 89.60 EUR\n"), frozen)
        try app.ok("--user", "bob", "report", "approve", "1")
        XCTAssertTrue(try app.ok("report", "show", "1").contains("Per diems total: 89.60 EUR\n"), "approved as submitted")
        try app.ok("report", "new", "Second", "--from", "2026-03-09", "--to", "2026-03-10")
        try app.ok("report", "submit", "2")
        try app.ok("report", "recall", "2")
        let thawed = try app.ok("report", "show", "2")
        XCTAssertTrue(thawed.contains("Per diems (computed from the trip; frozen when it is submitted):"), thawed)
        XCTAssertTrue(thawed.contains("Per diems total: 30.00 EUR\n"), "at the rates of now: \(thawed)")
    }

    func testADayWithoutARateRefusesTheSubmissionWithItsHint() throws {
        try customerVisit()
        // Antarctica: the BMF lists no rates for it, the file's start in 2027.
        try app.ok("allowance", "rates", "import", try ratesFile(["AQ,2027-01-01,53.00,36.00,EUR"]))
        try app.ok("report", "stop", "1", "--date", "2026-03-05", "--country", "AQ")
        let result = try app.run("report", "submit", "1")
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "expenses: error: no allowance rate for AQ on 2026-03-05 (its first row is from 2027-01-01)\nhint: add AQ's rates"),
            result.stderr)
        XCTAssertEqual(
            try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])["report"].flatMap {
                ($0 as? [String: Any])?["status"] as? String
            }, "draft")
    }

    /// A draft whose per diems cannot be computed is owed at least what it says, never a plain
    /// smaller figure (issue 42): the text says so and why, JSON says it is not complete, and
    /// with advances beyond it what is owed back is at most what it says.
    func testWhatIsDueWithoutPerDiemsThatCannotBeComputedIsIncomplete() throws {
        try customerVisit()
        try app.ok("allowance", "rates", "import", try ratesFile(["AQ,2027-01-01,53.00,36.00,EUR"]))
        try app.ok("report", "stop", "1", "--date", "2026-03-05", "--country", "AQ")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "18.00", "--category", "taxi")
        let show = try app.ok("report", "show", "1")
        XCTAssertTrue(show.contains("Due to employee:      at least 18.00 EUR\n"), show)
        XCTAssertTrue(
            show.contains(
                "  incomplete: its per diems cannot be computed: no allowance rate for AQ on 2026-03-05 (its first row is from 2027-01-01)\n"
            ), show)
        let totals = try XCTUnwrap((app.json("report", "show", "1") as? [String: Any])?["totals"] as? [String: Any])
        XCTAssertEqual(totals["complete"] as? Bool, false)
        XCTAssertEqual(
            totals["incomplete"] as? String,
            "its per diems cannot be computed: no allowance rate for AQ on 2026-03-05 (its first row is from 2027-01-01)")
        let html = try app.ok("report", "export", "1", "--format", "html")
        XCTAssertTrue(html.contains("<td class=\"num\">at least 18.00 EUR</td>"), html)
        XCTAssertTrue(html.contains("Incomplete: without the per diems; they cannot be computed"), html)
        try app.ok("report", "advance", "1", "--amount", "100.00", "--date", "2026-03-01")
        XCTAssertTrue(try app.ok("report", "show", "1").contains("Due back to the company: at most 82.00 EUR\n"))
    }

    func testATypedPerDiemBesideComputedOnesIsAFindingAndTheSummaryCountsThePerDiems() throws {
        try customerVisit()
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "28", "--category", "per_diem")
        let check = try XCTUnwrap(app.json("report", "check", "1") as? [[String: Any]])
        XCTAssertEqual(check.map { $0["key"] as? String }, ["typed-per-diem:1"])
        XCTAssertEqual(check.first?["severity"] as? String, "warning")
        XCTAssertEqual(
            check.first?["message"] as? String,
            "item 1 (per_diem, 28.00 EUR) is a per diem typed by hand; the report's are computed from its trip")
        let summary = try XCTUnwrap(app.json("report", "summary") as? [String: Any])
        let block = try XCTUnwrap((summary["currencies"] as? [[String: Any]])?.first)
        XCTAssertEqual(block["total"] as? [String: String], ["amount": "117.60", "currency": "EUR"])
        let perDiem = try XCTUnwrap((block["byCategory"] as? [[String: Any]])?.first { $0["category"] as? String == "per_diem" })
        XCTAssertEqual(perDiem["amount"] as? [String: String], ["amount": "117.60", "currency": "EUR"], "the typed one and five days")
        XCTAssertEqual(perDiem["items"] as? Int, 6)
        let march = try XCTUnwrap(app.json("report", "summary", "--from", "2026-03-05") as? [String: Any])
        XCTAssertEqual(
            ((march["currencies"] as? [[String: Any]])?.first?["total"]) as? [String: String], ["amount": "42.00", "currency": "EUR"],
            "the days from the 5th")
    }

    func testTheSummarySaysWhichDraftsPerDiemsItLeavesOutAndWhy() throws {
        try customerVisit()
        try app.ok("config", "set", "home-country", "AQ")
        try app.ok("report", "new", "McMurdo", "--from", "2023-03-09", "--to", "2023-03-10")
        let text = try app.ok("report", "summary")
        XCTAssertTrue(text.hasSuffix("\nThe per diems of report 2 are left out: no allowance rate for AQ on 2023-03-09\n"), text)
        let json = try XCTUnwrap(app.json("report", "summary") as? [String: Any])
        XCTAssertEqual(json["notes"] as? [String], ["The per diems of report 2 are left out: no allowance rate for AQ on 2023-03-09"])
        let bad = try app.run("config", "set", "home-country", "FRA")
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("invalid country 'FRA'"), bad.stderr)
    }

    func testThePrintableReportHasThePerDiemTableBeforeTheTotals() throws {
        try customerVisit()
        let html = try app.ok("report", "export", "1", "--format", "html")
        let table = try XCTUnwrap(html.range(of: "<h2>Per diems</h2>"))
        let totals = try XCTUnwrap(html.range(of: "<h2>Totals</h2>"))
        XCTAssertLessThan(table.lowerBound, totals.lowerBound)
        XCTAssertTrue(html.contains("<td>breakfast,dinner</td><td class=\"num\">28.00 EUR</td><td class=\"num\">−16.80 EUR</td>"), html)
        XCTAssertTrue(html.contains("<tr><th>Per diems</th><td class=\"num\">89.60 EUR</td></tr>"), html)
        XCTAssertTrue(html.contains("<tr><th>Due to the employee</th><td class=\"num\">89.60 EUR</td></tr>"), html)
        let json = try XCTUnwrap(app.json("report", "export", "1") as? [String: Any])
        XCTAssertEqual((json["perDiems"] as? [String: Any])?["total"] as? [String: String], ["amount": "89.60", "currency": "EUR"])
        XCTAssertFalse(html.contains("<th class=\"num\">Lodging</th>"), "no night at the flat, no column for it")
    }

    /// A night without a hotel bill is paid at the lodging flat (20.00 a night in Germany): the
    /// printable report shows it beside the day's allowance, so that the days add up to the total.
    func testThePrintableReportShowsANightsLodgingFlatBesideTheDay() throws {
        try customerVisit()
        try app.ok("report", "nights", "1", "--date", "2026-03-02", "--flat")
        let html = try app.ok("report", "export", "1", "--format", "html")
        XCTAssertTrue(html.contains("<th class=\"num\">Amount</th><th class=\"num\">Lodging</th>"), html)
        // The first day: 14.00 EUR and the night's 20.00 EUR; 89.60 + 20.00 = 109.60 in all.
        XCTAssertTrue(html.contains("<td class=\"num\">14.00 EUR</td><td class=\"num\">20.00 EUR</td>"), html)
        XCTAssertTrue(html.contains("<tr><th>Per diems</th><td class=\"num\">109.60 EUR</td></tr>"), html)
    }
}
