import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database a receipt is paid once (issue 40): the same photo in two travellers'
/// reports is a blocking finding that the approver sees in `report check` on each of them, and
/// his approval is refused until he accepts it with a reason.
final class TeamReceiptPaidOnceTests: TeamDatabaseTestCase {
    private let sample = "hotel-walldorf-de.jpg"

    /// `owner`'s report `report` with a dinner and the sample's photo attached to it.
    private func trip(_ owner: String, report: String) throws {
        _ = try ok(as: owner, "report", "new", "Berlin", "--from", "2026-03-02", "--to", "2026-03-06")
        _ = try ok(
            as: owner, "expense", "add", "--report", report, "--date", "2026-03-03", "--amount", "30.00", "--category", "meals",
            "--merchant", "Diner")
        _ = try ok(as: owner, "receipt", "capture", ReceiptSamples.path(sample), "--expense", report, "--no-ocr")
        _ = try ok(as: owner, "report", "submit", report)
    }

    func testTheApproverSeesTheSamePhotoInAnotherTravellersReportAndCannotApproveIt() throws {
        try trip("alice", report: "1")
        // fiona copies alice's photo into her own report.
        try trip("fiona", report: "2")

        /// bob's findings of `report` that the server made: key, severity and message.
        func serverFindings(_ report: String) throws -> [String] {
            let json = try run(as: "bob", "report", "check", report, "--format", "json")
            XCTAssertEqual(json.status, 1, "a blocking finding: \(json.stderr)")
            let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], json.stdout)
            XCTAssertFalse(json.stdout.contains("fiona") || json.stdout.contains("alice"), "nothing of the other report: \(json.stdout)")
            // (bob sees both reports, so his own client also finds the shared receipt: 'shared-receipt'.)
            return rows.filter { ($0["key"] as? String)?.hasPrefix("receipt-elsewhere") ?? false }.map {
                "\($0["key"] as? String ?? "")|\($0["severity"] as? String ?? "")|\($0["message"] as? String ?? "")"
            }
        }
        // The day the app dated the submission.
        let submitted = try XCTUnwrap(
            try ok(as: "bob", "report", "history", "2").split(separator: "\n").first { $0.contains("submit") }.flatMap {
                $0.firstMatch(of: /20[0-9]{2}-[0-9]{2}-[0-9]{2}/).map { String($0.output) }
            })
        XCTAssertEqual(
            try serverFindings("2"),
            ["receipt-elsewhere:2|blocking|receipt 2's file is also attached to a report of another traveller (submitted \(submitted))"])
        XCTAssertEqual(
            try serverFindings("1"),
            ["receipt-elsewhere:1|blocking|receipt 1's file is also attached to a report of another traveller (submitted \(submitted))"])
        let check = try run(as: "bob", "report", "check", "2")
        XCTAssertTrue(check.stdout.contains("1 blocking,"), check.stdout)

        assertFails(
            try run(as: "bob", "report", "approve", "2"), 1,
            "report 2 has a blocking finding (receipt-elsewhere:2): it cannot be approved until an approver accepts it with a reason")
        assertFails(
            try run(as: "fiona", "report", "acknowledge", "2", "receipt-elsewhere:2", "--reason", "mine"), 77,
            "permission denied for function finding_accept")
        XCTAssertEqual(
            try ok(as: "bob", "report", "acknowledge", "2", "receipt-elsewhere:2", "--reason", "one hotel bill for both"),
            "Acknowledged receipt-elsewhere:2: one hotel bill for both\n")
        XCTAssertTrue(try ok(as: "bob", "report", "check", "2").contains("one hotel bill for both"))
        _ = try ok(as: "bob", "report", "approve", "2")
        assertFails(
            try run(as: "bob", "report", "approve", "1"), 1,
            "report 1 has a blocking finding (receipt-elsewhere:1): it cannot be approved until an approver accepts it with a reason")
    }
}
