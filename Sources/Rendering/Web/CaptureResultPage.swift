/// What happened to an uploaded receipt, in plain words: attached to an expense of a report
/// (with a link to the report), or not matched to one and offered as a prefilled expense form
/// with its doubts, or refused with the reason and what to do. The same outcome `receipt
/// capture` prints on a terminal, told for a phone. Body HTML only.
public enum CaptureResultPage {
    public enum Outcome: Equatable, Sendable {
        /// Attached to `expenseID`; `reportID` and `reportTitle` when the expense is in a report.
        case attached(receiptName: String, expenseID: Int64, reportID: Int64?, reportTitle: String?)
        /// Kept, matched to no expense: the expense it proposes, for the person to check.
        case draft(receiptName: String, fields: ExpenseFormPage.Fields, doubts: [String])
        /// Not captured: why, and what to do.
        case refused(message: String, hint: String?)
    }

    public static func body(_ outcome: Outcome, csrfToken: String) -> String {
        switch outcome {
        case .attached(let name, let expenseID, let reportID, let reportTitle):
            var text = "<h1>Receipt attached</h1>\n<p>\(HTML.escape(name)) is attached to expense \(expenseID)"
            if let reportID {
                let title = reportTitle.map { " (\(HTML.escape($0)))" } ?? ""
                text += " of report \(reportID)\(title).</p>\n<p><a href=\"/reports/\(reportID)\">Open the report</a></p>\n"
            } else {
                text += ", which is in no report yet.</p>\n<p><a href=\"/reports\">Your reports</a></p>\n"
            }
            return text + "<p><a href=\"/receipts/new\">Take another photo</a></p>\n"
        case .draft(let name, let fields, let doubts):
            return "<p>\(HTML.escape(name)) is kept; no expense matched it. Check what was read and add the expense:</p>\n"
                + ExpenseFormPage.body(fields, csrfToken: csrfToken, doubts: doubts, heading: "Add the expense of this receipt")
        case .refused(let message, let hint):
            let help = hint.map { "<p>\(HTML.escape($0))</p>\n" } ?? ""
            return "<h1>Not captured</h1>\n<p>\(HTML.escape(message))</p>\n\(help)<p><a href=\"/receipts/new\">Try again</a></p>\n"
        }
    }
}
