import ExpenseCore
import ExpenseSupport

/// Report writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerReportWrites: ReportWrites {
    unowned let store: Store
}
