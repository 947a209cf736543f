/// The expense policy: which rules a report is checked against, and how much each one matters.
public enum PolicyRule: String, CaseIterable, Sendable {
    case dailyLimit = "daily-limit"
    case missingReceipt = "missing-receipt"
    case outsideTrip = "outside-trip"
    case duplicate
    case sharedReceipt = "shared-receipt"
    case typedPerDiem = "typed-per-diem"
    case manualRate = "manual-rate"
    /// The server's alone, found at a submission (`report_findings`): what a member's client
    /// cannot see, the rate log's authors and other travellers' reports.
    case rateChange = "rate-change"
    case taxableRate = "taxable-rate"
    case receiptElsewhere = "receipt-elsewhere"
    case cardElsewhere = "card-elsewhere"
    /// Items that match items of the same traveller's other reports (the duplicate rule's match,
    /// or the same receipt's bytes or card transaction), which an approver may not read: one
    /// already reimbursed (`paidBefore`), or one that is not yet (`inOtherReport`).
    case paidBefore = "paid-before"
    case inOtherReport = "in-other-report"
    /// Input VAT is reclaimable only with an invoice naming it (UStG §15): an item with VAT and
    /// no receipt is one finance cannot reclaim.
    case vatWithoutReceipt = "vat-without-receipt"

    /// A missing receipt stops a submission by default, and a receipt or card transaction that
    /// another traveller claims, or a trip that was reimbursed already, stops its approval; the rest warn (Concur's isBlocking,
    /// Expensify's lesson that duplicate detection should warn, not block).
    public var defaultSeverity: PolicySeverity {
        [.missingReceipt, .receiptElsewhere, .cardElsewhere, .paidBefore].contains(self) ? .blocking : .warning
    }

    /// Found by a team database's server at a submission, never by the app's `PolicyCheck`.
    public var isServers: Bool {
        [.rateChange, .taxableRate, .receiptElsewhere, .cardElsewhere, .paidBefore, .inOtherReport].contains(self)
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
        case .rateChange:
            return "A team database's per-diem, mileage or exchange rate the report used was changed by its owner, or shortly "
                + "before its submission (30 days unless finance sets another)."
        case .taxableRate: return "A team database's per-diem or mileage rate the report used is above the tax-free figure, marked taxable."
        case .receiptElsewhere: return "A receipt's file is also attached to a report of another traveller (a team database's)."
        case .cardElsewhere: return "A card transaction is also in a report of another traveller (a team database's)."
        case .paidBefore:
            return "Items match items of a reimbursed report of the same traveller (a team database's: same date, amount, and "
                + "category or merchant, or the same receipt or card transaction)."
        case .inOtherReport:
            return "Items match items of another report of the same traveller that is not reimbursed (a team database's: a "
                + "draft, submitted, approved or rejected one)."
        case .vatWithoutReceipt:
            return "An item gives its VAT but has no receipt: input VAT is reclaimable only with a receipt naming it."
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

    public init(
        rule: PolicyRule, key: String, expenseIDs: [Int64], message: String, severity: PolicySeverity, acknowledgement: String?
    ) {
        self.rule = rule
        self.key = key
        self.expenseIDs = expenseIDs
        self.message = message
        self.severity = severity
        self.acknowledgement = acknowledgement
    }

    /// Blocking, unless accepted: only the server's findings of a submission are accepted by an
    /// approver (`Store.serverFindings`), a blocking rule of the app's never.
    public var blocks: Bool { severity == .blocking && (acknowledgement == nil || !rule.isServers) }
}
