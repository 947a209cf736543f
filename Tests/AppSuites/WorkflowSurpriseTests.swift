import ExpenseTestSupport
import Foundation
import XCTest

/// What used to happen without a word: an expense added after the trip dated today, a receipt
/// whose total is not its expense's, the app's trip quick actions disagreeing after one was off.
final class WorkflowSurpriseTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws {
        app = try App()  // today is 2026-03-10
        try app.ok("report", "new", "Munich", "--from", "2026-03-02", "--to", "2026-03-06")
    }

    override func tearDown() { app = nil }
}
