import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore

/// The vault as a `ReceiptStorage`: read a piece at a time, and what `receipt gc` finds in it.
final class ReceiptVaultStorageTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "the receipt vault beside a file; a team database keeps receipts' bytes in receipt_contents (TeamReceiptTests, DatabaseReceiptStorageTests)"
        )
    }

    private var vault: ReceiptVault!

    override func setUpWithError() throws {
        try super.setUpWithError()
        vault = ReceiptVault(root: path("test.receipts"))
    }

    func testAFileIsReadInPiecesThatMakeItWhole() throws {
        let bytes = (0..<(2 * ReceiptVault.pieceSize + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let hash = SHA256.hex(bytes)
        try vault.store(bytes, hash: hash)
        var pieces: [Int] = []
        var read: [UInt8] = []
        try vault.forEachPiece(of: hash) {
            pieces.append($0.count)
            read += $0
        }
        XCTAssertEqual(pieces.reduce(0, +), bytes.count)
        XCTAssertLessThanOrEqual(pieces.max() ?? .max, ReceiptVault.pieceSize)
        XCTAssertGreaterThan(pieces.count, 2)
        XCTAssertEqual(read, bytes)
        let storage: any ReceiptStorage = vault
        XCTAssertEqual(try storage.read(hash), bytes)
        XCTAssertEqual(try storage.actualHash(of: hash), hash)
        XCTAssertEqual(storage.localPath(of: hash), vault.path(of: hash))
        XCTAssertEqual(storage.place, .vault(root: path("test.receipts")))
        assertExpenseError(try storage.read(String(repeating: "0", count: 64)), kind: .noInput, code: .receiptFileMissing)
    }

    func testUnreferencedAreFilesOfNoRowAndStaleTemporaries() throws {
        let kept = Array("kept".utf8)
        let orphan = Array("orphan".utf8)
        try vault.store(kept, hash: SHA256.hex(kept))
        try vault.store(orphan, hash: SHA256.hex(orphan))
        let directory = (vault.path(of: SHA256.hex(kept)) as NSString).deletingLastPathComponent
        let temporary = directory + "/.tmp-interrupted"
        XCTAssertTrue(FileManager.default.createFile(atPath: temporary, contents: Data("half".utf8)))
        let now = Int(Date().timeIntervalSince1970)

        let fresh = try vault.unreferenced(by: [SHA256.hex(kept)], now: now)
        XCTAssertEqual(fresh.map(\.hash), [SHA256.hex(orphan)], "a temporary file of a write going on now is not garbage")
        let later = try vault.unreferenced(by: [SHA256.hex(kept)], now: now + ReceiptVault.staleTemporaryAge + 1)
        XCTAssertEqual(Set(later.map(\.location)), [vault.path(of: SHA256.hex(orphan)), temporary])
        try vault.remove(unreferenced: later)
        XCTAssertTrue(vault.contains(SHA256.hex(kept)))
        XCTAssertFalse(vault.contains(SHA256.hex(orphan)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: (vault.path(of: SHA256.hex(orphan)) as NSString).deletingLastPathComponent),
            "its emptied directory stayed")
    }
}
