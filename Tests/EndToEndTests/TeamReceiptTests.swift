import Foundation
import XCTest

/// Receipts on a team database: their bytes are in the database (receipt_contents), in chunks,
/// read and written a chunk at a time, seen by whoever sees the receipt — the traveller and the
/// approver of her submitted report, nobody else.
final class TeamReceiptTests: TeamDatabaseTestCase {
    private let sample = "hotel-walldorf-de.jpg"

    override func setUpWithError() throws {
        try super.setUpWithError()
        // carol: a traveller who reviews nothing.
        try psqlOK(
            """
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'carol') THEN
                CREATE ROLE carol LOGIN PASSWORD 'carol-pw'; END IF; END $$;
            """)
        try psqlOK("GRANT expenses_traveller TO carol", in: database)
    }

    /// alice's report 1 with one taxi item (expense 1).
    private func aliceTrip() throws {
        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-06")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "412.80", "--category", "lodging")
    }

    /// What the superuser's psql prints for `sql`, trimmed.
    private func superuser(_ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func sha256(_ path: String) throws -> String {
        let result = try Tool.run("/usr/bin/sha256sum", path)
        XCTAssertEqual(result.status, 0, "sha256sum \(path)")
        return String(result.stdout.prefix(64))
    }

    func testTheApproverExportsTheTravellersReceiptAndNobodyElseSeesIt() throws {
        try aliceTrip()
        let captured = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--expense", "1", "--no-ocr")
        XCTAssertTrue(captured.contains("Captured receipt 1"), captured)
        XCTAssertEqual(
            try superuser("SELECT count(*), sum(length(bytes)) FROM receipt_contents"),
            "1|\(try ReceiptSamples.bytes(sample).count)", "the file is in the database, in one chunk")
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("All 1 receipt verified"))
        _ = try ok(as: "alice", "report", "submit", "1")

        let exported = app.path("bob.jpg")
        XCTAssertTrue(try ok(as: "bob", "receipt", "export", "1", "-o", exported).contains("Exported receipt 1"))
        XCTAssertEqual(try sha256(exported), try sha256(ReceiptSamples.path(sample)))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: exported)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try app.stdoutBytes("--db", uri("bob"), "receipt", "export", "1", "-o", "-"), try ReceiptSamples.bytes(sample))
        XCTAssertTrue(try ok(as: "bob", "receipt", "list", "--report", "1").contains(sample))
        XCTAssertTrue(try ok(as: "bob", "receipt", "verify").contains("All 1 receipt verified"), "bob checks what he sees")
        // The printable report embeds it, read from the database.
        let html = app.path("report.html")
        _ = try ok(as: "bob", "report", "export", "1", "-o", html)
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains(try ReceiptSamples.bytes(sample).base64EncodedString()))

        // Neither a traveller of her own nor finance (the report is not approved yet) sees it.
        for role in ["carol", "fiona"] {
            assertFails(try run(as: role, "receipt", "export", "1", "-o", app.path("\(role).jpg")), 66, "unknown receipt 1")
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("\(role).jpg")))
            XCTAssertFalse(try ok(as: role, "receipt", "list").contains(sample), "\(role) lists alice's receipt")
        }
        // Nor straight from the server: row security shows carol no bytes of a receipt she cannot see.
        let direct = try cluster.psql(as: "carol", password: "carol-pw", sql: "SELECT count(*) FROM receipt_contents", database: database)
        XCTAssertEqual(direct.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0", direct.stderr)
    }

    func testADamagedOrMissingChunkIsReported() throws {
        try aliceTrip()
        _ = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--expense", "1", "--no-ocr")
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("verified"))
        // One byte changed by someone with the server's keys.
        XCTAssertEqual(
            try superuser("UPDATE receipt_contents SET bytes = set_byte(bytes, 100, (get_byte(bytes, 100) + 1) % 256)"),
            "UPDATE 1")
        let verify = try run(as: "alice", "receipt", "verify")
        assertFails(verify, 65, "1 of 1 receipt failed verification: 1 corrupted")
        XCTAssertTrue(verify.stdout.contains("corrupted") && verify.stdout.contains("content hashes to"), verify.stdout)
        XCTAssertTrue(verify.stderr.contains("administrator"), "the hint says who can restore it: \(verify.stderr)")
        let target = app.path("damaged.jpg")
        assertFails(try run(as: "alice", "receipt", "export", "1", "-o", target), 65, "are damaged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "a damaged receipt was written out")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter { $0.contains(".tmp-") }, [],
            "the temporary file stayed")
        assertFails(try run(as: "alice", "receipt", "export", "1", "-o", "-"), 65, "are damaged")
        // The same bytes captured again cannot repair what no user may change: refused, not attached.
        assertFails(try run(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--no-ocr"), 65, "is damaged")

        XCTAssertEqual(try superuser("DELETE FROM receipt_contents"), "DELETE 1")
        let gone = try run(as: "alice", "receipt", "verify")
        assertFails(gone, 65, "1 missing")
        XCTAssertTrue(gone.stdout.contains("not in the database"), gone.stdout)
        // Capturing the original again puts the bytes back under the same receipt.
        let again = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--no-ocr")
        XCTAssertTrue(again.contains("they are restored"), again)
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("verified"))
    }

    /// A receipt of many chunks comes back byte for byte, and exporting it holds about a chunk at
    /// a time: the export's peak memory above a command that reads no receipt stays under half the
    /// file, while the printable report, which must embed the file whole, goes over the file's size.
    func testALargeReceiptRoundTripsAChunkAtATime() throws {
        try aliceTrip()
        let large = app.path("large.png")
        try makePNG(large, width: 2_000, height: 2_000)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        XCTAssertGreaterThan(size, 11 << 20)
        _ = try ok(as: "alice", "receipt", "capture", large, "--expense", "1", "--no-ocr")
        let stored = try superuser("SELECT count(*), sum(length(bytes)), max(length(bytes)) FROM receipt_contents").split(separator: "|")
        XCTAssertEqual(stored.count, 3)
        XCTAssertGreaterThan(Int(stored[0]) ?? 0, 8, "stored in one piece: \(stored)")
        XCTAssertEqual(Int(stored[1]), size)
        XCTAssertLessThanOrEqual(Int(stored[2]) ?? .max, 1 << 20)

        let exported = app.path("exported.png")
        let export = try peakMemory(as: "alice", "receipt", "export", "1", "-o", exported)
        XCTAssertEqual(try sha256(exported), try sha256(large))
        let baseline = try peakMemory(as: "alice", "receipt", "show", "1")
        let html = try peakMemory(as: "alice", "report", "export", "1", "-o", app.path("report.html"))
        let (exportExtra, htmlExtra) = (export - baseline, html - baseline)
        print(
            "peak memory: receipt show \(baseline >> 10) KiB; receipt export of \(size >> 10) KiB: \(export >> 10) KiB "
                + "(+\(exportExtra >> 10) KiB); report export --format html: \(html >> 10) KiB (+\(htmlExtra >> 10) KiB)")
        XCTAssertLessThan(exportExtra, size / 2, "exporting held the receipt whole")
        XCTAssertGreaterThan(htmlExtra, size, "the measure cannot see a file held whole")
    }

    func testTheSameBytesAreStoredOnceAndReadByOCRFromAPrivateCopy() throws {
        // A tesseract that says what it was given: its file's mode and content, and where it was.
        let log = app.path("ocr-log")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let bin = app.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = try app.script(
            "bin/tesseract",
            """
            if [ "$1" = "--list-langs" ]; then echo 'List of available languages (1):'; echo eng; exit 0; fi
            stat -c '%a' "$1" > \(log)/mode; sha256sum < "$1" | cut -c1-64 > \(log)/sha; echo "$1" > \(log)/path
            printf 'HOTEL ASTORIA WALLDORF\\n06.03.2026\\nTOTAL EUR 1,234.56\\n'
            """)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script))
        app.environment["PATH"] = bin + ":" + (app.environment["PATH"] ?? "/usr/bin:/bin")
        app.environment["TMPDIR"] = app.path("tmp")
        try FileManager.default.createDirectory(atPath: app.path("tmp"), withIntermediateDirectories: true)

        let captured = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--format", "json")
        XCTAssertTrue(captured.contains("\"status\": \"done\""), captured)
        XCTAssertTrue(captured.contains("\"path\": null"), "a receipt in the database has no file: \(captured)")
        let read = { (name: String) in
            try String(contentsOfFile: "\(log)/\(name)", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try read("mode"), "600")
        XCTAssertEqual(try read("sha"), try sha256(ReceiptSamples.path(sample)))
        let copy = try read("path")
        XCTAssertTrue(copy.hasPrefix(app.path("tmp") + "/expenses-receipt-"), copy)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path("tmp")), [], "the private copy stayed")

        // bob captures the same bytes: a receipt of his own, the bytes not stored twice.
        let bobs = try ok(as: "bob", "receipt", "capture", ReceiptSamples.path(sample), "--no-ocr")
        XCTAssertTrue(bobs.contains("Captured receipt 2"), bobs)
        XCTAssertEqual(try superuser("SELECT count(*) FROM receipts"), "2")
        XCTAssertEqual(try superuser("SELECT count(*) FROM receipt_contents"), "1")
        XCTAssertEqual(try app.stdoutBytes("--db", uri("bob"), "receipt", "export", "2", "-o", "-"), try ReceiptSamples.bytes(sample))
    }

    func testOnlyTheAdministratorRemovesBytesNoReceiptRefersTo() throws {
        _ = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path(sample), "--no-ocr")
        _ = try ok(as: "alice", "receipt", "capture", ReceiptSamples.path("taxi-berlin-de.png"), "--no-ocr")
        let deleted = try ok(as: "alice", "receipt", "delete", "2")
        XCTAssertTrue(deleted.contains("its bytes stay in the database"), deleted)
        XCTAssertEqual(try superuser("SELECT count(DISTINCT sha256) FROM receipt_contents"), "2")
        // alice sees no bytes but those of her receipts, and may delete none: refused, not "nothing to remove".
        assertFails(try run(as: "alice", "receipt", "gc"), 77, "only the administrator")
        assertFails(try run(as: "alice", "receipt", "gc", "--dry-run"), 77, "only the administrator")

        let admin = uri("postgres", cluster.superuserPassword)
        let dryRun = try app.run("--db", admin, "receipt", "gc", "--dry-run")
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("Would remove 1 receipt's bytes"), dryRun.stdout)
        let verify = try app.run("--db", admin, "receipt", "verify")
        XCTAssertTrue(
            verify.stdout.contains("All 1 receipt verified")
                && verify.stdout.contains("1 receipt's bytes in the database belong to no receipt"), verify.stdout)
        let gc = try app.run("--db", admin, "receipt", "gc")
        XCTAssertEqual(gc.status, 0, gc.stderr)
        XCTAssertTrue(gc.stdout.contains("Removed 1 receipt's bytes"), gc.stdout)
        XCTAssertEqual(try superuser("SELECT count(DISTINCT sha256) FROM receipt_contents"), "1")
        XCTAssertTrue(try ok(as: "alice", "receipt", "verify").contains("All 1 receipt verified"))
        XCTAssertTrue(try app.run("--db", admin, "receipt", "gc").stdout.contains("Nothing to remove"))
    }

    // MARK: - Helpers

    /// A valid PNG of random pixels (incompressible: its file is about width × height × 3 bytes),
    /// made with Python's zlib.
    private func makePNG(_ path: String, width: Int, height: Int) throws {
        let result = try Tool.run(
            "/usr/bin/python3", "-c",
            """
            import os, struct, sys, zlib
            path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            raw = b''.join(b'\\x00' + os.urandom(w * 3) for _ in range(h))
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
            png = (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                   + chunk(b'IDAT', zlib.compress(raw, 1)) + chunk(b'IEND', b''))
            open(path, 'wb').write(png)
            """, path, String(width), String(height))
        XCTAssertEqual(result.status, 0, "python3 could not make \(path)")
    }

    /// The peak resident memory, in bytes, of the binary run as `role` (its own, from
    /// getrusage(RUSAGE_CHILDREN) in a Python parent that runs only it); the command must succeed.
    private func peakMemory(as role: String, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let result = try app.run(
            [
                "-c",
                """
                import resource, subprocess, sys
                status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
                print('maxrss', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
                sys.exit(status)
                """, ExpensesProcess.binary.path, "--db", uri(role),
            ] + arguments, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let report = result.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss ") }
        let kibibytes = try XCTUnwrap(report.flatMap { Int($0.dropFirst("maxrss ".count)) }, result.stderr, file: file, line: line)
        return kibibytes << 10
    }
}
