import ExpenseTestSupport
import Foundation
import XCTest

/// Exactly once: `--defer` queues a launch; claiming is atomic, so of two processes racing for
/// one queued launch exactly one runs it; a launch whose claimant died shows as stale and can be
/// re-delivered, never silently dropped.
final class ShortcutInboxTests: EngineTestCase {
    var app: App!

    override func setUpWithError() throws { app = try App() }
    override func tearDown() { app = nil }
}
