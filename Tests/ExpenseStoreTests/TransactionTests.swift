import CSQLite
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

final class TransactionTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "SQLite's transactions on a connection of the test's own") }

    private struct Abort: Error, Equatable { var reason = "abort" }
    private var db: SQLiteDatabase!

    override func setUpWithError() throws {
        try super.setUpWithError()
        db = try openDatabase()
        try db.execute("CREATE TABLE t (name TEXT NOT NULL UNIQUE)")
    }

    override func tearDownWithError() throws {
        db = nil
        try super.tearDownWithError()
    }

    private func insert(_ name: String) throws { try db.execute("INSERT INTO t (name) VALUES (?)", [.text(name)]) }

    /// The names in the table, as another connection sees them: only committed data.
    private func committedNames() throws -> [String] {
        try openDatabase().query("SELECT name FROM t ORDER BY rowid") { $0.string(0) }
    }

    private func names() throws -> [String] { try db.query("SELECT name FROM t ORDER BY rowid") { $0.string(0) } }

    func testCommitsWhenTheBodyReturns() throws {
        let result = try db.inTransaction {
            XCTAssertTrue(db.isInsideTransaction)
            try insert("a")
            try insert("b")
            XCTAssertEqual(try committedNames(), [], "visible before the commit")
            return 42
        }
        XCTAssertEqual(result, 42)
        XCTAssertFalse(db.isInsideTransaction)
        XCTAssertEqual(try committedNames(), ["a", "b"])
    }

    func testRollsBackEverythingWhenTheBodyThrows() throws {
        try insert("before")
        XCTAssertThrowsError(
            try db.inTransaction {
                try insert("a")
                try insert("b")
                throw Abort(reason: "changed my mind")
            }
        ) { error in
            XCTAssertEqual(error as? Abort, Abort(reason: "changed my mind"), "the body's own error comes out")
        }
        XCTAssertFalse(db.isInsideTransaction)
        XCTAssertEqual(try names(), ["before"])
        XCTAssertEqual(try committedNames(), ["before"])
    }

    func testRollsBackOnADatabaseErrorHalfWay() throws {
        XCTAssertThrowsError(
            try db.inTransaction {
                try insert("a")
                try insert("a")  // UNIQUE
            }
        ) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, SQLITE_CONSTRAINT)
        }
        XCTAssertEqual(try names(), [])
        XCTAssertFalse(db.isInsideTransaction)
    }

    func testANestedFailureUndoesOnlyTheInnerWrites() throws {
        try db.inTransaction {
            try insert("outer-1")
            XCTAssertThrowsError(
                try db.inTransaction {
                    try insert("inner-1")
                    try insert("inner-2")
                    XCTAssertEqual(try names(), ["outer-1", "inner-1", "inner-2"])
                    throw Abort()
                })
            XCTAssertTrue(db.isInsideTransaction, "the inner failure must not end the outer transaction")
            XCTAssertEqual(try names(), ["outer-1"])
            try insert("outer-2")
        }
        XCTAssertEqual(try committedNames(), ["outer-1", "outer-2"])
    }

    func testANestedSuccessCommitsWithTheOuterTransaction() throws {
        try db.inTransaction {
            try insert("outer")
            try db.inTransaction { try insert("inner") }
            XCTAssertTrue(db.isInsideTransaction)
            XCTAssertEqual(try committedNames(), [], "the inner block committed on its own")
        }
        XCTAssertEqual(try committedNames(), ["outer", "inner"])
    }

    func testAnOuterFailureUndoesTheInnerSuccessToo() throws {
        XCTAssertThrowsError(
            try db.inTransaction {
                try insert("outer")
                try db.inTransaction { try insert("inner") }
                throw Abort()
            })
        XCTAssertEqual(try names(), [])
    }

    func testThreeLevelsOfNesting() throws {
        try db.inTransaction {
            try insert("A")
            try? db.inTransaction {
                try insert("B")
                try? db.inTransaction {
                    try insert("C")
                    throw Abort()
                }
                try insert("D")
            }
            try? db.inTransaction {
                try insert("E")
                try db.inTransaction { try insert("F") }  // released, then undone with its parent
                throw Abort()
            }
            try insert("G")
        }
        XCTAssertEqual(try committedNames(), ["A", "B", "D", "G"])
    }

    func testTheDeferredKindWorksToo() throws {
        try db.inTransaction(.deferred) { try insert("d") }
        XCTAssertThrowsError(
            try db.inTransaction(.deferred) {
                try insert("x")
                throw Abort()
            })
        XCTAssertEqual(try committedNames(), ["d"])
    }

    func testImmediateTakesTheWriteLockAtOnceDeferredDoesNot() throws {
        let other = try openDatabase(busyTimeout: 0)
        try db.inTransaction(.immediate) {
            let error = assertDatabaseError(try other.execute("BEGIN IMMEDIATE"), resultCode: SQLITE_BUSY)
            XCTAssertEqual(error?.kind, .busy)
        }
        XCTAssertFalse(other.isInsideTransaction)
        try db.inTransaction(.deferred) {
            // Nothing read or written yet: the other connection can still write.
            try other.inTransaction(.immediate) { try other.execute("INSERT INTO t (name) VALUES ('other')") }
        }
        XCTAssertEqual(try names(), ["other"])
    }

    func testBeginCommitAndRollbackByHand() throws {
        try db.begin()
        XCTAssertTrue(db.isInsideTransaction)
        try insert("rolled-back")
        db.rollback()
        XCTAssertFalse(db.isInsideTransaction)
        XCTAssertEqual(try names(), [])

        try db.begin()
        try insert("kept-1")
        // A command inside a script-wide transaction: its failure undoes only its own writes.
        XCTAssertThrowsError(
            try db.inTransaction {
                try insert("failed-command")
                throw Abort()
            })
        XCTAssertTrue(db.isInsideTransaction)
        try insert("kept-2")
        XCTAssertEqual(try committedNames(), [])
        try db.commit()
        XCTAssertFalse(db.isInsideTransaction)
        XCTAssertEqual(try committedNames(), ["kept-1", "kept-2"])
    }

    func testRollbackOutsideATransactionIsHarmless() throws {
        db.rollback()
        try insert("after")
        XCTAssertEqual(try committedNames(), ["after"])
        assertDatabaseError(try db.commit(), resultCode: SQLITE_ERROR)  // no transaction is active
    }
}
