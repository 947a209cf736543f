import ExpenseCore
import ExpenseSupport
import XCTest

/// The audit log's hash chain: what is hashed, and how the verifier names the first entry that
/// was changed, added or removed.
final class AuditChainTests: XCTestCase {
    /// A log of `count` entries as the app writes it, and the head it keeps.
    private func log(_ count: Int) -> (records: [AuditRecord], head: AuditChain.Head) {
        var records: [AuditRecord] = []
        var previous = AuditChain.start
        for id in 1...Int64(count) {
            var record = AuditRecord(
                id: id, reportID: 1 + id % 2, at: "2026-03-10T09:00:0\(id % 10)Z", actor: id % 2 == 0 ? "bob" : "alice",
                action: "submit", from: "draft", to: "submitted", reason: "")
            previous = AuditChain.hash(of: record, after: previous)
            record.hash = previous
            records.append(record)
        }
        return (records, AuditChain.Head(lastID: Int64(count), lastHash: previous))
    }

    private func firstBreak(_ records: [AuditRecord], head: AuditChain.Head?) -> AuditChain.Break? {
        var verifier = AuditChain.Verifier(head: head)
        for record in records {
            if let found = verifier.check(record) { return found }
        }
        return verifier.finish()
    }

    func testTheHashIsSHA256OverEveryFieldLengthPrefixed() {
        let record = AuditRecord(
            id: 1, reportID: 2, at: "t", actor: "alice", action: "submit", from: "draft", to: "submitted",
            reason: "")
        let text = "21:expenses audit log v1\n64:\(AuditChain.start)\n1:1\n1:2\n1:t\n5:alice\n6:submit\n5:draft\n9:submitted\n0:\n"
        XCTAssertEqual(AuditChain.hash(of: record, after: AuditChain.start), SHA256.hex(Array(text.utf8)))
        // Each field counts, and moving text from one field into the next is another record.
        var variants: [AuditRecord] = []
        for change in 0..<8 {
            var other = record
            switch change {
            case 0: other.id = 3
            case 1: other.reportID = 3
            case 2: other.at = "u"
            case 3: other.actor = "Alice"
            case 4: other.action = "approve"
            case 5: other.from = "submitted"
            case 6: other.to = "approved"
            default:
                other.actor = "alic"
                other.action = "esubmit"
            }
            variants.append(other)
        }
        let hashes = Set(variants.map { AuditChain.hash(of: $0, after: AuditChain.start) })
        XCTAssertEqual(hashes.count, 8)
        XCTAssertFalse(hashes.contains(AuditChain.hash(of: record, after: AuditChain.start)))
        XCTAssertNotEqual(
            AuditChain.hash(of: record, after: String(repeating: "1", count: 64)),
            AuditChain.hash(of: record, after: AuditChain.start))
    }

    /// Ids are the database's: one at the largest there is, followed by another, is a break the
    /// verifier names, never an overflow that stops the program.
    func testAnIdAtTheLargestThereIsIsABreakNotATrap() {
        var records = log(2).records
        records[0].id = Int64.max
        XCTAssertNotNil(firstBreak(records, head: AuditChain.Head(lastID: Int64.max, lastHash: AuditChain.start)))
        records[0].id = Int64.min
        records[1].id = Int64.min
        XCTAssertNotNil(firstBreak(records, head: nil))
    }

    func testAnIntactLogVerifies() {
        let (records, head) = log(5)
        XCTAssertNil(firstBreak(records, head: head))
        XCTAssertNil(firstBreak([], head: AuditChain.Head(lastID: 0, lastHash: AuditChain.start)))
        XCTAssertNil(firstBreak([], head: nil))
    }

    func testAChangedEntryIsNamed() {
        var (records, head) = log(5)
        records[2].actor = "mallory"
        XCTAssertEqual(firstBreak(records, head: head), .changed(records[2]))
        let message = firstBreak(records, head: head)?.message
        XCTAssertEqual(
            message, "the audit log was altered outside expenses: event 3 (report 2: submit by mallory at 2026-03-10T09:00:03Z) was changed"
        )
        // Its hash changed too (but not those after it): still named.
        (records, head) = log(5)
        records[1].reason = "x"
        records[1].hash = AuditChain.hash(of: records[1], after: records[0].hash!)
        XCTAssertEqual(firstBreak(records, head: head)?.eventID, 3, "the next entry was chained to what event 2 was")
        // The last entry changed and rehashed: the head still has the hash the app wrote.
        (records, head) = log(5)
        records[4].actor = "mallory"
        records[4].hash = AuditChain.hash(of: records[4], after: records[3].hash!)
        XCTAssertEqual(firstBreak(records, head: head), .changed(records[4]))
    }

    func testARemovedEntryIsNamed() {
        var (records, head) = log(5)
        let after = records.remove(at: 1)
        XCTAssertEqual(after.id, 2)
        XCTAssertEqual(firstBreak(records, head: head), .removed(from: 2, through: 2, before: records[1]))
        records.remove(at: 1)
        XCTAssertEqual(
            firstBreak(records, head: head)?.message,
            "the audit log was altered outside expenses: events 2 to 3 were removed (the log goes on with event 4 (report 1: submit by bob at 2026-03-10T09:00:04Z))"
        )
        // From the end, and everything.
        (records, head) = log(5)
        records.removeLast()
        XCTAssertEqual(firstBreak(records, head: head), .removed(from: 5, through: 5, before: nil))
        XCTAssertEqual(
            firstBreak(records, head: head)?.message, "the audit log was altered outside expenses: event 5 was removed from its end")
        XCTAssertEqual(firstBreak([], head: head), .removed(from: 1, through: 5, before: nil))
        // The first one.
        (records, head) = log(3)
        records.removeFirst()
        XCTAssertEqual(firstBreak(records, head: head), .removed(from: 1, through: 1, before: records[0]))
    }

    func testAnAddedEntryIsNamed() {
        var (records, head) = log(3)
        var forged = AuditRecord(
            id: 4, reportID: 1, at: "t", actor: "mallory", action: "approve", from: "submitted", to: "approved",
            reason: "")
        XCTAssertEqual(firstBreak(records + [forged], head: head), .added(forged))
        XCTAssertTrue(firstBreak(records + [forged], head: head)?.message.hasSuffix("was added (it has no hash)") == true)
        // With a hash made the app's way: still past the end the app wrote.
        forged.hash = AuditChain.hash(of: forged, after: records[2].hash!)
        XCTAssertEqual(firstBreak(records + [forged], head: head), .added(forged))
        // Not a hash at all.
        records[1].hash = "not a hash"
        XCTAssertEqual(firstBreak(records, head: head), .added(records[1]))
    }

    func testAMissingHeadIsABreakOfItsOwn() {
        let (records, _) = log(2)
        XCTAssertEqual(firstBreak(records, head: nil), .endMissing(lastID: 2))
        XCTAssertEqual(firstBreak(records, head: nil)?.eventID, 2)
    }
}
