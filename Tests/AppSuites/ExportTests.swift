import ExpenseTestSupport
import Foundation
import XCTest

/// `report export`: CSV, JSON, and the printable HTML checked in a real browser (headless
/// Chromium, installed by Scripts/bootstrap) by printing it to PDF.
final class ExportTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws {
        app = try App()
        try app.walldorfTrip()
    }

    override func tearDown() { app = nil }
}
