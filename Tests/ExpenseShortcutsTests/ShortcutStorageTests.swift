import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseShortcuts
@testable import ExpenseSupport
@testable import PropertyList

/// The store's side of ExpenseShortcuts: dynamic items round-trip, and the launch inbox claims
/// each launch once, even with two connections asking at the same time.
final class ShortcutStorageTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "shortcut-storage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func store() throws -> Store {
        try Store(path: directory + "/test.sqlite", now: { "2026-03-10T09:00:00Z" })
    }

    func testDynamicShortcutsRoundTripWithTheirUserInfo() throws {
        let store = try self.store()
        let info = PropertyListDictionary([("report", .integer(3)), ("note", .string("a < b")), ("tags", .array([.string("x")]))])
        let shortcuts = [
            DynamicShortcut(
                item: ShortcutItem(
                    type: "a.one", title: "One", subtitle: "Sub",
                    icon: ShortcutIcon(symbolName: "s", file: "f", type: .add), userInfo: info), rank: 0, origin: .app),
            DynamicShortcut(item: ShortcutItem(type: "a.two", title: "Two"), rank: 1),
            DynamicShortcut(item: ShortcutItem(type: "a.off", title: "Off"), rank: 0, isEnabled: false, disabledMessage: "Closed"),
        ]
        try store.replaceDynamicShortcuts(shortcuts)
        XCTAssertEqual(try store.dynamicShortcuts(), shortcuts)
        try store.replaceDynamicShortcuts([])
        XCTAssertEqual(try store.dynamicShortcuts(), [])
    }

    func testTheAppsDefaultsArePublishedAsRecordsBesideTheStoredItems() throws {
        let store = try self.store()
        let defaults = try AppShortcuts.load(options: testOptions)
        XCTAssertEqual(try store.appShortcutRecords(), [], "a new database: nothing published")
        XCTAssertFalse(try store.hasPublished(defaults))
        let standing = try store.dynamicShortcuts(with: defaults)
        XCTAssertEqual(standing.map(\.type), ["com.sap.example.addExpense", "com.sap.example.takePhoto", "com.sap.example.newReport"])
        XCTAssertEqual(try store.appShortcutRecords(), [], "reading writes nothing")

        let trip = DynamicShortcut(item: ShortcutItem(type: "com.sap.example.openReport", title: "Open Basel"), rank: 0, origin: .app)
        var photo = standing[1]
        photo.rank = 1
        var closed = standing[2]
        closed.rank = 0
        closed.isEnabled = false
        closed.disabledMessage = "Use the form"
        try store.replaceDynamicShortcuts([trip, photo, closed], with: defaults)
        XCTAssertEqual(try store.dynamicShortcuts(), [trip], "the defaults' text is the app's, not the database's")
        XCTAssertEqual(
            try store.appShortcutRecords(),
            [
                AppShortcutRecord(key: "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense", state: .removed),
                AppShortcutRecord(key: "$(PRODUCT_BUNDLE_IDENTIFIER).newReport", state: .disabled(message: "Use the form")),
                AppShortcutRecord(key: "$(PRODUCT_BUNDLE_IDENTIFIER).takePhoto", state: .enabled(rank: 1)),
            ])
        XCTAssertTrue(try store.hasPublished(defaults))
        XCTAssertEqual(try store.dynamicShortcuts(with: defaults), [trip, photo, closed])

        // A record is replaced in place; it keeps the time the app first published it.
        try store.db.execute("UPDATE app_shortcuts SET published_at = 'first'")
        try store.recordAppShortcuts([AppShortcutRecord(key: "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense", state: .enabled(rank: 0))])
        XCTAssertEqual(
            try store.db.query(
                "SELECT plist_type || ' ' || state || ' ' || coalesce(rank, '-') || ' ' || published_at FROM app_shortcuts ORDER BY plist_type"
            ) { $0.string(0) },
            [
                "$(PRODUCT_BUNDLE_IDENTIFIER).addExpense enabled 0 first", "$(PRODUCT_BUNDLE_IDENTIFIER).newReport disabled - first",
                "$(PRODUCT_BUNDLE_IDENTIFIER).takePhoto enabled 1 first",
            ])
    }

    func testALaunchIsClaimedOnceFinishedByItsClaimantAndListed() throws {
        let store = try self.store()
        let queued = try store.enqueueLaunch(
            LaunchRequest(type: "com.sap.example.showReports", arguments: ["--info", "a=b", "x y"], catalog: nil))
        XCTAssertEqual(queued.state, .queued)
        XCTAssertEqual(queued.arguments, ["--info", "a=b", "x y"])
        let me = Claimant.current()
        let claimed = try XCTUnwrap(try store.claimNextLaunch(me))
        XCTAssertEqual(claimed.id, queued.id)
        XCTAssertEqual(claimed.state, .claimed)
        XCTAssertEqual(claimed.attempts, 1)
        XCTAssertEqual(claimed.claim?.pid, getpid())
        XCTAssertNil(try store.claimNextLaunch(Claimant.current()), "claimed once")
        XCTAssertFalse(try store.finishLaunch(claimed.id, token: "someone else", exitStatus: 0))
        XCTAssertTrue(try store.finishLaunch(claimed.id, token: me.token, exitStatus: 0))
        XCTAssertEqual(try store.launch(claimed.id)?.state, .done)
        XCTAssertEqual(try store.launches(includingFinished: false), [])
        XCTAssertEqual(try store.launches(includingFinished: true).count, 1)
    }

    func testTwoConnectionsRacingClaimEachLaunchExactlyOnce() throws {
        let setup = try self.store()
        let count = 200
        for index in 0..<count { _ = try setup.enqueueLaunch(LaunchRequest(type: "t.\(index)", arguments: [], catalog: nil)) }
        let path = directory + "/test.sqlite"
        let results = ClaimResults()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let store = try Store(path: path, now: { "2026-03-10T09:00:00Z" })
                    while let record = try store.claimNextLaunch(Claimant.current()) { results.append(record.id) }
                } catch {
                    results.fail("\(error)")
                }
            }
        }
        group.wait()
        XCTAssertEqual(results.failures, [])
        XCTAssertEqual(results.ids.count, count, "every launch claimed")
        XCTAssertEqual(Set(results.ids).count, count, "none claimed twice")
    }

    func testAStaleClaimCanBeRedeliveredALiveOneCannot() throws {
        let store = try self.store()
        let queued = try store.enqueueLaunch(LaunchRequest(type: "a.b", arguments: [], catalog: nil))
        // A claimant whose process is gone: a pid that cannot exist.
        let dead = Claimant(token: "t", pid: Int32.max - 1, host: Claimant.hostName(), startTicks: 1)
        let claimed = try XCTUnwrap(try store.claimNextLaunch(dead))
        XCTAssertTrue(claimed.isStale)
        XCTAssertTrue(claimed.status.hasPrefix("stale (pid \(Int32.max - 1) on"), claimed.status)
        XCTAssertNoThrow(try LaunchInboxRules.requireRedeliverable(claimed))
        XCTAssertTrue(try store.requeueLaunch(queued.id, expectedState: .claimed, token: "t"))
        XCTAssertFalse(try store.requeueLaunch(queued.id, expectedState: .claimed, token: "t"), "only once")
        let again = try XCTUnwrap(try store.claimNextLaunch(Claimant.current()))
        XCTAssertEqual(again.attempts, 2)
        XCTAssertFalse(again.isStale, "this process is alive")
        assertExpenseError(try LaunchInboxRules.requireRedeliverable(again), kind: .refused, messageContains: "being handled right now")
        XCTAssertTrue(try store.finishLaunch(again.id, token: again.claim?.token ?? "", exitStatus: 0))
        let done = try XCTUnwrap(try store.launch(again.id))
        assertExpenseError(try LaunchInboxRules.requireRedeliverable(done), kind: .refused, messageContains: "already ran")
        assertExpenseError(try LaunchInboxRules.requireDiscardable(done), kind: .refused)
    }

    func testAFailedLaunchCanBeRedeliveredOrDiscarded() throws {
        let store = try self.store()
        let queued = try store.enqueueLaunch(LaunchRequest(type: "a.b", arguments: [], catalog: "/x/Info.plist"))
        let me = Claimant.current()
        _ = try store.claimNextLaunch(me)
        try store.finishLaunch(queued.id, token: me.token, exitStatus: 65)
        let failed = try XCTUnwrap(try store.launch(queued.id))
        XCTAssertEqual(failed.status, "failed (exit 65)")
        XCTAssertEqual(failed.catalog, "/x/Info.plist")
        XCTAssertNoThrow(try LaunchInboxRules.requireRedeliverable(failed))
        XCTAssertTrue(try store.discardLaunch(queued.id, expectedState: .failed))
        XCTAssertEqual(try store.launch(queued.id)?.state, .discarded)
        XCTAssertNil(try store.claimNextLaunch(me))
    }

    func testLivenessUsesTheProcessStartTime() {
        let me = Claimant.current()
        XCTAssertTrue(me.isAlive)
        XCTAssertGreaterThan(me.startTicks, 0)
        var reused = me
        reused.startTicks += 1  // the same pid, but another process
        XCTAssertFalse(reused.isAlive)
        var elsewhere = me
        elsewhere.host = "another-host"
        elsewhere.pid = Int32.max - 1
        XCTAssertTrue(elsewhere.isAlive, "a claim from another host is never taken for dead")
    }
}

/// Claimed ids collected from two threads.
private final class ClaimResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var ids: [Int64] = []
    private(set) var failures: [String] = []

    func append(_ id: Int64) {
        lock.lock()
        ids.append(id)
        lock.unlock()
    }
    func fail(_ message: String) {
        lock.lock()
        failures.append(message)
        lock.unlock()
    }
}
