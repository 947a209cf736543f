import ExpenseCore
import Foundation
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport
@testable import PropertyList

/// The repository's root, for fixtures and Data/.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Bytes of a text, for the parsers.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// An Info.plist document around `body` (the content of its root dict).
func infoPlist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
}

/// An Info.plist whose UIApplicationShortcutItems holds `items` (each the content of a dict).
func catalogPlist(_ items: [String]) -> String {
    infoPlist(
        "<key>UIApplicationShortcutItems</key>\n<array>\n"
            + items.map { "<dict>\n\($0)\n</dict>" }.joined(separator: "\n") + "\n</array>")
}

/// The dict content of an item.
func itemXML(type: String?, title: String?, extra: String = "") -> String {
    var text = ""
    if let type { text += "<key>UIApplicationShortcutItemType</key><string>\(type)</string>\n" }
    if let title { text += "<key>UIApplicationShortcutItemTitle</key><string>\(title)</string>\n" }
    return text + extra
}

let testOptions = ShortcutCatalog.Options(variables: .standard(appID: "com.sap.example", version: "0.1.0"), languages: [])

/// Loads a catalog from text, without localizations.
func loadCatalog(_ text: String, options: ShortcutCatalog.Options = testOptions) throws -> ShortcutCatalog {
    try ShortcutCatalog.parse(
        bytes(text), source: "Test.plist", localizations: { (_: String) throws(FileBytes.Failure) in nil },
        options: options)
}

/// The diagnostics of a catalog that must not load.
func catalogErrors(
    _ text: String, options: ShortcutCatalog.Options = testOptions,
    file: StaticString = #filePath, line: UInt = #line
) -> [CatalogDiagnostic] {
    do {
        let catalog = try loadCatalog(text, options: options)
        XCTFail("expected the catalog to fail, it loaded \(catalog.items.count) items", file: file, line: line)
        return []
    } catch let error as CatalogError {
        return error.errors
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
        return []
    }
}
