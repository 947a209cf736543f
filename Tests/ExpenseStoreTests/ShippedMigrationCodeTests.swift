import ExpenseCore
import XCTest

@testable import ExpenseStore

/// The migrations that run Swift code keep a copy of what they use, as it was when they shipped
/// (`Schema.normalisedAsShipped`, `Schema.chainedHashAsShipped`), so that a later change to the
/// app's rule does not change what they do. Today the copies still agree with the rules they were
/// copied from; when a rule changes on purpose, the test that fails here is for the rule's own
/// version, and the migration keeps its copy (a new rule over stored data is a new migration).
final class ShippedMigrationCodeTests: XCTestCase {
    func testTheUserNameMigrationNormalisesAsUserNameDid() {
        for name in [
            "Alice", "  Alice   Smith ", "ali\u{200B}ce", "ALI\u{0301}CE", "Stra\u{00DF}e", "\u{0130}stanbul", "\u{FB01}ne",
            "a\u{00AD}b", "\u{202E}evil", "\u{3164}", "", "\t\n", "Ⅻ Κόσμε",
        ] {
            XCTAssertEqual(Schema.normalisedAsShipped(name), UserName(normalizing: name).value, name.debugDescription)
        }
    }

    func testTheAuditChainMigrationHashesAsTheChainsFirstVersion() {
        let record = AuditRecord(
            id: 7, reportID: 3, at: "2026-03-10T09:00:00Z", actor: "bob", action: "approve", from: "submitted", to: "approved",
            reason: "ok: ü\n")
        let previous = String(repeating: "1", count: 64)
        XCTAssertEqual(
            Schema.chainedHashAsShipped(
                ["7", "3", "2026-03-10T09:00:00Z", "bob", "approve", "submitted", "approved", "ok: ü\n"], after: previous),
            AuditChain.hash(of: record, after: previous))
    }
}
