import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ReceiptCaptureTests` that need no process of their own: run in this one, fast.
extension ReceiptCaptureTests {

    func testAFileIsStoredOnceUnderItsHashAndAttached() throws {
        try app.walldorfTrip()
        let first = try app.run("receipt", "capture", ReceiptSamples.path(hotel), "--expense", "1", "--no-ocr")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Captured receipt 1: JPEG, "), first.stdout)
        XCTAssertTrue(first.stdout.contains(" pixels, 60.5 KiB, from \(hotel)\n"), first.stdout)
        XCTAssertTrue(first.stdout.contains("OCR skipped: not asked for (--no-ocr)\nAttached to expense 1\n"), first.stdout)

        let hash = try app.query("SELECT sha256 FROM receipts WHERE id = 1")
        let sha256sum = try Tool.run("/usr/bin/sha256sum", ReceiptSamples.path(hotel)).stdout.prefix(64)
        XCTAssertEqual(hash, String(sha256sum))
        let stored = "\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)"
        XCTAssertEqual(app.vaultFiles(), [stored])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: app.vaultPath + "/" + stored)), try ReceiptSamples.bytes(hotel))
        let mode = try FileManager.default.attributesOfItem(atPath: app.vaultPath + "/" + stored)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        XCTAssertEqual(
            try app.query("SELECT media_type, size, original_name, source, taken_at FROM receipts"),
            "image/jpeg|61954|\(hotel)|file|2026-03-06T08:12:44")

        // The same bytes again, under another name and from stdin: the same receipt, one file.
        let copy = app.path("copy-of-the-hotel-bill.jpg")
        try FileManager.default.copyItem(atPath: ReceiptSamples.path(hotel), toPath: copy)
        let again = try app.run("receipt", "capture", copy, "--expense", "2", "--no-ocr")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.hasPrefix(
                "Receipt 1 was captured before (\(LocalTime.forPeople("2026-03-10T09:00:00Z")), \(hotel)): the same bytes, kept once\n"),
            again.stdout)
        XCTAssertEqual(
            again.stderr,
            "expenses: warning: receipt 1 is also attached to expense 1: one receipt on two expenses may be the same expense twice (policy rule shared-receipt)\n"
        )
        let piped = try app.run(["receipt", "capture", "-", "--no-ocr"], stdinBytes: try ReceiptSamples.bytes(hotel))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.hasPrefix("Receipt 1 was captured before"), piped.stdout)
        XCTAssertEqual(try receiptCount(), "1")
        XCTAssertEqual(app.vaultFiles(), [stored])
        XCTAssertEqual(try app.query("SELECT group_concat(expense_id) FROM expense_receipts WHERE receipt_id = 1"), "1,2")
        // The shared receipt is what the policy's shared-receipt rule flags.
        XCTAssertTrue(try app.ok("report", "check", "1").contains("shared-receipt:\(hash.prefix(12))"))
    }

    func testAnExpenseCreatedFromAReceiptMakesItsTripTheCurrentOne() throws {
        try app.ok("report", "new", "Walldorf workshop")
        try app.ok("report", "new", "Boston conference")
        XCTAssertEqual(
            try app.query("SELECT title FROM dynamic_shortcuts WHERE type = 'com.sap.example.addExpenseToReport'"),
            "Add expense to Boston conference")
        try app.ok(
            "receipt", "capture", ReceiptSamples.path(taxi), "--no-ocr", "--create", "--report", "1",
            "--date", "2026-03-03", "--amount", "49.50", "--currency", "EUR", "--category", "taxi")
        // Like `expense add`, the capture's new expense moves the app's trip items to its report.
        XCTAssertEqual(
            try app.query("SELECT title FROM dynamic_shortcuts WHERE type = 'com.sap.example.addExpenseToReport'"),
            "Add expense to Walldorf workshop")
    }

    func testStandardInput() throws {
        let result = try app.run(["receipt", "capture", "-", "--no-ocr", "--format", "json"], stdinBytes: try ReceiptSamples.bytes(taxi))
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let receipt = try XCTUnwrap(json["receipt"] as? [String: Any])
        XCTAssertEqual(receipt["source"] as? String, "stdin")
        XCTAssertEqual(receipt["mediaType"] as? String, "image/png")
        XCTAssertEqual(receipt["originalName"] as? String, "")
        XCTAssertEqual(receipt["size"] as? Int, 123_465)
        XCTAssertEqual(json["reused"] as? Bool, false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try XCTUnwrap(receipt["path"] as? String)))
    }

    /// The camera command is an argv template: its words reach the program as they are, with
    /// {output} filled in, and no shell ever sees them.
    func testAFakeCameraCommand() throws {
        let camera = try app.script(
            "camera",
            """
            printf '%s\\n' "$@" > "$(dirname "$0")/camera-args"
            while [ $# -gt 1 ]; do
              if [ "$1" = "--out" ]; then cp '\(ReceiptSamples.path(taxi))' "$2"; fi
              shift
            done
            """)
        try app.ok("config", "set", "camera.command", "\(camera) -r 1920x1080 '$HOME; touch pwned' --out {output}")
        let result = try app.run("receipt", "capture", "--no-ocr")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Captured receipt 1: PNG, "), result.stdout)
        XCTAssertTrue(result.stdout.contains(", from camera\n"), result.stdout)
        let arguments = try String(contentsOfFile: app.path("camera-args"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(arguments.prefix(4)), ["-r", "1920x1080", "$HOME; touch pwned", "--out"])
        XCTAssertTrue(arguments[4].hasSuffix("/receipt.jpg"), arguments[4])
        XCTAssertFalse(FileManager.default.fileExists(atPath: arguments[4]), "the camera's temporary file is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("pwned")))
        XCTAssertEqual(try app.query("SELECT source, original_name FROM receipts"), "camera|")
        // --camera says the same explicitly; the shortcut with no file takes a picture too.
        XCTAssertEqual(try app.run("receipt", "capture", "--camera", "--no-ocr").status, 0)
        let shortcut = try app.run("--shortcut", "com.sap.example.takePhoto", "--no-ocr")
        XCTAssertEqual(shortcut.status, 0, shortcut.stderr)
        XCTAssertTrue(shortcut.stdout.hasPrefix("Receipt 1 was captured before"), shortcut.stdout)
    }

    func testACameraThatHangsFailsOrWritesNothing() throws {
        let hanging = try app.script("hanging-camera", "sleep 60")
        try app.ok("config", "set", "camera.command", "\(hanging) {output}")
        try app.ok("config", "set", "camera.timeout", "1")
        let hung = try app.run("receipt", "capture")
        XCTAssertEqual(hung.status, 69)
        XCTAssertEqual(
            hung.stderr,
            "expenses: error: the camera command did not finish within 1 s and was stopped\nhint: check the camera, or allow it longer: expenses config set camera.timeout 60\n"
        )

        let failing = try app.script("failing-camera", "echo 'no device /dev/video0' >&2; exit 3")
        try app.ok("config", "set", "camera.command", "\(failing) {output}")
        let failed = try app.run("receipt", "capture")
        XCTAssertEqual(failed.status, 69)
        XCTAssertEqual(failed.stderr, "expenses: error: the camera command failed (exit status 3): no device /dev/video0\n")

        let lazy = try app.script("lazy-camera", "exit 0")
        try app.ok("config", "set", "camera.command", "\(lazy) {output}")
        XCTAssertEqual(try app.run("receipt", "capture").status, 69)

        try app.ok("config", "set", "camera.command", "/no/such/camera {output}")
        let missing = try app.run("receipt", "capture")
        XCTAssertEqual(missing.status, 69)
        XCTAssertTrue(missing.stderr.hasPrefix("expenses: error: the camera command '/no/such/camera' was not found\n"), missing.stderr)

        let refused = try app.run("config", "set", "camera.command", "fswebcam photo.jpg")
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.contains("needs {output}"), refused.stderr)
        XCTAssertEqual(try receiptCount(), "0")
        XCTAssertEqual(app.vaultFiles(), [])
    }

    func testTheInboxGivesTheNewestNewPhotoOnce() throws {
        let inbox = app.path("Phone Sync")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        func drop(_ sample: String, as name: String, minutesAgo: Double) throws {
            let path = inbox + "/" + name
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: ReceiptSamples.path(sample), toPath: path)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -minutesAgo * 60)], ofItemAtPath: path)
        }
        try drop(hotel, as: "IMG_0001.JPG", minutesAgo: 30)
        try drop(taxi, as: "IMG_0002.png", minutesAgo: 10)
        try "shopping list".write(toFile: inbox + "/notes.txt", atomically: true, encoding: .utf8)
        try "half synced".write(toFile: inbox + "/.IMG_0003.jpg.part", atomically: true, encoding: .utf8)
        try app.ok("config", "set", "receipts.inbox", inbox)

        let newest = try app.run("receipt", "capture", "--no-ocr")
        XCTAssertEqual(newest.status, 0, newest.stderr)
        XCTAssertTrue(newest.stdout.contains("from IMG_0002.png\n"), newest.stdout)
        let older = try app.run("receipt", "capture", "--inbox", "--no-ocr")
        XCTAssertTrue(older.stdout.contains("from IMG_0001.JPG\n"), older.stdout)
        let none = try app.run("receipt", "capture", "--inbox", "--no-ocr")
        XCTAssertEqual(none.status, 66)
        XCTAssertTrue(none.stderr.hasPrefix("expenses: error: no new receipt photo in the inbox \(inbox) (2 taken already)\n"), none.stderr)
        XCTAssertEqual(
            try app.query("SELECT source || ':' || original_name FROM receipts ORDER BY id"),
            "inbox:IMG_0002.png\ninbox:IMG_0001.JPG")
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipt_inbox_taken"), "2")

        // A new photo under an old name is new; a picture that is not one is skipped with a warning.
        try drop(hotel, as: "IMG_0002.png", minutesAgo: 1)
        try "not a photo".write(toFile: inbox + "/IMG_0004.jpg", atomically: true, encoding: .utf8)
        let replaced = try app.run("receipt", "capture", "--inbox", "--no-ocr")
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertTrue(
            replaced.stderr.contains("warning: skipped \(inbox)/IMG_0004.jpg in the receipt inbox: it looks like text"), replaced.stderr)
        XCTAssertTrue(replaced.stdout.hasPrefix("Receipt 2 was captured before"), replaced.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipt_inbox_taken"), "3")
        // The photos stay where the sync put them.
        XCTAssertTrue(FileManager.default.fileExists(atPath: inbox + "/IMG_0001.JPG"))
    }

    func testWhatIsNotAReceiptIsRefusedAndNothingIsKept() throws {
        let text = app.path("receipt.jpg")
        try "TOTAL 12.50 EUR\nThank you!\n".write(toFile: text, atomically: true, encoding: .utf8)
        let notAnImage = try app.run("receipt", "capture", text)
        XCTAssertEqual(notAnImage.status, 65)
        XCTAssertEqual(
            notAnImage.stderr,
            "expenses: error: receipt.jpg is not a receipt image: it looks like text\nhint: a receipt can be a JPEG, PNG, HEIC or WebP picture, a PDF, or an e-mail\n"
        )

        let empty = app.path("empty.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let emptyResult = try app.run("receipt", "capture", empty)
        XCTAssertEqual(emptyResult.status, 65)
        XCTAssertTrue(emptyResult.stderr.hasPrefix("expenses: error: empty.png is not a receipt image: it is empty\n"), emptyResult.stderr)

        try app.ok("config", "set", "receipts.max-size", "50KiB")
        let large = try app.run("receipt", "capture", ReceiptSamples.path(hotel))
        XCTAssertEqual(large.status, 65)
        XCTAssertEqual(
            large.stderr,
            "expenses: error: \(ReceiptSamples.path(hotel)) is 60.5 KiB; receipts may be at most 50 KiB\nhint: shrink the picture, or raise the limit: expenses config set receipts.max-size 50MiB\n"
        )
        let largePiped = try app.run(["receipt", "capture", "-"], stdinBytes: try ReceiptSamples.bytes(hotel))
        XCTAssertEqual(largePiped.status, 65)
        XCTAssertTrue(
            largePiped.stderr.hasPrefix("expenses: error: standard input is larger than 50 KiB; receipts may be at most 50 KiB\n"),
            largePiped.stderr)

        let missing = try app.run("receipt", "capture", "nowhere.jpg")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "expenses: error: cannot read the receipt nowhere.jpg: no such file\n")

        let nothing = try app.run("receipt", "capture")
        XCTAssertEqual(nothing.status, 64)
        XCTAssertTrue(
            nothing.stderr.hasPrefix("expenses: error: nothing to capture: give a file, or '-' to read standard input\n"), nothing.stderr)
        XCTAssertEqual(try app.run("receipt", "capture", text, "--camera").status, 64)
        XCTAssertEqual(try app.run("receipt", "capture", text, "--create", "--expense", "1").status, 64)
        XCTAssertEqual(try app.run("receipt", "capture", text, "--amount", "12.50").status, 64, "--amount goes with --create")

        XCTAssertEqual(try receiptCount(), "0")
        XCTAssertEqual(app.vaultFiles(), [])
    }

    func testAnItemOfASubmittedReportTakesNoReceipt() throws {
        try app.walldorfTrip()
        try app.ok("policy", "set", "missing-receipt", "warning")
        try app.ok("report", "submit", "1")
        let refused = try app.run("receipt", "capture", ReceiptSamples.path(hotel), "--expense", "1")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            "expenses: error: expense 1 is in report 1, which is submitted; cannot attach receipts to it\nhint: recall it first: expenses report recall 1\n"
        )
        XCTAssertEqual(try receiptCount(), "0")
        XCTAssertEqual(app.vaultFiles(), [], "refused before anything was stored")

        try app.ok("receipt", "capture", ReceiptSamples.path(hotel), "--no-ocr")
        XCTAssertEqual(try app.run("receipt", "attach", "1", "--expense", "1").status, 1)
        // The schema's trigger holds even when the app's check is bypassed.
        let direct = try Tool.run(
            "/usr/bin/sqlite3", app.databasePath,
            "INSERT INTO expense_receipts VALUES (1, 1, 'now')")
        XCTAssertNotEqual(direct.status, 0)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_receipts"), "0")
    }

    func testTheTakePhotoShortcutCapturesTheFileGiven() throws {
        let launched = try app.run("--shortcut", "com.sap.example.takePhoto", ReceiptSamples.path(taxi), "--no-ocr")
        XCTAssertEqual(launched.status, 0, launched.stderr)
        XCTAssertTrue(launched.stdout.hasPrefix("Captured receipt 1: PNG, "), launched.stdout)
        XCTAssertEqual(try app.query("SELECT original_name FROM receipts"), taxi)
        let refused = try app.run("--shortcut", "com.sap.example.takePhoto", app.path("missing.jpg"))
        XCTAssertEqual(refused.status, 66)
    }
}
