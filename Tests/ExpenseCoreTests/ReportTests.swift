import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseSupport

final class ReportTests: XCTestCase {
    private func report(
        title: String = "Walldorf workshop", from: String? = nil, to: String? = nil,
        status: ReportStatus = .draft
    ) throws -> Report {
        Report(
            id: 7, title: title, startDate: try from.map(CalendarDate.parse), endDate: try to.map(CalendarDate.parse),
            currency: try currency("EUR"), status: status, owner: "ana")
    }

    func testANewReportStartsEmptyInItsCurrency() throws {
        let report = try report()
        XCTAssertEqual(report.status, .draft)
        XCTAssertEqual(report.itemCount, 0)
        XCTAssertEqual(report.total, Money(minorUnits: 0, currency: try currency("EUR")))
    }

    func testADayIsOutsideATripOnlyBeyondTheDatesItHas() throws {
        let day = try CalendarDate.parse("2026-03-04")
        XCTAssertTrue(try report(from: "2026-03-09", to: "2026-03-13").isOutsideTrip(day))
        XCTAssertTrue(try report(from: "2026-02-20", to: "2026-03-03").isOutsideTrip(day))
        XCTAssertFalse(try report(from: "2026-03-04", to: "2026-03-04").isOutsideTrip(day))
        XCTAssertTrue(try report(from: "2026-03-05").isOutsideTrip(day))
        XCTAssertFalse(try report(from: "2026-03-01").isOutsideTrip(day))
        XCTAssertFalse(try report().isOutsideTrip(day), "a trip without dates yet has no outside")
    }

    func testValidateAcceptsAProperReport() throws {
        XCTAssertNoThrow(try report(from: "2026-03-02", to: "2026-03-06").validate())
        XCTAssertNoThrow(try report(from: "2026-03-02", to: "2026-03-02").validate())  // a day trip
        XCTAssertNoThrow(try report(from: "2026-03-02").validate())
        XCTAssertNoThrow(try report(to: "2026-03-02").validate())
    }

    func testValidateRefusesAMissingTitle() throws {
        assertExpenseError(try report(title: "").validate(), kind: .invalidData, messageContains: "needs a title")
        assertExpenseError(try report(title: "  \t ").validate(), kind: .invalidData, messageContains: "needs a title")
    }

    func testValidateRefusesATripThatEndsBeforeItStarts() throws {
        assertExpenseError(
            try report(from: "2026-03-06", to: "2026-03-05").validate(), kind: .invalidData,
            messageContains: "ends (2026-03-05) before it starts (2026-03-06)", code: .reportDatesReversed)
    }

    func testOnlyADraftIsEditable() throws {
        XCTAssertNoThrow(try report(status: .draft).requireEditable(.addItems))
        for status in ReportStatus.allCases where status != .draft {
            assertExpenseError(
                try report(status: status).requireEditable(.addItems), kind: .refused,
                messageContains: "report 7 is \(status.rawValue); cannot add items")
        }
        assertExpenseError(
            try report(status: .submitted).requireEditable(.addItems), kind: .refused,
            code: .reportNotEditable(id: 7, status: "submitted"))
    }

    /// Every change has its own words, and the same rule: a draft takes them all, nothing else does.
    func testEveryChangeIsRefusedOutsideDraftInItsOwnWords() throws {
        let changes: [(ReportChange, String)] = [
            (.addItems, "report 7 is approved; cannot add items"),
            (.changeItems, "report 7 is approved; cannot change its items"),
            (.moveItems, "report 7 is approved; cannot move its items"),
            (.deleteItems, "report 7 is approved; cannot delete its items"),
            (.importItems, "report 7 is approved; cannot import into it"),
            (.attachReceipts(expense: 4), "expense 4 is in report 7, which is approved; cannot attach receipts to it"),
            (.detachReceipts(expense: 4), "expense 4 is in report 7, which is approved; cannot detach its receipts"),
            (.edit, "report 7 is approved; cannot edit it"),
            (.delete, "report 7 is approved; only a draft can be deleted"),
        ]
        for (change, message) in changes {
            XCTAssertNoThrow(try report(status: .draft).requireEditable(change))
            assertExpenseError(try report(status: .approved).requireEditable(change), kind: .refused, messageContains: message)
        }
        assertExpenseError(
            try report(status: .submitted).requireEditable(.detachReceipts(expense: 4)), kind: .refused,
            code: .reportNotEditable(id: 7, status: "submitted"))
    }
}
