import ExpenseStore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// The app words a database's failure, and picks its exit code, by the failure's kind only: the
/// same for the same failure whichever engine said it.
final class DatabaseErrorPresenterTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    private func status(_ error: DatabaseError) -> ExitStatus { ExitStatus(ErrorPresenter.error(error).kind) }

    func testEachKindHasItsExitCode() {
        let cases: [(DatabaseError, ExitStatus)] = [
            (DatabaseError(extendedResultCode: 5, message: "database is locked"), .temporaryFailure),
            (DatabaseError(sqlState: "40001", message: "could not serialize access"), .temporaryFailure),
            (DatabaseError(sqlState: "EX409", message: "report 2 changed since you read it"), .temporaryFailure),
            (DatabaseError(extendedResultCode: 19 | (7 << 8), message: "report 3 is submitted"), .failure),
            (DatabaseError(sqlState: "23000", message: "report 3 is submitted"), .failure),
            (DatabaseError(sqlState: "42501", message: "permission denied for table reports"), .noPermission),
            (DatabaseError(sqlState: "08006", message: "server closed the connection"), .unavailable),
            (DatabaseError(extendedResultCode: 9, message: "interrupted"), .failure),
            (DatabaseError(sqlState: "57014", message: "canceling statement"), .failure),
            (DatabaseError(extendedResultCode: 8, message: "attempt to write a readonly database"), .cannotCreate),
            (DatabaseError(extendedResultCode: 13, message: "database or disk is full"), .ioError),
            (DatabaseError(sqlState: "53100", message: "could not extend file"), .ioError),
            (DatabaseError(extendedResultCode: 10 | (1 << 8), message: "disk I/O error"), .ioError),
            (DatabaseError(extendedResultCode: 20, message: "datatype mismatch"), .dataError),
            (DatabaseError(sqlState: "22021", message: "invalid byte sequence"), .dataError),
            (DatabaseError(extendedResultCode: 26, message: "file is not a database"), .dataError),
            (DatabaseError(extendedResultCode: 11, message: "database disk image is malformed"), .dataError),
            (DatabaseError(extendedResultCode: 19, message: "UNIQUE constraint failed"), .software),
            (DatabaseError(sqlState: "23505", message: "duplicate key"), .software),
            (DatabaseError(sqlState: "42601", message: "syntax error"), .software),
        ]
        for (error, expected) in cases {
            XCTAssertEqual(status(error), expected, "\(error)")
        }
    }

    func testTheSameFailureReadsTheSameFromEitherEngine() {
        let file = ErrorPresenter.error(DatabaseError(extendedResultCode: 5, message: "database is locked"))
        let server = ErrorPresenter.error(DatabaseError(sqlState: "40P01", message: "deadlock detected"))
        XCTAssertEqual(file, server)
        XCTAssertEqual(file.message, "the database is busy (another expenses process is writing)")
        XCTAssertEqual(file.hint, "try again in a moment")
    }

    func testAPermissionNamesWhatTheRoleLacks() {
        let role = ErrorPresenter.error(DatabaseError(sqlState: "42501", message: "permission denied for table reports"))
        XCTAssertEqual(role.message, "the database server refused: permission denied for table reports")
        XCTAssertEqual(
            role.hint,
            "your role needs one of expenses_traveller, expenses_approver or expenses_finance; "
                + "the server's administrator grants it after 'expenses setup'")
        let group = ErrorPresenter.error(DatabaseError(sqlState: "42501", message: "only a member of expenses_finance may save rates"))
        XCTAssertEqual(group.kind, .permissionDenied)
        XCTAssertEqual(group.hint, "that is the team's rule: someone in that group does it, or the administrator adds you to it")
    }

    /// The team server's own advice is shown where it gave one, before the app's.
    func testTheServersHintIsShown() {
        let damaged = ErrorPresenter.error(
            DatabaseError(
                sqlState: "23000", message: "the audit log's end is damaged; nothing was written",
                hint: "the administrator runs 'expenses db check'"))
        XCTAssertEqual(damaged.message, "the audit log's end is damaged; nothing was written")
        XCTAssertEqual(damaged.hint, "the administrator runs 'expenses db check'; nothing was written")
        let unforeseen = ErrorPresenter.error(
            DatabaseError(sqlState: "42883", message: "function expenses.report_step(bigint) does not exist", hint: "No function matches."))
        XCTAssertEqual(unforeseen.hint, "No function matches.")
        XCTAssertEqual(ErrorPresenter.error(DatabaseError(sqlState: "23000", message: "report 3 is submitted")).hint, "nothing was written")
    }

    /// What nothing should cause is a bug: its words are the engine's own code and message.
    func testAnUnforeseenFailureKeepsTheEnginesCode() {
        XCTAssertEqual(
            ErrorPresenter.error(DatabaseError(sqlState: "42601", message: "syntax error at \"SELEC\"", sql: "SELEC 1")).message,
            "PostgreSQL error 42601: syntax error at \"SELEC\" - while executing `SELEC 1`")
        XCTAssertEqual(
            ErrorPresenter.error(DatabaseError(extendedResultCode: 1, message: "no such table: t")).message,
            "SQLite error 1: no such table: t")
    }
}
