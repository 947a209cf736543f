import ExpenseCore

extension ReportHTML {
    /// A step of a report's approval route as its paper shows it: who it is for, and once decided
    /// who signed it (a delegate for the approver they stand in for) and when.
    public struct Signature: Sendable, Equatable {
        public var position: Int
        /// Why the step is there: "manager", "cost centre 4711", "second approval".
        public var why: String
        /// Whom it waits for, as people read it: "bob", "any approver", "finance".
        public var decider: String
        public var decidedBy: String?
        /// The approver a delegate signed for.
        public var onBehalfOf: String?
        /// When, as the reader's clock shows it.
        public var decidedAt: String?

        public init(
            position: Int, why: String, decider: String, decidedBy: String? = nil, onBehalfOf: String? = nil, decidedAt: String? = nil
        ) {
            self.position = position
            self.why = why
            self.decider = decider
            self.decidedBy = decidedBy
            self.onBehalfOf = onBehalfOf
            self.decidedAt = decidedAt
        }

        /// "dave for bob", "bob"; nil before it is decided.
        public var signedBy: String? { decidedBy.map { by in onBehalfOf.map { "\(by) for \($0)" } ?? by } }
    }

    /// Every signature of the report's route, in its order: a step decided with who signed it
    /// (the last one of a rejected report is the rejection), the one it waits for, those to come.
    /// Nothing for a report without a route (a draft, or one submitted before routes).
    func signaturesSection() -> String {
        guard !signatures.isEmpty else { return "" }
        var html =
            "<h2>Signatures</h2>\n<table class=\"history signatures\"><thead><tr><th>Step</th><th>For</th>"
            + "<th>Signed by</th><th>When</th></tr></thead><tbody>\n"
        let waiting = report.status == .submitted ? signatures.first { $0.decidedBy == nil }?.position : nil
        let rejection = report.status == .rejected ? signatures.last { $0.decidedBy != nil }?.position : nil
        for signature in signatures {
            let signed: String
            if let by = signature.signedBy {
                signed = (signature.position == rejection ? "rejected by " : "") + by
            } else {
                signed = signature.position == waiting ? "waiting" : "to come"
            }
            html +=
                "<tr><td>\(signature.position). \(escape(signature.why))</td><td>\(escape(signature.decider))</td>"
                + "<td>\(escape(signed))</td><td class=\"date\">\(escape(signature.decidedAt ?? ""))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }
}
