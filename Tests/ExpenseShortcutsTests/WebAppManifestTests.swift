import Foundation
import XCTest

@testable import ExpenseShortcuts
@testable import PropertyList

/// The Web App Manifest: the static quick actions and a person's trip items as `shortcuts`,
/// valid JSON whatever a title holds.
final class WebAppManifestTests: XCTestCase {
    private func item(_ action: String, _ title: String, subtitle: String? = nil, report: Int64? = nil) -> ShortcutItem {
        ShortcutItem(
            type: "com.sap.example.\(action)", title: title, subtitle: subtitle,
            userInfo: report.map { PropertyListDictionary([("report", .integer($0))]) } ?? PropertyListDictionary())
    }

    private func json(_ manifest: WebAppManifest) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(manifest.render().utf8)) as? [String: Any])
    }

    func testTheStaticActionsInOrderThenTheTripsItems() throws {
        let manifest = WebAppManifest(
            items: [
                item("takePhoto", "Foto aufnehmen"), item("showReports", "Berichte anzeigen", subtitle: "Alle Berichte"),
                item("newReport", "Neuer Bericht"),
            ],
            tripItems: [item("openReport", "Basel öffnen", report: 3), item("addExpenseToReport", "Ausgabe zu Basel", report: 3)],
            language: "de")
        let object = try json(manifest)
        let shortcuts = try XCTUnwrap(object["shortcuts"] as? [[String: Any]])
        XCTAssertEqual(
            shortcuts.map { $0["name"] as? String }, ["Berichte anzeigen", "Foto aufnehmen", "Basel öffnen", "Ausgabe zu Basel"])
        XCTAssertEqual(shortcuts.map { $0["url"] as? String }, ["/reports", "/receipts/new", "/reports/3", "/expenses/new?report=3"])
        XCTAssertEqual(shortcuts.first?["description"] as? String, "Alle Berichte")
        XCTAssertEqual(object["lang"] as? String, "de")
        XCTAssertEqual(object["display"] as? String, "standalone")
        XCTAssertEqual(object["start_url"] as? String, "/reports")
        let icons = try XCTUnwrap(object["icons"] as? [[String: Any]])
        XCTAssertEqual(icons.map { $0["sizes"] as? String }, ["192x192", "512x512"])
        XCTAssertEqual(icons.map { $0["src"] as? String }, ["/icons/192.png", "/icons/512.png"])
    }

    func testTheShareTargetPostsAPhotoOrAPDFToReceiptCapture() throws {
        let share = try XCTUnwrap(try json(WebAppManifest(items: []))["share_target"] as? [String: Any])
        XCTAssertEqual(share["action"] as? String, "/receipts/share")
        XCTAssertEqual(share["method"] as? String, "POST")
        XCTAssertEqual(share["enctype"] as? String, "multipart/form-data")
        let files = try XCTUnwrap((share["params"] as? [String: Any])?["files"] as? [[String: Any]])
        XCTAssertEqual(files.first?["name"] as? String, "receipt")
        XCTAssertEqual(files.first?["accept"] as? [String], ["image/*", "application/pdf"])
    }

    func testItemsWithoutAPageAndTripItemsWithoutTheirReportAreLeftOut() throws {
        let manifest = WebAppManifest(
            items: [item("newReport", "New Report"), item("showReports", "Show Reports")],
            tripItems: [item("openReport", "Open ?"), item("unassignedExpenses", "Loose"), item("showReports", "Again")])
        XCTAssertEqual(manifest.shortcuts, [.init(name: "Show Reports", url: "/reports")])
    }

    func testMarkupQuotesControlCharactersCombiningMarksAndEmojiStayOneJSONString() throws {
        let title = "<script>alert(\"x\")</script> \\ O'Brien\r\n\u{0}\u{2028} e\u{301} 🧾&amp;"
        let text = WebAppManifest(items: [item("showReports", title)]).render()
        XCTAssertFalse(text.contains("<"), text)
        XCTAssertFalse(text.contains("\r"), text)
        let object = try json(WebAppManifest(items: [item("showReports", title)]))
        XCTAssertEqual((object["shortcuts"] as? [[String: Any]])?.first?["name"] as? String, title)
        XCTAssertEqual(WebAppManifest.string("\"\u{301}"), "\"\\\"\u{301}\"", "a quote is escaped though a mark follows it")
    }
}
