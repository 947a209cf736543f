import ExpenseTestSupport
import Foundation
import XCTest

/// `shortcuts export --web DIR` opened by Debian's headless Chromium at a phone's size, served on
/// loopback: Chromium's own manifest parser reads its two shortcuts without an error and its
/// installability checks find nothing missing. Screenshots are kept (`TestArtifacts`).
final class WebInstallTests: EngineTestCase {
    override class var engines: Engines {
        .once(because: "Chromium reads the files the export wrote; the export on each engine is WebExportTests'")
    }

    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    /// The steps that load the export's page, wait for its service worker, and ask Chromium what
    /// it makes of the manifest; then a screenshot.
    private func inspect(_ screenshot: String) -> [[String: Any]] {
        [
            ["action": "navigate", "url": "{origin}/"],
            ["action": "service_worker"],
            ["action": "manifest"],
            ["action": "installability"],
            ["action": "evaluate", "expression": "[innerWidth, matchMedia('(pointer: coarse)').matches, navigator.userAgent]"],
            ["action": "screenshot", "path": screenshot],
        ]
    }

    func testAPhoneDeemsTheExportInstallableWithTheTwoShortcuts() throws {
        let artifacts = try TestArtifacts.directory("WebInstallTests-phone")
        try app.ok("shortcuts", "export", "--web", "site")
        let run = try DevToolsBrowser.run(inspect(artifacts + "/phone.png"), viewport: .phone, serve: app.path("site"))
        XCTAssertNil(run.error, "step \(run.failedStep ?? -1): \(run.error ?? "")")
        let origin = try XCTUnwrap(run.origin)
        XCTAssertTrue(origin.hasPrefix("http://127.0.0.1:"), origin)
        XCTAssertEqual(run.results.count, 6)
        guard run.results.count == 6 else { return }
        XCTAssertEqual(run.results[1] as? String, origin + "/sw.js", "the service worker controls the page")
        let manifest = try XCTUnwrap(run.results[2] as? [String: Any])
        XCTAssertEqual(manifest["url"] as? String, origin + "/manifest.webmanifest")
        XCTAssertEqual((manifest["errors"] as? [Any])?.count, 0, "\(manifest["errors"] ?? "")")
        let parsed = try XCTUnwrap(manifest["manifest"] as? [String: Any], "Chromium's parsed manifest")
        let shortcuts = try XCTUnwrap(parsed["shortcuts"] as? [[String: Any]])
        XCTAssertEqual(shortcuts.map { $0["name"] as? String }, ["Show Reports", "Take a Picture"])
        XCTAssertEqual(shortcuts.map { $0["url"] as? String }, [origin + "/reports", origin + "/receipts/new"])
        XCTAssertEqual(parsed["startUrl"] as? String, origin + "/reports")
        XCTAssertEqual(parsed["display"] as? String, "kStandalone")
        XCTAssertEqual((run.results[3] as? [Any])?.count, 0, "installability errors: \(run.results[3])")
        let device = try XCTUnwrap(run.results[4] as? [Any])
        XCTAssertEqual(device.first as? Int, 390)
        XCTAssertEqual(device.dropFirst().first as? Bool, true, "a touch screen")
        XCTAssertTrue((device.last as? String ?? "").contains("Android"), "\(device)")
        let screenshot = try Data(contentsOf: URL(fileURLWithPath: artifacts + "/phone.png"))
        XCTAssertEqual(Array(screenshot.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG kept at \(artifacts)/phone.png")
    }

    /// Without the icons Chromium says why it is not installable: the check above is real.
    func testWithoutItsIconsChromiumSaysItIsNotInstallable() throws {
        let artifacts = try TestArtifacts.directory("WebInstallTests-no-icons")
        try app.ok("shortcuts", "export", "--web", "site")
        try FileManager.default.removeItem(atPath: app.path("site/icons"))
        let run = try DevToolsBrowser.run(
            [
                ["action": "navigate", "url": "{origin}/"], ["action": "installability"],
                ["action": "screenshot", "path": artifacts + "/desk.png"],
            ],
            viewport: .desk, serve: app.path("site"))
        XCTAssertNil(run.error)
        let errors = try XCTUnwrap(run.results.dropFirst().first as? [[String: Any]])
        XCTAssertTrue(errors.contains { ($0["errorId"] as? String)?.contains("icon") == true }, "\(errors)")
    }

    /// A catalog title with markup, quotes, a combining mark and an emoji: Chromium parses the
    /// manifest without an error and reads the title back whole; the page shows it as text, and
    /// its markup never runs.
    func testAHostileTitleIsParsedWholeAndShownAsText() throws {
        let artifacts = try TestArtifacts.directory("WebInstallTests-hostile")
        let title = "<img src=x onerror=\"window.pwned=1\"> \"Q1\" & Zu\u{308}rich 🧾</a><script>window.pwned=2</script>"
        let catalog = app.path("Info.plist")
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
        <dict><key>UIApplicationShortcutItemType</key><string>com.sap.example.showReports</string>
        <key>UIApplicationShortcutItemTitle</key><string>\(escaped)</string></dict>
        </array></dict></plist>
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        try app.ok("shortcuts", "export", "--web", "site", "--catalog", catalog)
        let run = try DevToolsBrowser.run(
            [
                ["action": "navigate", "url": "{origin}/"],
                ["action": "manifest"],
                ["action": "text", "selector": "#shortcuts a"],
                [
                    "action": "evaluate",
                    "expression": "(window.pwned === undefined) + ' ' + document.querySelectorAll('img, #shortcuts script').length",
                ],
                ["action": "screenshot", "path": artifacts + "/phone.png"],
            ], viewport: .phone, serve: app.path("site"))
        XCTAssertNil(run.error, "step \(run.failedStep ?? -1): \(run.error ?? "")")
        guard run.results.count == 5 else { return XCTFail("\(run.results)") }
        let manifest = try XCTUnwrap(run.results[1] as? [String: Any])
        XCTAssertEqual((manifest["errors"] as? [Any])?.count, 0, "\(manifest["errors"] ?? "")")
        let shortcuts = try XCTUnwrap((manifest["manifest"] as? [String: Any])?["shortcuts"] as? [[String: Any]])
        XCTAssertEqual(shortcuts.first?["name"] as? String, title)
        XCTAssertEqual(run.results[2] as? String, title, "shown as text")
        XCTAssertEqual(run.results[3] as? String, "true 0", "no markup of the title ran or became an element")
    }

    /// A page that never answers cannot hold a test: the run stops at its limit, Chromium gone.
    func testARunPastItsTimeLimitIsStoppedAndLeavesNothingBehind() throws {
        let run = try DevToolsBrowser.run(
            [["action": "navigate", "url": "about:blank"], ["action": "evaluate", "expression": "new Promise(() => {})"]],
            viewport: .phone, stepTimeout: 60, timeout: 4)
        XCTAssertEqual(run.failedStep, 1)
        XCTAssertEqual(run.error, "the run took longer than 4 s")
        XCTAssertEqual(kill(-(try XCTUnwrap(run.browserPID)), 0), -1, "no process of chromium's group is left")
    }

    /// A step that fails still ends the run cleanly: Chromium's process group and its profile are gone.
    func testAFailedStepLeavesNoChromiumBehind() throws {
        try app.ok("shortcuts", "export", "--web", "site")
        let run = try DevToolsBrowser.run(
            [["action": "navigate", "url": "{origin}/"], ["action": "click", "selector": "#nothing-has-this-id"]],
            viewport: .desk, serve: app.path("site"))
        XCTAssertEqual(run.failedStep, 1)
        XCTAssertEqual(run.error, "nothing matches #nothing-has-this-id")
        let pid = try XCTUnwrap(run.browserPID)
        XCTAssertEqual(kill(-pid, 0), -1, "no process of chromium's group is left")
        XCTAssertEqual(errno, ESRCH)
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(run.profile)), "its profile is removed")
    }
}
