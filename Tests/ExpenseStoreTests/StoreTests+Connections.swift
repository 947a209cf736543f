import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

extension StoreTests {
    // MARK: - Writes

    func testAWriteThatThrowsLeavesNothing() throws {
        XCTAssertThrowsError(
            try store.write {
                let report = try newReport()
                _ = try newExpense("5.00", in: report)
                throw Abort()
            }
        ) { XCTAssertTrue($0 is Abort) }
        XCTAssertEqual(try store.reportCount(), 0)
        XCTAssertEqual(try store.expenses(.all), [])
        XCTAssertFalse(store.db.isInsideTransaction)
    }

    func testAWriteCommits() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let id = try store.write { try newReport().id }
        XCTAssertEqual(try Store(path: path(), now: { "x" }).report(id).title, "Walldorf workshop")
    }

    // MARK: - Two connections

    func testTwoStoresOnOneFileBothWrite() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let other = try Store(path: path(), now: { "other" })
        let first = try store.write { try newReport("From the first").id }
        let second = try other.write {
            try other.insertReport(Report(id: 0, title: "From the second", currency: try currency("JPY"), owner: "ben")).id
        }
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try store.reports(limit: nil).map(\.title).sorted(), ["From the first", "From the second"])
        XCTAssertEqual(try other.reports(limit: nil).map(\.title).sorted(), ["From the first", "From the second"])
        XCTAssertEqual(try store.report(second).owner, "ben")
    }

    func testASecondWriterWaitsForTheFirstInsteadOfFailing() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        /// Hands a Store to another thread; each Store is used by one thread at a time here.
        final class Handoff: @unchecked Sendable {
            let store: Store
            var error: Error?
            init(_ store: Store) { self.store = store }
        }
        let first = Handoff(try Store(path: path(), now: { "first" }))
        let second = try Store(path: path(), now: { "second" })
        let insideTransaction = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let eur = try currency("EUR")

        Thread.detachNewThread {
            do {
                try first.store.write {
                    _ = try first.store.insertReport(Report(id: 0, title: "slow writer", currency: eur, owner: "ana"))
                    insideTransaction.signal()
                    Thread.sleep(forTimeInterval: 0.3)  // hold the write lock
                }
            } catch {
                first.error = error
            }
            finished.signal()
        }
        XCTAssertEqual(insideTransaction.wait(timeout: .now() + 10), .success)
        let started = Date()
        // Read, then write, as commands do: with a deferred transaction the read would pin a snapshot that
        // the first writer's commit makes stale, and the write would fail with SQLITE_BUSY_SNAPSHOT.
        var seenBefore = -1
        let id = try second.write {
            seenBefore = try second.reportCount()
            return try second.insertReport(Report(id: 0, title: "patient writer", currency: eur, owner: "ben")).id
        }
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.1, "the second writer did not wait for the lock")
        XCTAssertEqual(seenBefore, 1, "the second writer read before the first one committed")
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertNil(first.error)
        XCTAssertEqual(try second.report(id).title, "patient writer")
        XCTAssertEqual(try store.reports(limit: nil).map(\.title).sorted(), ["patient writer", "slow writer"])
    }
}
