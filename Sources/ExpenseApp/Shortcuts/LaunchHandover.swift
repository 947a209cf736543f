import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A launcher's quick action while an expenses session is already open on the same database:
/// it goes to that session (the one its person used last) through the launch inbox, which runs
/// it at once and exactly once, as a running app handles a home-screen quick action itself. The
/// new launch says where it went and ends.
enum LaunchHandover {
    /// How long the new launch waits for the open session to take it. A session waiting at its
    /// prompt looks four times a second; one busy with a long command runs it when that ends.
    static let patience = 2.0

    /// Hands `launch`, resolved already, to the open session used last, if there is one that
    /// lives. (A launch that cannot run is not offered: it fails in the window of the person who
    /// launched it, with its own status.)
    /// - Returns: what to tell the person, or nil when no session took it and the launch is to
    ///   start a session of its own.
    static func offer(_ launch: Invocation, globals: GlobalValues, in session: Session) -> String? {
        guard let store = session.existingStore() else { return nil }
        do {
            let type = try launch[ShortcutCommands.launchType]
            let open = try store.openSessions()
            try store.closeSessions(open.filter { !$0.process.isAlive }.map(\.id))
            guard let target = open.first(where: { $0.process.isAlive }) else { return nil }
            let arguments = try ShortcutLaunch.replayWords(launch) + (globals.format.map { ["--format", $0.rawValue] } ?? [])
            let catalog = try launch[ShortcutCommands.Options.catalog].map(session.environment.path)
            let record = try store.enqueueLaunch(LaunchRequest(type: type, arguments: arguments, catalog: catalog, target: target.id))
            let place = (target.terminal.isEmpty ? "" : " on \(target.terminal)") + " (pid \(target.process.pid))"
            let waited = Stopwatch()
            while true {
                if try store.launch(record.id)?.state != .queued {
                    return "Handed \(type) to the expenses session open\(place): it runs there.\n"
                }
                if !target.process.isAlive {
                    // It ended before taking it: run it here, unless it was taken just now.
                    guard try store.discardLaunch(record.id, expectedState: .queued) else { continue }
                    return nil
                }
                if waited.seconds > patience {
                    return "Queued \(type) for the expenses session open\(place): it runs there once that session is back at its prompt.\n"
                }
                usleep(20_000)
            }
        } catch {
            // The inbox cannot be used (a read-only or locked database): a session of its own
            // still gets the person into the task.
            return nil
        }
    }
}
