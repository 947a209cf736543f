import ExpenseStore
import ExpenseSupport

extension ErrorPresenter {
    /// `error` as said on a team database, where who one is comes from the login, never from
    /// `--user` or EXPENSES_USER (which a team database refuses): the hints that would name them
    /// say who must act instead.
    static func onTeamDatabase(_ error: ExpenseError) -> ExpenseError {
        var said = error
        switch error.code {
        case .ownerCannotAct:
            said.code = nil
            said.hint = "someone with the approver role must, logged in as themselves"
        case .notReportOwner(let user):
            said.code = nil
            said.hint = "you are logged in as \(user); the report's owner must, logged in as themselves"
        default:
            break
        }
        return said
    }

    /// `said` with the team server's own advice first, where it gave one (a function's `RAISE ...
    /// USING HINT`: the audit log's damaged end says who repairs it), then the app's.
    static func withServersHint(_ said: ExpenseError, _ error: DatabaseError) -> ExpenseError {
        guard let server = error.hint, !server.isEmpty else { return said }
        var advised = said
        advised.hint = said.hint.map { server + "; " + $0 } ?? server
        return advised
    }
}
