import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// Receipt bytes in a team database: in chunks, before the receipt's row and checked whole by the
/// server, stored once, read a chunk at a time, and never trusted when what is there does not hash right.
final class DatabaseReceiptStorageTests: PostgresTestCase {
    /// Three chunks and a bit, none the same.
    private let bytes: [UInt8] = (0..<(3 * DatabaseReceiptStorage.chunkSize + 1_000)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
    private var hash: String { SHA256.hex(bytes) }

    private func connect(_ role: String) throws -> PostgresDatabase {
        try PostgresDatabase(cluster.connectionURI(user: role, password: password(role), database: database))
    }

    /// `store`, then `role`'s receipt row naming `hash`, in one transaction, as a capture does.
    @discardableResult
    private func capture(_ bytes: [UInt8], hash: String, as db: PostgresDatabase) throws -> Bool {
        try db.inTransaction {
            let stored = try DatabaseReceiptStorage(db).store(bytes, hash: hash)
            try db.execute(
                """
                SELECT expenses.receipt_new(?, 'image/png', ?, '', 'file', 'now', NULL, NULL, NULL, 'skipped', '', '',
                                            NULL, NULL, NULL, NULL, NULL)
                """, [.text(hash), .integer(Int64(bytes.count))])
            return stored
        }
    }

    func testStoredInChunksAndReadBackAChunkAtATime() throws {
        let db = try connect("alice")
        let storage = DatabaseReceiptStorage(db)
        XCTAssertFalse(try storage.contains(hash))
        XCTAssertEqual(try storage.check(hash), .missing)
        XCTAssertTrue(try capture(bytes, hash: hash, as: db))
        XCTAssertEqual(
            try rows("alice", "SELECT chunk, length(bytes) FROM receipt_contents ORDER BY chunk;"),
            ["0|262144", "1|262144", "2|262144", "3|1000"])
        var pieces: [Int] = []
        var read: [UInt8] = []
        try storage.forEachPiece(of: hash) {
            pieces.append($0.count)
            read += $0
        }
        XCTAssertEqual(pieces, [262_144, 262_144, 262_144, 1_000])
        XCTAssertEqual(read, bytes)
        XCTAssertEqual(try storage.read(hash), bytes)
        XCTAssertEqual(try storage.check(hash), .ok)
        XCTAssertNil(storage.localPath(of: hash))
        XCTAssertFalse(storage.writesAfterRow)
    }

    func testBytesBecomeContentOnlyWholeAndWithTheirTransaction() throws {
        let db = try connect("alice")
        // A failure after some chunks leaves none: they go with the transaction.
        XCTAssertThrowsError(
            try db.inTransaction {
                try self.capture(self.bytes, hash: self.hash, as: db)
                throw ExpenseError(.io, "the disk is full")
            })
        XCTAssertEqual(
            try expectSuccess(
                cluster.psql(
                    "SELECT count(*) FROM receipt_contents; SELECT count(*) FROM receipt_uploads;",
                    database: database)), ["0", "0"])
    }

    func testTheSameBytesAreStoredOnceWhoeverCapturesThem() throws {
        XCTAssertTrue(try capture(bytes, hash: hash, as: try connect("alice")))
        XCTAssertFalse(try capture(bytes, hash: hash, as: try connect("carol")), "carol's capture wrote them again")
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT count(*) FROM receipt_contents;", database: database)), ["4"])
        XCTAssertEqual(try DatabaseReceiptStorage(try connect("carol")).read(hash), bytes, "carol reads her receipt's bytes")
    }

    /// Bytes sent under a hash they do not have never become content: the server hashes them whole
    /// first, so that no one can plant bytes under someone else's receipt's name.
    func testBytesThatDoNotHashToTheirNameAreNeverStored() throws {
        var forged = bytes
        forged[5] ^= 0xFF
        XCTAssertThrowsError(try capture(forged, hash: hash, as: try connect("carol"))) { error in
            XCTAssertEqual((error as? DatabaseError)?.sqlState, "23000", "\(error)")
        }
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT count(*) FROM receipt_contents;", database: database)), ["0"])
        XCTAssertTrue(try capture(bytes, hash: hash, as: try connect("alice")))
        XCTAssertEqual(try DatabaseReceiptStorage(try connect("alice")).read(hash), bytes)
    }

    func testAGapOrAChangedByteIsCorruption() throws {
        let db = try connect("alice")
        try capture(bytes, hash: hash, as: db)
        let storage = DatabaseReceiptStorage(db)
        try expectSuccess(cluster.psql("DELETE FROM receipt_contents WHERE chunk = 2;", database: database))
        guard case .corrupted(let actual) = try storage.check(hash) else { return XCTFail("a missing chunk went unnoticed") }
        XCTAssertEqual(actual, SHA256.hex(Array(bytes[0..<(2 * DatabaseReceiptStorage.chunkSize)])), "read up to the gap")
        try expectSuccess(cluster.psql("DELETE FROM receipt_contents WHERE chunk = 0;", database: database))
        XCTAssertEqual(try storage.check(hash), .missing)
        assertExpenseError(try storage.read(hash), kind: .noInput, messageContains: "missing from the database")
    }

    func testOnlyARoleThatSeesEverythingFindsOrRemovesUnreferencedBytes() throws {
        let alice = try connect("alice")
        try capture(bytes, hash: hash, as: alice)
        try alice.execute("SELECT expenses.receipt_delete(id) FROM receipts")
        let storage = DatabaseReceiptStorage(alice)
        assertExpenseError(try storage.unreferenced(by: [], now: 0), kind: .permissionDenied, messageContains: "only the administrator")
        XCTAssertFalse(try storage.remove(hash))
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT count(*) FROM receipt_contents;", database: database)), ["4"])

        // The superuser sees them all: the unreferenced go; those of a receipt stay, even when named
        // (a capture may have come to refer to them since they were found).
        let kept = Array("another receipt".utf8)
        try capture(kept, hash: SHA256.hex(kept), as: try connect("carol"))
        let admin = DatabaseReceiptStorage(
            try PostgresDatabase(
                cluster.connectionURI(
                    user: cluster.superuser, password: cluster.superuserPassword,
                    database: database)))
        let found = try admin.unreferenced(by: [SHA256.hex(kept)], now: 0)
        XCTAssertEqual(found, [ReceiptStorageEntry(hash: hash, size: Int64(bytes.count), location: "receipt_contents")])
        try admin.remove(unreferenced: found + [ReceiptStorageEntry(hash: SHA256.hex(kept), size: 15, location: "receipt_contents")])
        XCTAssertEqual(
            try expectSuccess(cluster.psql("SELECT count(*) FROM receipt_contents;", database: database)), ["1"],
            "the bytes of carol's receipt went too, or the unreferenced stayed")
        XCTAssertEqual(try admin.read(SHA256.hex(kept)), kept)
    }
}
