import ExpenseCore
import ExpenseSupport
import Rendering
import XCTest

/// The printable report's signatures (issue 43): each step of the route with who signed it, for
/// whom a delegate signed, when, the one it waits for and those to come.
final class ReportSignaturesTests: XCTestCase {
    private func html(_ status: ReportStatus, _ signatures: [ReportHTML.Signature]) throws -> String {
        var html = ReportHTML(
            report: Report(id: 3, title: "Walldorf", currency: CurrencyTable.standard.currency("EUR")!, status: status, owner: "alice"),
            items: [], violations: [], events: [], receipts: [], generatedAt: "2026-03-20 09:00:00 UTC", generator: "expenses test")
        html.signatures = signatures
        return try html.render()
    }

    private let route = [
        ReportHTML.Signature(
            position: 1, why: "manager", decider: "bob", decidedBy: "dave", onBehalfOf: "bob", decidedAt: "2026-03-16 10:00:00 UTC"),
        ReportHTML.Signature(position: 2, why: "cost centre 4711", decider: "carol"),
        ReportHTML.Signature(position: 3, why: "second approval", decider: "finance"),
    ]

    func testEveryStepShowsWhoSignedForWhomWhenAndWhatWaits() throws {
        let html = try html(.submitted, route)
        XCTAssertTrue(
            html.contains(
                "<h2>Signatures</h2>\n<table class=\"history signatures\"><thead><tr><th>Step</th><th>For</th><th>Signed by</th><th>When</th></tr></thead><tbody>\n"
                    + "<tr><td>1. manager</td><td>bob</td><td>dave for bob</td><td class=\"date\">2026-03-16 10:00:00 UTC</td></tr>\n"
                    + "<tr><td>2. cost centre 4711</td><td>carol</td><td>waiting</td><td class=\"date\"></td></tr>\n"
                    + "<tr><td>3. second approval</td><td>finance</td><td>to come</td><td class=\"date\"></td></tr>\n"
                    + "</tbody></table>\n<h2>Approval history</h2>"), html)
    }

    func testTheLastSignatureOfARejectedReportIsTheRejection() throws {
        var rejected = route
        rejected[1].decidedBy = "carol"
        rejected[1].decidedAt = "2026-03-17 11:00:00 UTC"
        XCTAssertTrue(try html(.rejected, rejected).contains("<td>carol</td><td>rejected by carol</td>"))
    }

    func testAReportWithoutARouteHasNoSignatures() throws {
        XCTAssertFalse(try html(.draft, []).contains("Signatures"))
    }
}
