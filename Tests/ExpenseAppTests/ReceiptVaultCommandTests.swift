import ExpenseTestSupport
import Foundation
import XCTest

/// The vault's commands — verify, gc, export, delete — and receipts in reports: attach, detach,
/// the missing-receipt marker of `report show`.
final class ReceiptVaultCommandTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(
            because:
                "the receipt vault beside a file; a team database keeps receipts' bytes in receipt_contents (TeamReceiptTests, DatabaseReceiptStorageTests)"
        )
    }

    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
    }

    override func tearDown() { app = nil }

    private func capture(_ sample: String, _ extra: String...) throws {
        let result = try app.run(["receipt", "capture", ReceiptSamples.path(sample), "--no-ocr"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func storedPath(_ id: Int) throws -> String {
        let hash = try app.query("SELECT sha256 FROM receipts WHERE id = \(id)")
        return app.vaultPath + "/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)"
    }

    func testVerifyReportsMissingAndCorruptedFilesAndFailing() throws {
        try capture("hotel-walldorf-de.jpg")
        try capture("taxi-zurich-ch.png")
        try capture("rail-paris-fr.jpg")
        XCTAssertEqual(try app.ok("receipt", "verify"), "All 3 receipts verified: every file is there and matches its SHA-256\n")

        // One byte flipped in one file, another file gone.
        let damaged = try storedPath(1)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        bytes[1000] ^= 0x01
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: damaged)
        try bytes.write(to: URL(fileURLWithPath: damaged))
        try FileManager.default.removeItem(atPath: try storedPath(3))
        let result = try app.run("receipt", "verify")
        XCTAssertEqual(result.status, 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stdout)
        XCTAssertTrue(lines[1].hasPrefix(" 1  ") && lines[1].contains("corrupted  content hashes to "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix(" 3  ") && lines[2].contains("missing"), lines[2])
        XCTAssertEqual(
            result.stderr,
            "expenses: error: 2 of 3 receipts failed verification: 1 missing, 1 corrupted\nhint: capture the original file again to restore it: the same bytes go back under the same receipt\n"
        )

        // Capturing the originals again repairs both.
        try capture("hotel-walldorf-de.jpg")
        let restored = try app.run("receipt", "capture", ReceiptSamples.path("rail-paris-fr.jpg"), "--no-ocr")
        XCTAssertTrue(restored.stdout.contains("Its file in the vault was missing or damaged; it is restored"), restored.stdout)
        XCTAssertEqual(try app.run("receipt", "verify").status, 0)
        // A damaged file is never exported or printed as the receipt.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: try storedPath(2)))
        XCTAssertEqual(try app.run("receipt", "export", "2", "-o", app.path("out.png")).status, 65)
    }

    func testGCRemovesOnlyFilesNoReceiptRefersTo() throws {
        try capture("hotel-walldorf-de.jpg")
        try capture("taxi-zurich-ch.png")
        // As a crash between file and row leaves it: a stored file without a row, and an old
        // temporary file of a write that never finished.
        let orphanHash = String(repeating: "ab", count: 32)
        let orphanDirectory = app.vaultPath + "/ab/ab"
        try FileManager.default.createDirectory(atPath: orphanDirectory, withIntermediateDirectories: true)
        try Data("left behind".utf8).write(to: URL(fileURLWithPath: orphanDirectory + "/" + orphanHash))
        let temporary = orphanDirectory + "/.tmp-abababababababab-4242-1"
        try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: temporary)
        let fresh = orphanDirectory + "/.tmp-abababababababab-4243-1"
        try Data("being written".utf8).write(to: URL(fileURLWithPath: fresh))

        let dryRun = try app.ok("receipt", "gc", "--dry-run")
        XCTAssertTrue(dryRun.hasSuffix("Would remove 2 files (15 bytes) that no receipt refers to\n"), dryRun)
        XCTAssertEqual(app.vaultFiles().count, 5)
        let removed = try app.ok("receipt", "gc")
        XCTAssertTrue(removed.contains(orphanHash) && removed.contains("(temporary)"), removed)
        XCTAssertTrue(removed.hasSuffix("Removed 2 files (15 bytes) that no receipt refers to\n"), removed)
        XCTAssertEqual(app.vaultFiles().count, 3, "the two receipts and the temporary file still being written")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh))
        XCTAssertEqual(try app.ok("receipt", "gc"), "Nothing to remove: every file in the vault belongs to a receipt\n")
        XCTAssertEqual(try app.run("receipt", "verify").status, 0)

        // A deleted receipt's file goes with it; one in use cannot be deleted.
        try app.walldorfTrip()
        try app.ok("receipt", "attach", "1", "--expense", "1")
        let inUse = try app.run("receipt", "delete", "1")
        XCTAssertEqual(inUse.status, 1)
        XCTAssertEqual(
            inUse.stderr,
            "expenses: error: receipt 1 is attached to expense 1; detach it first\nhint: expenses receipt detach 1 --expense 1\n")
        XCTAssertEqual(try app.ok("receipt", "delete", "2"), "Deleted receipt 2 and its file\n")
        XCTAssertEqual(app.vaultFiles().filter { !$0.contains(".tmp-") }.count, 1)
    }

    func testExportWritesTheSameBytes() throws {
        try capture("taxi-zurich-ch.png")
        let target = app.path("taxi.png")
        XCTAssertEqual(try app.ok("receipt", "export", "1", "-o", target), "Exported receipt 1 (PNG, 120.6 KiB) to \(target)\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), try ReceiptSamples.bytes("taxi-zurich-ch.png"))
        let folder = app.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try app.ok("receipt", "export", "1", "-o", folder)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["receipt-1.png"])
        XCTAssertEqual(try app.stdoutBytes("receipt", "export", "1", "-o", "-"), try ReceiptSamples.bytes("taxi-zurich-ch.png"))
        XCTAssertEqual(try app.run("receipt", "export", "1", "-o", app.path("no/such/dir/x.png")).status, 73)
        XCTAssertEqual(try app.run("receipt", "export", "9", "-o", target).status, 66)
    }

    func testReportShowMarksItemsMissingARequiredReceipt() throws {
        try app.walldorfTrip()  // lodging 412.80 EUR, meals 38.50 CHF, taxi 12.00 EUR (below its threshold)
        let before = try app.ok("report", "show", "1")
        XCTAssertTrue(before.contains("RECEIPTS"), before)
        func line(_ text: String, _ merchant: String) -> String {
            text.split(separator: "\n").first { $0.contains(merchant) }.map(String.init) ?? ""
        }
        XCTAssertTrue(line(before, "Hotel Astoria").hasSuffix("412.80 EUR  MISSING"), before)
        XCTAssertTrue(line(before, "Bahnhof Buffet").hasSuffix("40.09 EUR  MISSING"), before)
        XCTAssertTrue(
            before.contains(
                "\nReceipts missing (blocks submission):\n  item 1 (lodging, 412.80 EUR) has no receipt; lodging always needs one\n  item 2 (meals, 38.50 CHF) has no receipt; meals needs one above 25.00 EUR\n"
            ), before)
        XCTAssertFalse(before.contains("item 3 ("), "12.00 EUR of taxi needs no receipt")

        try capture("hotel-walldorf-de.jpg", "--expense", "1")
        try capture("restaurant-basel-ch.jpg", "--expense", "2")
        let after = try app.ok("report", "show", "1")
        XCTAssertTrue(line(after, "Hotel Astoria").hasSuffix("412.80 EUR  #1"), after)
        XCTAssertTrue(line(after, "Bahnhof Buffet").hasSuffix("40.09 EUR  #2"), after)
        XCTAssertFalse(after.contains("Receipts missing"), after)
        XCTAssertFalse(after.contains("MISSING"), after)

        try app.ok("receipt", "detach", "2", "--expense", "2")
        let json = try app.object("report", "show", "1")
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["receiptIds"] as? [Int] }, [[1], [], []])
        XCTAssertEqual(items.map { $0["receiptMissing"] as? Bool }, [false, true, false])
        XCTAssertEqual(json["receiptsMissing"] as? [Int], [2])
        let check = try app.run("report", "check", "1")
        XCTAssertEqual(check.status, 1, "a missing receipt blocks")
        XCTAssertTrue(check.stdout.contains("missing-receipt:2"))
        XCTAssertFalse(check.stdout.contains("missing-receipt:1"))
        // Submitting is blocked by the missing receipt until it is attached again.
        XCTAssertEqual(try app.run("report", "submit", "1").status, 1)
        try app.ok("receipt", "attach", "2", "--expense", "2")
        XCTAssertEqual(try app.run("report", "submit", "1").status, 0)
        XCTAssertEqual(try app.run("receipt", "detach", "2", "--expense", "2").status, 1, "frozen with the submitted report")
    }

    func testListAndShow() throws {
        try app.walldorfTrip()
        try capture("hotel-walldorf-de.jpg", "--expense", "1")
        try capture("taxi-zurich-ch.png")
        XCTAssertEqual(try app.ok("receipt", "list").split(separator: "\n").count, 3)
        XCTAssertEqual(try XCTUnwrap(app.json("receipt", "list", "--report", "1") as? [[String: Any]]).map { $0["id"] as? Int }, [1])
        XCTAssertEqual(try XCTUnwrap(app.json("receipt", "list", "--unattached") as? [[String: Any]]).map { $0["id"] as? Int }, [2])
        XCTAssertEqual(try XCTUnwrap(app.json("receipt", "list", "--expense", "1") as? [[String: Any]]).count, 1)
        let shown = try app.ok("receipt", "show", "1")
        XCTAssertTrue(shown.hasPrefix("Receipt 1\n  SHA-256:   "), shown)
        XCTAssertTrue(shown.contains("  Taken:     2026-03-06 08:12:44 (camera time, EXIF)\n"), shown)
        XCTAssertTrue(shown.contains("  Expenses:  1\n"), shown)
        XCTAssertTrue(shown.contains("  OCR:       skipped: not asked for (--no-ocr)\n"), shown)
        let json = try app.object("receipt", "show", "2")
        XCTAssertNotNil(json["width"] as? Int)
        XCTAssertNotNil(json["height"] as? Int)
        XCTAssertEqual(json["expenseIds"] as? [Int], [])
        XCTAssertEqual(try app.run("receipt", "show", "7").status, 66)
    }
}
