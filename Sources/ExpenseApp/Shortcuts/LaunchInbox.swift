import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

/// Delivers quick actions queued with `expenses --shortcut TYPE --defer` (as a desktop launcher
/// does while an interactive session runs): each is claimed atomically, so that of two sessions
/// only one runs it, then run through the runner, then marked done or failed with its exit
/// status. A session that dies between claim and finish leaves the launch visible as stale in
/// `shortcuts inbox`, for `--redeliver`: never run twice by accident, never silently lost.
public enum LaunchInbox {
    /// What one delivery did.
    public struct Delivery: Equatable, Sendable {
        public let launch: LaunchRecord
        public let status: ExitStatus
    }

    /// Claims and runs every queued launch in `session`, oldest first, saying so for each; the
    /// REPL calls this before each prompt and when a launch is handed to it. Does nothing, and
    /// creates no database, when there is none yet.
    /// - Parameter openSession: the REPL's id among the open sessions: it takes the launches
    ///   handed to it and those meant for any session; nil takes every one.
    /// - Returns: the launches it ran, with their exit statuses.
    @discardableResult
    public static func deliverPending(in session: Session, for openSession: Int64? = nil, runner: Runner = Runner()) -> [Delivery] {
        guard let store = session.existingStore() else { return [] }
        var deliveries: [Delivery] = []
        while true {
            let claimant = Claimant.current()
            let record: LaunchRecord
            do {
                guard let claimed = try store.claimNextLaunch(claimant, for: openSession) else { break }
                record = claimed
            } catch {
                runner.report(error)
                break
            }
            Console.error("expenses: running quick action \(record.type) from the launcher (launch \(record.id))\n")
            // A command of its own, as one typed at the prompt: the Ctrl-C that stopped what ran
            // before (a form cancelled, a line dropped) is spent, and stops nothing of this one.
            Cancellation.current.lower()
            let status = run(record, in: session, runner: runner)
            do {
                try store.finishLaunch(record.id, token: claimant.token, exitStatus: status.rawValue)
            } catch {
                runner.report(error)
            }
            deliveries.append(Delivery(launch: record, status: status))
        }
        return deliveries
    }

    /// Runs one claimed launch as `shortcut TYPE ARGS...` would, and returns its exit status.
    static func run(_ record: LaunchRecord, in session: Session, runner: Runner) -> ExitStatus {
        // The type first, so that it is not taken for one of the arguments after it.
        let catalog = record.catalog.map { ["--catalog", $0] } ?? []
        return runner.run(ShortcutCommands.launch.path + [record.type] + catalog + record.arguments, in: session)
    }
}
