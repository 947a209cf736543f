/// A quick action delivered to the app with `--defer`: queued in the launch inbox until a running
/// session claims it, runs it and records how it ended. Its life is queued → claimed → done or
/// failed; a claim whose process died stays visible until it is re-delivered or discarded.
public struct LaunchRecord: Equatable, Sendable {
    public enum State: String, Sendable, CaseIterable {
        case queued, claimed, done, failed, discarded
    }

    public var id: Int64
    public var type: String
    /// The launch words after the type: `--info` pairs and arguments, replayed as given.
    public var arguments: [String]
    /// The `--catalog` the launch named, as an absolute path; nil for the bundled one.
    public var catalog: String?
    public var state: State
    public var queuedAt: String
    public var claim: Claimant?
    public var claimedAt: String?
    public var finishedAt: String?
    public var exitStatus: Int32?
    /// How many times it was claimed: more than one means it was re-delivered.
    public var attempts: Int

    public init(
        id: Int64, type: String, arguments: [String], catalog: String?, state: State, queuedAt: String,
        claim: Claimant? = nil, claimedAt: String? = nil, finishedAt: String? = nil, exitStatus: Int32? = nil,
        attempts: Int = 0
    ) {
        self.id = id
        self.type = type
        self.arguments = arguments
        self.catalog = catalog
        self.state = state
        self.queuedAt = queuedAt
        self.claim = claim
        self.claimedAt = claimedAt
        self.finishedAt = finishedAt
        self.exitStatus = exitStatus
        self.attempts = attempts
    }

    /// Claimed by a process that is gone, so it will never finish on its own.
    public var isStale: Bool { state == .claimed && claim?.isAlive != true }

    /// For people: `queued`, `running (pid 42)`, `stale (pid 42 is gone)`, `failed (exit 65)`, `done`.
    public var status: String {
        switch state {
        case .claimed:
            guard let claim else { return "claimed" }
            return claim.isAlive ? "running (pid \(claim.pid))" : "stale (pid \(claim.pid) on \(claim.host) is gone)"
        case .failed: return "failed (exit \(exitStatus ?? 1))"
        default: return state.rawValue
        }
    }
}

/// What a new launch is: the type and the words that came with it.
public struct LaunchRequest: Equatable, Sendable {
    public var type: String
    public var arguments: [String]
    public var catalog: String?
    /// The open session it is handed to (its id in the registry); nil: whichever delivers it first.
    public var target: Int64?

    public init(type: String, arguments: [String], catalog: String?, target: Int64? = nil) {
        self.type = type
        self.arguments = arguments
        self.catalog = catalog
        self.target = target
    }
}
