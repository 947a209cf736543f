import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import WebServing

/// Adding an expense on the web: the form (empty, or for a trip), and its POST run as `expense
/// add` with the form's fields, so the same checks and words decide; a receipt the form came
/// from (a capture that matched nothing) is attached in the same transaction.
enum WebExpenses {
    /// The form's fields and the options of `expense add` they are.
    static let options: [(field: String, option: String)] = [
        ("report", "--report"), ("date", "--date"), ("amount", "--amount"), ("currency", "--currency"),
        ("category", "--category"), ("merchant", "--merchant"), ("description", "--description"),
    ]

    /// `/expenses/new[?report=ID]`.
    static func form(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        let fields = ExpenseFormPage.Fields(reportID: WebReceipts.id(request.query["report"]))
        return WebPages.page("Add an expense", ExpenseFormPage.body(fields, csrfToken: session.csrf), session, heading: false)
    }

    /// `POST /expenses`: the expense added, then the person is sent to its report (or the list).
    static func add(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        // Each value as `--option=value`: a value beginning with `-` stays a value.
        let words =
            ["expense", "add"]
            + options.compactMap { field, option in
                request.form[field].map { $0.trimmingSpaces }.flatMap { $0.isEmpty ? nil : "\(option)=\($0)" }
            }
        let receipt = WebReceipts.id(request.form["receipt"])
        return WebPages.answer(
            session,
            inSession: { cli in
                let store = try cli.store()
                do {
                    let expense = try store.write { () throws -> Expense in
                        guard case .document(let document) = try Runner().output(of: words, in: cli).shown,
                            let added = (document as? ExpenseResult)?.item
                        else { throw ExpenseError(.internal, "expense add answered without the expense") }
                        if let receipt {
                            _ = try Runner().output(of: ["receipt", "attach", "\(receipt)", "--expense=\(added.id)"], in: cli)
                        }
                        return added
                    }
                    return .redirect(to: expense.reportID.map { "/reports/\($0)" } ?? "/reports")
                } catch let error as ExpenseError where error.kind != .internal {
                    // The form again, as sent, with what was wrong: nothing typed is lost.
                    let form = request.form
                    let fields = ExpenseFormPage.Fields(
                        date: form["date"] ?? "", amount: form["amount"] ?? "", currency: form["currency"] ?? "",
                        merchant: form["merchant"] ?? "", category: form["category"] ?? "", description: form["description"] ?? "",
                        reportID: WebReceipts.id(form["report"]), receiptID: receipt)
                    let problem = error.message + (error.hint.map { " (\($0))" } ?? "")
                    let body = ExpenseFormPage.body(fields, csrfToken: session.csrf, problem: problem)
                    return WebPages.page("Add an expense", body, session, status: 422, heading: false)
                }
            })
    }
}
