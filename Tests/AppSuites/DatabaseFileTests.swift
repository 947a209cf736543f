import ExpenseTestSupport
import Foundation
import XCTest

/// The database file: where it is, and what happens when it is not what it should be.
final class DatabaseFileTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "the database file: where it is, and what happens when it is not what it should be")
    }

    var app: App!

    override func setUpWithError() throws { app = try App() }
    override func tearDown() { app = nil }
}
