import ExpenseStore
import ExpenseSupport

extension ErrorPresenter {
    /// What a person is told of a database's failure, and so its exit code: decided by the
    /// failure's kind alone, the same whichever engine said it. A busy database is a temporary
    /// failure to retry, a full disk or an I/O error is the machine's, a rule the schema holds is
    /// refused as the app itself refuses it, anything unforeseen is a bug of ours (with the
    /// engine's own code and message, for the report).
    public static func error(_ error: DatabaseError) -> ExpenseError {
        withServersHint(worded(error), error)
    }

    private static func worded(_ error: DatabaseError) -> ExpenseError {
        switch error.kind {
        case .rule:
            return ExpenseError(.refused, error.message, hint: "nothing was written")
        case .unavailable:
            return ExpenseError(
                .unavailable, "lost the connection to the database server: \(error.message)",
                hint: "nothing of the interrupted command was committed; try again when the server is back")
        case .changed:
            return ExpenseError(.changed, error.message, hint: "nothing was written")
        case .busy:
            return ExpenseError(.busy, "the database is busy (another expenses process is writing)", hint: "try again in a moment")
        case .groupRequired:
            return ExpenseError(
                .permissionDenied, "the database server refused: \(error.message)",
                hint: "that is the team's rule: someone in that group does it, or the administrator adds you to it")
        case .permission:
            return ExpenseError(
                .permissionDenied, "the database server refused: \(error.message)",
                hint: "your role needs one of expenses_traveller, expenses_approver or expenses_finance; "
                    + "the server's administrator grants it after 'expenses setup'")
        case .interrupted:
            return ExpenseError(.refused, "cancelled (Ctrl-C)", hint: "nothing of the cancelled command was written")
        case .full:
            return ExpenseError(.io, "the disk is full: \(error.message)")
        case .readOnly:
            return ExpenseError(.cannotCreate, "the database is read-only: \(error.message)", hint: "nothing was written")
        case .io, .cannotOpen:
            return ExpenseError(.io, "cannot write the database: \(error.message)")
        case .invalidValue:
            return ExpenseError(.invalidData, error.message)
        case .notADatabase, .corrupt:
            return ExpenseError(
                .invalidData, "the database is damaged: \(error.message)",
                hint: "restore it from a backup; 'sqlite3 FILE .recover' may save what is left")
        case .constraint, .other:
            return ExpenseError(.internal, error.description)
        }
    }
}
