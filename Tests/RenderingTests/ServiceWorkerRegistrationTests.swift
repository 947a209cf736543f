import Rendering
import XCTest

/// `/sw-register.js`: an external script (the pages allow no inline one) that registers `/sw.js`.
final class ServiceWorkerRegistrationTests: XCTestCase {
    func testItRegistersTheWorkerAtTheRoot() {
        XCTAssertEqual(ServiceWorkerRegistration.path, "/sw-register.js")
        XCTAssertTrue(ServiceWorkerRegistration.script.contains(#"navigator.serviceWorker.register("/sw.js", { scope: "/" })"#))
    }

    func testThePreviewPageLoadsItFromItsFileNotInline() {
        let page = ManifestPreviewPage.html(name: "expenses", language: nil, themeColor: "#1f6f5c", shortcuts: [])
        XCTAssertTrue(page.contains(#"<script src="/sw-register.js"></script>"#), page)
        XCTAssertFalse(page.contains("navigator.serviceWorker"), "no inline script")
    }
}
