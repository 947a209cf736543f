/// The expense policy: which rules a report is checked against, and how much each one matters.
public enum PolicyRule: String, CaseIterable, Sendable {
    case dailyLimit = "daily-limit"
    case missingReceipt = "missing-receipt"
    case outsideTrip = "outside-trip"
    case duplicate
    case sharedReceipt = "shared-receipt"
    case typedPerDiem = "typed-per-diem"
    case manualRate = "manual-rate"

    /// A missing receipt stops a submission by default; the rest warn (Concur's isBlocking,
    /// Expensify's lesson that duplicate detection should warn, not block).
    public var defaultSeverity: PolicySeverity {
        self == .missingReceipt ? .blocking : .warning
    }

    public var summary: String {
        switch self {
        case .dailyLimit:
            return "A category's spending on one day is over its daily limit (a lodging bill for several nights: per night)."
        case .missingReceipt: return "An item above its category's receipt threshold has no receipt (mileage never needs one)."
        case .outsideTrip: return "An item is dated outside the trip's dates."
        case .duplicate: return "Items share date, amount and currency, and their category or merchant (one finding per group)."
        case .sharedReceipt: return "One receipt is attached to two items."
        case .typedPerDiem: return "An item is typed in category per_diem on a report whose per diems are computed from its trip."
        case .manualRate:
            return "An item converted at a rate given by hand is further from the ECB's rate of its day than the tolerance "
                + "(rates tolerance), or has no ECB rate to compare."
        }
    }
}

/// How a violated rule counts: a warning (can be acknowledged), blocking (no submission), or off.
public enum PolicySeverity: String, CaseIterable, Sendable {
    case warning, blocking, off
}

/// One finding of a policy check.
public struct Violation: Sendable, Equatable {
    public var rule: PolicyRule
    /// Stable across runs, for acknowledging it: `duplicate:4:9`, `daily-limit:meals:2026-03-03`.
    public var key: String
    public var expenseIDs: [Int64]
    public var message: String
    public var severity: PolicySeverity
    /// Why a warning was accepted, when it was.
    public var acknowledgement: String?

    public var blocks: Bool { severity == .blocking }
}
