import ExpenseTestSupport
import Foundation
import XCTest

/// The shapes of trip of issue 44 in Germany (28.00 / 14.00), through the built binary on both
/// engines, against figures worked by hand from the law's own wording (§ 9 Abs. 4a EStG), never
/// from the program's output.
final class PerDiemKnownAnswerTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    /// A report's per diems as `report show --format json` gives them: the total, and each day's
    /// date, amount and why.
    func perDiems(_ id: Int, file: StaticString = #filePath, line: UInt = #line) throws -> (
        total: String, days: [(date: String, amount: String, why: [String])]
    ) {
        let show = try app.object("report", "show", "\(id)", file: file, line: line)
        let perDiems = try XCTUnwrap(show["perDiems"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(perDiems["reason"] as? NSNull, NSNull(), "\(perDiems)", file: file, line: line)
        let total = try XCTUnwrap((perDiems["total"] as? [String: String])?["amount"], "\(perDiems)", file: file, line: line)
        let days = try XCTUnwrap(perDiems["days"] as? [[String: Any]], file: file, line: line).map { day in
            (
                date: day["date"] as? String ?? "", amount: (day["amount"] as? [String: String])?["amount"] ?? "",
                why: day["why"] as? [String] ?? []
            )
        }
        return (total, days)
    }

    /// A night shift 17:00 to 03:00 without a night away: 10 hours, one partial rate on the day
    /// with most of them (7 against 3).
    func testANightShiftPaysOnePartialRate() throws {
        try app.ok("report", "new", "Night shift", "--from", "2026-03-02T17:00", "--to", "2026-03-03T03:00", "--no-overnight")
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "14.00")
        XCTAssertEqual(perDiems.days.map(\.why), [["over midnight, most hours"], ["over midnight, other day"]])
    }

    /// A courier run 19:30 to 06:00: 4:30 and 6:00, 10:30 in all: the second day's partial rate.
    func testACourierRunPaysTheDayWithMoreHours() throws {
        try app.ok("report", "new", "Courier run", "--from", "2026-03-02T19:30", "--to", "2026-03-03T06:00", "--no-overnight")
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "14.00")
        XCTAssertEqual(perDiems.days.map(\.amount), ["0.00", "14.00"])
    }

    /// 22:00 to 05:00 is 7 hours: not more than 8, nothing.
    func testSevenHoursOverMidnightPayNothing() throws {
        try app.ok("report", "new", "Short shift", "--from", "2026-03-02T22:00", "--to", "2026-03-03T05:00", "--no-overnight")
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "0.00")
        XCTAssertEqual(perDiems.days.map(\.why), [["8 hours or less"], ["8 hours or less"]])
    }

    /// --no-overnight is only for a trip from one day to the next with both times.
    func testNoOvernightIsRefusedForALongerTrip() throws {
        let result = try app.run("report", "new", "Week", "--from", "2026-03-02T08:00", "--to", "2026-03-04T18:00", "--no-overnight")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("a trip without a night away goes over one midnight"), result.stderr)
    }

    /// A lunch provided, 5.00 paid for it: the cut is 40 % of 28.00 less 5.00, 6.20.
    func testALunchPaidForLowersItsCut() throws {
        try app.ok("report", "new", "Customer", "--from", "2026-03-02T07:00", "--to", "2026-03-02T18:00", "--country", "DE")
        try app.ok("report", "meals", "1", "--date", "2026-03-02", "--provided", "lunch", "--paid", "lunch=5.00")
        // 14.00 − (11.20 − 5.00) = 7.80
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "7.80")
        XCTAssertEqual(perDiems.days.map(\.why), [["one day, 11:00 away", "lunch cut 11.20 less 5.00 paid"]])
    }

    /// A day trip of 10 hours with 2 hours at one's own office: 8 hours away, not more: nothing.
    func testOfficeTimeInterruptsADayTrip() throws {
        try app.ok("report", "new", "Customer", "--from", "2026-03-02T07:00", "--to", "2026-03-02T17:00", "--country", "DE")
        XCTAssertEqual(try perDiems(1).total, "14.00")
        try app.ok("report", "office", "1", "--from", "2026-03-02T09:00", "--to", "2026-03-02T11:00")
        let perDiems = try perDiems(1)
        XCTAssertEqual(perDiems.total, "0.00")
        XCTAssertEqual(perDiems.days.map(\.why), [["8 hours or less"]])
        try app.ok("report", "office", "1", "--remove", "2026-03-02T09:00")
        XCTAssertEqual(try self.perDiems(1).total, "14.00")
    }
}
