import ExpenseTestSupport
import Foundation
import XCTest

/// Per diems abroad and the shapes of trip that need foreign rates, against figures worked by hand
/// from the BMF's tables (the letters of 21 November 2023 for 2024, 2 December 2024 for 2025 and
/// 5 December 2025 for 2026: full day / partial day / lodging flat, EUR) as the app ships them.
extension PerDiemKnownAnswerTests {
    /// Denmark names no city: Copenhagen takes the country's 75 / 50 (2025), with a warning that
    /// the table does not name it.
    func testCopenhagen() throws {
        let result = try app.run(
            "report", "new", "Copenhagen", "--from", "2025-06-02T08:00", "--to", "2025-06-04T18:00",
            "--country", "DK", "--place",
            "Copenhagen")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("the per-diem table names no place 'Copenhagen' in DK"), result.stderr)
        // 50.00 (departure) + 75.00 + 50.00 (return) = 175.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "175.00")
        XCTAssertEqual(perDiems.days.map(\.why), [["departure day"], ["full day"], ["return day"]])
    }

    /// Paris has its own row (58 / 39 in 2026, against France's 53 / 36); the hotel's breakfasts
    /// take 20 % of Paris's full day, 11.60.
    func testParisWithBreakfasts() throws {
        try app.ok(
            "report", "new", "Trade fair", "--from", "2026-03-02T07:00", "--to", "2026-03-04T20:00",
            "--country", "FR", "--place", "paris")
        try app.ok("report", "meals", "1", "--date", "2026-03-03", "--provided", "breakfast")
        try app.ok("report", "meals", "1", "--date", "2026-03-04", "--provided", "breakfast")
        // 39.00 + (58.00 − 11.60 = 46.40) + (39.00 − 11.60 = 27.40) = 112.80
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "112.80")
        XCTAssertEqual(
            perDiems.days.map(\.why),
            [
                ["departure day", "Paris rate"], ["full day", "Paris rate"], ["return day", "Paris rate"],
            ])
    }

    /// Poland's rates rose on 1 January 2025 (29 / 20 → 34 / 23): each day takes the row in force.
    func testPolandAcrossTheNewYear() throws {
        try app.ok(
            "report", "new", "Poznań", "--from", "2024-12-30T08:00", "--to", "2025-01-02T18:00",
            "--country", "PL")
        // 20.00 (2024, partial) + 29.00 (2024, full) + 34.00 (2025, full) + 23.00 (2025, partial) = 106.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "106.00")
        XCTAssertEqual(perDiems.days.map(\.amount), ["20.00", "29.00", "34.00", "23.00"])
    }

    /// Switzerland's 2026 rise (64 / 43 → 70 / 47 outside Geneva and Bern), breakfasts provided:
    /// each 20 % of 70.00 = 14.00.
    func testSwitzerland2026WithBreakfasts() throws {
        try app.ok(
            "report", "new", "Zurich", "--from", "2026-02-09T06:00", "--to", "2026-02-11T21:00",
            "--country", "CH")
        try app.ok("report", "meals", "1", "--date", "2026-02-10", "--provided", "breakfast")
        try app.ok("report", "meals", "1", "--date", "2026-02-11", "--provided", "breakfast")
        // 47.00 + (70.00 − 14.00 = 56.00) + (47.00 − 14.00 = 33.00) = 136.00
        XCTAssertEqual(try perDiems(1).total, "136.00")
    }

    /// Austria, then Denmark from the third day: the return day takes Denmark, the last place of
    /// work abroad (2025: AT 50 / 33, DK 75 / 50).
    func testAustriaThenDenmark() throws {
        try app.ok(
            "report", "new", "Vienna, Aarhus", "--from", "2025-05-05T07:00", "--to", "2025-05-08T19:00",
            "--country", "AT")
        try app.ok("report", "stop", "1", "--date", "2025-05-07", "--country", "DK")
        // 33.00 (AT) + 50.00 (AT) + 75.00 (DK) + 50.00 (DK, return) = 208.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "208.00")
        XCTAssertEqual(perDiems.days.map(\.amount), ["33.00", "50.00", "75.00", "50.00"])
    }

    /// New York (the usual spelling) is the table's New York City: 66 / 44 (2026), and a night at
    /// a friend's at its lodging flat, 308.00.
    func testNewYorkCityWithALodgingFlat() throws {
        try app.ok(
            "report", "new", "New York", "--from", "2026-04-13T09:00", "--to", "2026-04-16T18:00",
            "--country", "US", "--place", "New York")
        try app.ok("report", "nights", "1", "--date", "2026-04-14", "--flat")
        // 44.00 + 66.00 + 66.00 + 44.00 = 220.00 per diems, + 308.00 for the night of the 14th = 528.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "528.00")
        XCTAssertEqual(
            perDiems.days.map(\.why),
            [
                ["departure day", "New York City rate"],
                ["full day", "New York City rate", "lodging flat 308.00"],
                ["full day", "New York City rate"], ["return day", "New York City rate"],
            ])
    }

    /// A day trip to London of 16 hours 30: London's partial rate, 44.00 (2025).
    func testADayTripToLondon() throws {
        try app.ok(
            "report", "new", "London", "--from", "2025-09-10T05:30", "--to", "2025-09-10T22:00",
            "--country", "GB", "--place", "London")
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "44.00")
        XCTAssertEqual(perDiems.days.map(\.why), [["one day, 16:30 away", "London rate"]])
    }

    /// Belize is in none of the tables: Luxembourg's rates (63 / 42 in 2026), said in the show.
    func testAnUnlistedCountryTakesLuxembourgsRate() throws {
        try app.ok(
            "report", "new", "Belize", "--from", "2026-05-04T08:00", "--to", "2026-05-06T17:00",
            "--country", "BZ")
        // 42.00 + 63.00 + 42.00 = 147.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "147.00")
        XCTAssertEqual(
            perDiems.days.first?.why, ["departure day", "Luxembourg's rate (BZ not listed)"])
        XCTAssertTrue(
            try app.ok("report", "show", "1").contains(
                "BZ is not in the per-diem table: Luxembourg's rate\n"))
    }

    /// Back from Strasbourg on Tuesday morning (hotel breakfast), off to Copenhagen that afternoon:
    /// the day is paid once, at Denmark's partial 50.00 less the breakfast's 20 % of Denmark's 75.00
    /// (the BMF's example: 50 − 15 = 35.00), not 25.40 + 50.00 = 75.40 (2026: FR 53 / 36).
    func testTwoTripsOnOneDayPayTheHigherAllowanceOnce() throws {
        try app.ok(
            "report", "new", "Strasbourg", "--from", "2026-03-02T08:00", "--to", "2026-03-03T10:00",
            "--country", "FR")
        try app.ok("report", "meals", "1", "--date", "2026-03-03", "--provided", "breakfast")
        try app.ok(
            "report", "new", "Copenhagen", "--from", "2026-03-03T15:00", "--to", "2026-03-05T20:00",
            "--country", "DK")
        // Strasbourg: 36.00, and the shared day carried by Copenhagen: 0.00
        let strasbourg = try perDiems(1)
        XCTAssertEqual(strasbourg.total, "36.00")
        XCTAssertEqual(
            strasbourg.days.last?.why, ["return day", "two trips: day paid once, 35.00 (with report 2)"])
        // Copenhagen: 35.00 + 75.00 + 50.00 = 160.00
        let copenhagen = try perDiems(2)
        XCTAssertEqual(copenhagen.total, "160.00")
        XCTAssertEqual(copenhagen.days.map(\.amount), ["35.00", "75.00", "50.00"])
    }

    /// Brussels, then Luxembourg on the way home: the return day takes Luxembourg (2026: BE
    /// 59 / 40, LU 63 / 42).
    func testAStopOnTheReturnDayIsTheLastPlaceOfWork() throws {
        try app.ok(
            "report", "new", "Brussels", "--from", "2026-03-02T07:00", "--to", "2026-03-04T19:00",
            "--country", "BE")
        try app.ok("report", "stop", "1", "--date", "2026-03-04", "--country", "LU")
        // 40.00 + 59.00 + 42.00 = 141.00
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "141.00")
        XCTAssertEqual(perDiems.days.map(\.amount), ["40.00", "59.00", "42.00"])
    }
}
