import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The vault: content-addressed files written atomically, and what a crash at each step leaves.
final class ReceiptVaultTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "the receipt vault beside a file; a team database keeps receipts' bytes in receipt_contents (TeamReceiptTests, DatabaseReceiptStorageTests)"
        )
    }

    private var vault: ReceiptVault!
    private let bytes = Array("not really a JPEG, but the vault does not care".utf8)
    private var hash: String { SHA256.hex(bytes) }

    private struct Crash: Error {}

    override func setUpWithError() throws {
        try super.setUpWithError()
        vault = ReceiptVault(root: path("test.receipts"))
    }

    override func tearDownWithError() throws {
        ReceiptVault.afterStep = nil
        try super.tearDownWithError()
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testTheVaultIsNamedAfterItsDatabase() {
        XCTAssertEqual(ReceiptVault.beside(databasePath: "/data/expenses.sqlite")?.root, "/data/expenses.receipts")
        XCTAssertEqual(ReceiptVault.beside(databasePath: "/data/trips.db")?.root, "/data/trips.receipts")
        XCTAssertEqual(ReceiptVault.beside(databasePath: "/data/plain")?.root, "/data/plain.receipts")
        XCTAssertEqual(ReceiptVault.beside(databasePath: "/data/.hidden")?.root, "/data/.hidden.receipts")
        XCTAssertEqual(ReceiptVault.beside(databasePath: "local.sqlite")?.root, "local.receipts")
        XCTAssertNil(ReceiptVault.beside(databasePath: ":memory:"))
    }

    func testStoresOnceUnderItsHashWithAFanOutAndPrivateModes() throws {
        XCTAssertTrue(try vault.store(bytes, hash: hash))
        let file = vault.path(of: hash)
        XCTAssertEqual(file, path("test.receipts") + "/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: file))), bytes)
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(try mode(path("test.receipts")), 0o700)
        XCTAssertFalse(try vault.store(bytes, hash: hash), "the same bytes again are not written again")
        XCTAssertEqual(try vault.files().map(\.hash), [hash])
        XCTAssertEqual(vault.check(hash), .ok)
    }

    func testADamagedFileIsReplacedByTheSameBytesAgain() throws {
        try vault.store(bytes, hash: hash)
        var damaged = bytes
        damaged[3] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: vault.path(of: hash)))
        XCTAssertEqual(vault.check(hash), .corrupted(actual: SHA256.hex(damaged)))
        XCTAssertTrue(try vault.store(bytes, hash: hash), "same size, other bytes: rewritten")
        XCTAssertEqual(vault.check(hash), .ok)
        try FileManager.default.removeItem(atPath: vault.path(of: hash))
        XCTAssertEqual(vault.check(hash), .missing)
        XCTAssertTrue(try vault.store(bytes, hash: hash))
        XCTAssertEqual(vault.check(hash), .ok)
    }

    /// A crash before the rename leaves only a temporary file, never a half-written file under
    /// the final name; gc finds the temporary one.
    func testACrashBeforeTheRenameLeavesNoFileUnderTheFinalName() throws {
        for step in [ReceiptVault.WriteStep.written, .synced] {
            ReceiptVault.afterStep = { if $0 == step { throw Crash() } }
            XCTAssertThrowsError(try vault.store(bytes, hash: hash))
            XCTAssertFalse(vault.contains(hash), "after \(step)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: vault.path(of: hash)))
        }
        ReceiptVault.afterStep = nil
        // The vault removes its temporary file on a thrown error; a real crash cannot, so leave one
        // behind by hand and check that it is seen as a stray, not a receipt.
        let stray = (vault.path(of: hash) as NSString).deletingLastPathComponent + "/.tmp-\(hash.prefix(16))-999-1"
        try Data(bytes.prefix(5)).write(to: URL(fileURLWithPath: stray))
        XCTAssertEqual(try vault.files().map(\.hash), [nil])
        XCTAssertTrue(try vault.store(bytes, hash: hash))
        XCTAssertEqual(Set(try vault.files().map(\.hash)), [hash, nil])
    }

    /// A crash between the file and its row leaves a file that no row refers to: never a row
    /// without its file. gc (the store's hashes against the vault's files) finds it.
    func testACrashBetweenFileAndRowLeavesOnlyAnOrphanFile() throws {
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        let vault = try store.requireReceiptVault()
        XCTAssertThrowsError(
            try store.write { () throws -> Void in
                try vault.store(bytes, hash: hash)
                throw Crash()  // the process dies before the row is written
            })
        XCTAssertTrue(vault.contains(hash))
        XCTAssertNil(try store.receipt(sha256: hash))
        let orphans = try vault.files().compactMap(\.hash).filter { !(try store.receiptHashes()).contains($0) }
        XCTAssertEqual(orphans, [hash])

        // And the other order never happens: a row is written only with its file in place.
        let receipt = try store.write { () throws -> Receipt in
            try vault.store(bytes, hash: hash)
            return try store.insertReceipt(
                Receipt(
                    sha256: hash, mediaType: .jpeg, size: Int64(bytes.count), source: .file,
                    capturedAt: store.now()))
        }
        XCTAssertEqual(try store.receiptHashes(), [receipt.sha256])
        XCTAssertEqual(vault.check(receipt.sha256), .ok)
    }

    func testRemoveAndPrune() throws {
        try vault.store(bytes, hash: hash)
        XCTAssertTrue(try vault.remove(hash))
        XCTAssertFalse(try vault.remove(hash))
        vault.pruneEmptyDirectories()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("test.receipts")), [])
    }

    func testReadingAMissingFileSaysWhich() {
        assertExpenseError(try vault.read(hash), kind: .noInput, messageContains: "missing from the vault")
    }
}
