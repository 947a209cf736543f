import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// `shortcuts inbox`: the launches queued with `--defer`, and what to do with one that is stuck.
extension ShortcutCommands {
    static let inbox = CommandSpec(
        ["shortcuts", "inbox"], abstract: "Show the quick actions queued with --defer; run them, re-deliver or discard one.",
        discussion: """
            A running REPL runs queued launches before its next prompt. A launch claimed by a process that died before \
            finishing shows as stale: --redeliver ID queues it again (nothing it would have written was kept if it died \
            before its command finished), --discard ID drops it. Finished launches show with --all.
            """,
        options: [
            Options.all.described("Also the finished and discarded launches."), Options.deliver, Options.redeliver,
            Options.discard,
        ],
        examples: ["expenses shortcuts inbox", "expenses shortcuts inbox --deliver", "expenses shortcuts inbox --redeliver 3"]
    ) { invocation, session in
        var messages: [String] = []
        if let id = try invocation[Options.redeliver] {
            let store = try session.store()
            let record = try requireLaunch(id, store)
            try LaunchInboxRules.requireRedeliverable(record)
            guard try store.requeueLaunch(id, expectedState: record.state, token: record.state == .claimed ? record.claim?.token : nil)
            else {
                throw ExpenseError(.refused, "launch \(id) changed meanwhile; see 'expenses shortcuts inbox'")
            }
            messages.append("Launch \(id) (\(record.type)) is queued again")
        }
        if let id = try invocation[Options.discard] {
            let store = try session.store()
            let record = try requireLaunch(id, store)
            try LaunchInboxRules.requireDiscardable(record)
            guard try store.discardLaunch(id, expectedState: record.state) else {
                throw ExpenseError(.refused, "launch \(id) changed meanwhile; see 'expenses shortcuts inbox'")
            }
            messages.append("Discarded launch \(id) (\(record.type))")
        }
        if invocation[Options.deliver] {
            let deliveries = LaunchInbox.deliverPending(in: session)
            let failed = deliveries.filter { $0.status != .ok }
            messages.append(
                deliveries.isEmpty
                    ? "Nothing was queued"
                    : "Ran \(deliveries.count) queued quick action\(deliveries.count == 1 ? "" : "s")"
                        + (failed.isEmpty ? "" : ", \(failed.count) failed"))
            if let last = failed.last {
                Console.write(messages.joined(separator: "\n") + "\n")
                throw SilentFailure(status: last.status)
            }
        }
        if !messages.isEmpty { return .message(messages.joined(separator: "\n")) }
        let records = try session.existingStore()?.launches(includingFinished: invocation[Options.all]) ?? []
        return LaunchInboxList(records: records).output
    }

    private static func requireLaunch(_ id: Int64, _ store: some ShortcutStorage) throws -> LaunchRecord {
        guard let record = try store.launch(id) else {
            throw ExpenseError(.notFound, "unknown launch \(id)", hint: "see 'expenses shortcuts inbox --all'")
        }
        return record
    }
}
