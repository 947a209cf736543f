import ExpenseCore

extension ReportHTML {
    /// The approval history as a checker reads it: the decisions (submit, approve, reject,
    /// reimburse, recall, reopen, an acknowledged warning: who, when, why) in a table, and the
    /// changes made while the report was a draft folded into one line after it.
    func historySection() -> String {
        var html = "<h2>Approval history</h2>\n"
        let edits = events.filter(Self.isDraftEdit)
        let decisions = events.filter { !Self.isDraftEdit($0) }
        if decisions.isEmpty {
            html += "<p>Not submitted yet.</p>\n"
        } else {
            html +=
                "<table class=\"history\"><thead><tr><th>When</th><th>Who</th><th>Action</th><th>From</th><th>To</th><th>Note</th></tr></thead><tbody>\n"
            for event in decisions {
                html +=
                    "<tr><td class=\"date\">\(escape(event.at))</td><td>\(escape(event.actor))</td><td>\(escape(event.action))</td>"
                    + "<td>\(event.from.rawValue)</td><td>\(event.to.rawValue)</td><td>\(escape(event.reason))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        if let first = edits.first, let last = edits.last {
            var actors: [String] = []
            for event in edits where !actors.contains(event.actor) { actors.append(event.actor) }
            let when = first.at == last.at ? "on \(first.at)" : "from \(first.at) to \(last.at)"
            html +=
                "<p class=\"generated\">\(edits.count) edit\(edits.count == 1 ? "" : "s") while a draft, \(escape(when)) "
                + "by \(escape(actors.joined(separator: ", "))): 'expenses report history \(report.id)' lists them.</p>\n"
        }
        return html
    }

    /// A change made to a draft (an item, a receipt, a stop), as opposed to a step of the workflow.
    static func isDraftEdit(_ event: ReportEvent) -> Bool {
        event.from == .draft && event.to == .draft && ReportAction(rawValue: event.action) == nil
    }

    /// The header's line for a reimbursed report: when, by whom and with what reference, and the
    /// payment run's SEPA message, end-to-end reference and execution date when it was paid in one.
    var reimbursement: String? {
        guard report.status == .reimbursed, let event = events.last(where: { $0.action == ReportAction.reimburse.rawValue })
        else { return nil }
        var text = "\(event.at) by \(event.actor)"
        if let payment {
            text +=
                " in payment run \(payment.run.id) (SEPA message \(payment.run.messageID), "
                + "end-to-end reference \(payment.transfer.endToEndID), executed \(payment.run.executionDate), \(payment.transfer.amount))"
        } else if !event.reason.isEmpty {
            text += ", reference \(event.reason)"
        }
        return text
    }
}
