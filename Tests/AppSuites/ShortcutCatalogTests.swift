import ExpenseTestSupport
import Foundation
import XCTest

/// Catalogs as the binary reads them: `--catalog` with XML and binary plists, the app id, German
/// titles from LANG, and validation errors as `FILE: item N (TYPE): message` with exit 65.
final class ShortcutCatalogTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws { app = try App() }
    override func tearDown() { app = nil }

    /// Tests/Fixtures, named by ExpenseTestSupport: this file is compiled through a link in each bundle.
    static let fixtures = Fixtures.folder

    func write(_ text: String, _ name: String = "Info.plist") throws -> String {
        let path = app.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func item(_ type: String, _ title: String, _ extra: String = "") -> String {
        """
        <dict>
            <key>UIApplicationShortcutItemType</key><string>\(type)</string>
            <key>UIApplicationShortcutItemTitle</key><string>\(title)</string>\(extra)
        </dict>
        """
    }

    func plist(_ items: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>UIApplicationShortcutItems</key>
            <array>
        \(items.joined(separator: "\n"))
            </array>
        </dict>
        </plist>
        """
    }
}
