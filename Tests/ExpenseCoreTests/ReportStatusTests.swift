import ExpenseCore
import XCTest

@testable import ExpenseSupport

final class ReportStatusTests: XCTestCase {
    private let legal: Set<[ReportStatus]> = [
        [.draft, .submitted],
        [.submitted, .approved], [.submitted, .rejected], [.submitted, .draft],
        [.rejected, .draft],
        [.approved, .reimbursed],
    ]

    func testEveryTransitionIsLegalOrIllegalAsDesigned() {
        XCTAssertEqual(ReportStatus.allCases.count, 5)
        var legalSeen = 0
        for from in ReportStatus.allCases {
            for to in ReportStatus.allCases {
                let expected = legal.contains([from, to])
                XCTAssertEqual(from.canMove(to: to), expected, "\(from) -> \(to)")
                XCTAssertEqual(from.successors.contains(to), expected, "\(from).successors has \(to)")
                if from.canMove(to: to) { legalSeen += 1 }
            }
        }
        XCTAssertEqual(legalSeen, legal.count)
    }

    func testNoStateMovesToItself() {
        for status in ReportStatus.allCases {
            XCTAssertFalse(status.canMove(to: status), "\(status)")
        }
    }

    func testReimbursedIsFinal() {
        XCTAssertEqual(ReportStatus.reimbursed.successors, [])
        XCTAssertFalse(ReportStatus.reimbursed.isOpen)
        XCTAssertEqual(ReportStatus.allCases.filter(\.isOpen), [.draft, .submitted, .approved, .rejected])
    }

    func testEveryStateCanReachReimbursedOrIsIt() {
        // No dead end other than the end: following successors from any state reaches reimbursed.
        for start in ReportStatus.allCases {
            var reached: Set<ReportStatus> = [start]
            var frontier = [start]
            while let next = frontier.popLast() {
                for successor in next.successors where reached.insert(successor).inserted { frontier.append(successor) }
            }
            XCTAssertTrue(reached.contains(.reimbursed), "\(start)")
        }
    }

    func testOnlyADraftAllowsItemChanges() {
        XCTAssertEqual(ReportStatus.allCases.filter(\.allowsItemChanges), [.draft])
    }

    func testRawValuesAreTheStoredNames() {
        XCTAssertEqual(ReportStatus.allCases.map(\.rawValue), ["draft", "submitted", "approved", "rejected", "reimbursed"])
        XCTAssertEqual(ReportStatus(rawValue: "approved"), .approved)
        XCTAssertNil(ReportStatus(rawValue: "Approved"))
        XCTAssertEqual(PaidBy.allCases.map(\.rawValue), ["personal", "company"])
    }
}
