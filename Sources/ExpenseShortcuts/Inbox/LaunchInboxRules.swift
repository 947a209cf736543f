import ExpenseCore
import ExpenseSupport

/// What may be done to a launch in the inbox, and why not: re-delivering or discarding must
/// never run an action twice or drop one that is running.
public enum LaunchInboxRules {
    /// Checks that `record` may go back to the queue: it failed, or its claim is stale.
    public static func requireRedeliverable(_ record: LaunchRecord) throws(ExpenseError) {
        switch record.state {
        case .failed: return
        case .claimed where record.isStale: return
        case .claimed:
            throw ExpenseError(
                .refused, .launchRunning, "launch \(record.id) is being handled right now by process \(record.claim?.pid ?? 0)")
        case .queued:
            throw ExpenseError(
                .refused, .launchQueued, "launch \(record.id) is still queued; the next session to start or prompt will run it")
        case .done:
            throw ExpenseError(
                .refused, .launchDone(type: record.type),
                "launch \(record.id) already ran (exit \(record.exitStatus ?? 0)); running it again could do its work twice")
        case .discarded:
            throw ExpenseError(.refused, "launch \(record.id) was discarded")
        }
    }

    /// Checks that `record` may be discarded: it is queued, failed or stale, never running or done.
    public static func requireDiscardable(_ record: LaunchRecord) throws(ExpenseError) {
        switch record.state {
        case .queued, .failed: return
        case .claimed where record.isStale: return
        case .claimed:
            throw ExpenseError(.refused, "launch \(record.id) is being handled right now by process \(record.claim?.pid ?? 0)")
        case .done, .discarded:
            throw ExpenseError(.refused, "launch \(record.id) is \(record.state.rawValue) already")
        }
    }
}
