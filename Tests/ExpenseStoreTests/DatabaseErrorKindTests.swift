import CSQLite
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// Each engine's own codes become the kinds the app decides by: the same kind for the same
/// failure, whichever engine said it, with the engine's code and message kept beside it.
final class DatabaseErrorKindTests: EngineTestCase {
    override class var engines: Engines { .once(because: "each engine's codes mapped to kinds, without a database") }

    private func sqlite(_ code: Int32) -> DatabaseError.Kind { DatabaseError(extendedResultCode: code, message: "").kind }
    private func postgres(_ state: String, _ message: String = "") -> DatabaseError.Kind {
        DatabaseError(sqlState: state, message: message).kind
    }

    func testBusy() {
        XCTAssertEqual(sqlite(SQLITE_BUSY), .busy)
        XCTAssertEqual(sqlite(SQLITE_BUSY | (2 << 8)), .busy)  // BUSY_SNAPSHOT
        XCTAssertEqual(sqlite(SQLITE_BUSY | (1 << 8)), .busy)  // BUSY_RECOVERY
        XCTAssertEqual(sqlite(SQLITE_LOCKED), .busy)
        XCTAssertEqual(postgres("40001"), .busy)  // serialization failure
        XCTAssertEqual(postgres("40P01"), .busy)  // deadlock
        XCTAssertEqual(postgres("55P03"), .busy)  // lock not available
    }

    func testConstraintsAndTheSchemasRules() {
        XCTAssertEqual(sqlite(SQLITE_CONSTRAINT), .constraint)
        XCTAssertEqual(sqlite(SQLITE_CONSTRAINT | (1 << 8)), .constraint)  // CHECK
        XCTAssertEqual(sqlite(SQLITE_CONSTRAINT | (3 << 8)), .constraint)  // FOREIGNKEY
        XCTAssertEqual(postgres("23505"), .constraint)  // unique
        XCTAssertEqual(postgres("23503"), .constraint)  // foreign key
        XCTAssertEqual(postgres("23514"), .constraint)  // check
        // A trigger's refusal: SQLite's RAISE(ABORT), the server's RAISE (23000, or P0001).
        XCTAssertEqual(sqlite(SQLITE_CONSTRAINT | (7 << 8)), .rule)
        XCTAssertEqual(postgres("23000"), .rule)
        XCTAssertEqual(postgres("P0001"), .rule)
    }

    func testPermission() {
        XCTAssertEqual(sqlite(SQLITE_AUTH), .permission)
        XCTAssertEqual(postgres("42501", "permission denied for table reports"), .permission)
        XCTAssertEqual(postgres("42501", "only a member of expenses_finance may save rates"), .groupRequired)
    }

    func testUnavailable() {
        XCTAssertEqual(postgres("08006"), .unavailable)  // connection failure
        XCTAssertEqual(postgres("08003"), .unavailable)  // no connection
        XCTAssertEqual(postgres("08000"), .unavailable)
    }

    func testTheRestOfWhatTheAppTellsApart() {
        XCTAssertEqual(sqlite(SQLITE_INTERRUPT), .interrupted)
        XCTAssertEqual(postgres("57014"), .interrupted)
        XCTAssertEqual(sqlite(SQLITE_READONLY), .readOnly)
        XCTAssertEqual(postgres("25006"), .readOnly)
        XCTAssertEqual(sqlite(SQLITE_FULL), .full)
        XCTAssertEqual(postgres("53100"), .full)
        XCTAssertEqual(sqlite(SQLITE_MISMATCH), .invalidValue)
        XCTAssertEqual(postgres("22021"), .invalidValue)
        XCTAssertEqual(postgres("22P05"), .invalidValue)
        XCTAssertEqual(sqlite(SQLITE_IOERR | (1 << 8)), .io)
        XCTAssertEqual(sqlite(SQLITE_PERM), .io)
        XCTAssertEqual(sqlite(SQLITE_CANTOPEN), .cannotOpen)
        XCTAssertEqual(sqlite(SQLITE_NOTADB), .notADatabase)
        XCTAssertEqual(sqlite(SQLITE_CORRUPT), .corrupt)
        XCTAssertEqual(sqlite(SQLITE_ERROR), .other)
        XCTAssertEqual(postgres("42601"), .other)  // syntax error: ours
        XCTAssertEqual(postgres("XX000"), .other)
    }

    /// The engine's own code and words stay beside the kind, for messages; no engine's code is
    /// translated into another's.
    func testTheEnginesOwnCodeIsKept() {
        let file = DatabaseError(extendedResultCode: SQLITE_CONSTRAINT | (3 << 8), message: "FOREIGN KEY constraint failed", sql: "INSERT")
        XCTAssertEqual(file.code, .sqlite(SQLITE_CONSTRAINT | (3 << 8)))
        XCTAssertEqual(file.resultCode, SQLITE_CONSTRAINT)
        XCTAssertNil(file.sqlState)
        XCTAssertEqual(file.description, "SQLite error 19: FOREIGN KEY constraint failed - while executing `INSERT`")
        let server = DatabaseError(sqlState: "23503", message: "insert or update on table \"expenses\" violates foreign key constraint")
        XCTAssertEqual(server.code, .sqlState("23503"))
        XCTAssertEqual(server.sqlState, "23503")
        XCTAssertNil(server.resultCode)
        XCTAssertNil(server.extendedResultCode)
        XCTAssertEqual(server.description, "PostgreSQL error 23503: insert or update on table \"expenses\" violates foreign key constraint")
    }
}
