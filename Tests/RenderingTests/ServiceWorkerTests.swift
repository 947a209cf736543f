import XCTest

@testable import Rendering

/// The service worker: a fetch handler (what makes the app installable) that caches no page.
final class ServiceWorkerTests: XCTestCase {
    func testItHandlesFetchesNetworkFirstAndCachesOnlyThePublicFiles() {
        let script = ServiceWorker.script(version: "7")
        XCTAssertTrue(script.contains("self.addEventListener(\"fetch\""), script)
        XCTAssertTrue(script.contains("const CACHE = \"expenses-public-7\";"), script)
        XCTAssertTrue(
            script.contains(#"const PUBLIC_FILES = ["/manifest.webmanifest", "/icons/192.png", "/icons/512.png"];"#), script)
        // One cache.put, under the check that the path is one of the public files.
        XCTAssertEqual(script.components(separatedBy: "cache.put(").count, 2, script)
        XCTAssertTrue(script.contains("if (PUBLIC_FILES.includes(url.pathname)) {"), script)
        XCTAssertTrue(script.contains("if (request.method !== \"GET\" || url.origin !== self.location.origin) return;"), script)
        XCTAssertTrue(script.contains("event.respondWith(fetch(request).catch("), "every other page: the network, or offline")
    }

    func testAVersionCannotBreakOutOfItsString() {
        XCTAssertTrue(ServiceWorker.script(version: "1\"; evil(); \"").contains("const CACHE = \"expenses-public-1evil\";"))
    }
}
