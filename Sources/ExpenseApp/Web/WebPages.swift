import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import WebServing

/// The logged-in pages, each read from the person's own store through the same reads as the
/// command that shows it (`report list`, `report show`, `inbox`), and the approver's steps
/// through the same writes as `report approve|reject`.
enum WebPages {
    static let navigation: [WebPage.Link] = [
        .init("Reports", "/reports"), .init("Take photo", "/receipts/new"), .init("Add expense", "/expenses/new"),
        .init("Approvals", "/approvals"),
    ]

    /// The log-out button: a POST with the session's CSRF token.
    static func logoutForm(_ session: WebSession) -> String {
        """
        <form method="post" action="/logout"><input type="hidden" name="csrf" value="\(HTML.escape(session.csrf))">\
        <button type="submit">Log out</button></form>
        """
    }

    /// - Parameter heading: false when `body` begins with its own `<h1>`.
    static func page(_ title: String, _ body: String, _ session: WebSession, status: Int = 200, heading: Bool = true) -> HTTPResponse {
        let footer = "<p>Logged in as \(HTML.escape(session.person.value)).</p>\n" + logoutForm(session)
        return .html(WebPage.layout(title: title, body: body + "\n" + footer, navigation: navigation, heading: heading), status: status)
    }

    /// `report list`'s rows, each linking to its report: the first `ListWindow.tableRows`, as the
    /// command shows them, and a link to every one (`?all`) when there are more.
    static func reports(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        let all = request.query["all"] != nil
        return answer(session) { store in
            let reports = try store.reports(limit: all ? nil : ListWindow.tableRows)
            var body = ListingTable.html(ReportView.listing(reports)) { "/reports/\(reports[$0].id)" }
            if !all, reports.count == ListWindow.tableRows, case let total = try store.reportCount(), total > reports.count {
                body +=
                    "\n<p>\(reports.count) of \(total) reports, open ones and the latest trips first. <a href=\"/reports?all\">Show all</a></p>\n"
            }
            return page("Reports", body, session)
        }
    }

    /// What `report show` shows, from its own `ReportDetail` (`ReportPage`): items, per diems,
    /// totals, what is due. Another member's report is "not found", as on the command line.
    static func report(_ session: WebSession, _ parameters: [String: String]) -> HTTPResponse {
        guard let id = parameters["id"].flatMap({ Int64($0) }), id > 0 else {
            return page("Not found", "<p>no such report</p>", session, status: 404)
        }
        return answer(session) { store in
            let detail = try ReportCommands.detail(of: id, in: store)
            return page("Report \(id): \(detail.report.title)", detail.webPage.body, session)
        }
    }

    /// What waits for the person's decision (`inbox`'s first section), each with approve and reject.
    static func approvals(_ session: WebSession) -> HTTPResponse {
        answer(session) { store in
            let waiting = try store.inbox(of: session.person).toDecide
            var body = ""
            if waiting.isEmpty { body += "<p>Nothing waits for you.</p>\n" }
            for entry in waiting {
                let report = entry.report
                let csrf = "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(session.csrf))\">"
                body += """
                    <section>
                    <h2><a href="/reports/\(report.id)">\(HTML.escape("\(report.id): \(report.title)"))</a></h2>
                    <p>\(HTML.escape("\(report.owner) · \(report.total.displayString) \(report.total.currency.code) · waits since \(entry.since)"))</p>
                    <form method="post" action="/approvals/\(report.id)/approve">\(csrf)<button type="submit">Approve</button></form>
                    <form method="post" action="/approvals/\(report.id)/reject">\(csrf)
                    <label>Reason <input name="reason" required></label> <button type="submit">Reject</button></form>
                    </section>

                    """
            }
            return page("Approvals", body, session)
        }
    }

    /// `report approve|reject` on the version the person decides now; back to the list.
    static func decide(_ session: WebSession, _ parameters: [String: String], _ request: HTTPRequest) -> HTTPResponse {
        guard let id = parameters["id"].flatMap({ Int64($0) }), id > 0,
            let action = parameters["action"].flatMap({ $0 == "approve" ? ReportAction.approve : $0 == "reject" ? .reject : nil })
        else {
            return page("Not found", "<p>no such report</p>", session, status: 404)
        }
        let reason = (request.form["reason"] ?? "").trimmingSpaces
        if action == .reject, reason.isEmpty {
            return page("Approvals", "<p role=\"alert\">A rejection needs its reason: the owner sees it.</p>", session, status: 400)
        }
        return answer(session) { store in
            _ = try store.write {
                try store.apply(action, to: id, by: session.person, reason: reason, seen: try store.version(of: id))
            }
            return .redirect(to: "/approvals")
        }
    }

    /// `body` on the person's store; an error as the command line words it, with its status.
    static func answer(_ session: WebSession, _ body: (Store) throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try session.withStore(body)
        } catch {
            return failure(error, session)
        }
    }

    /// `body` in the person's command-line session (settings, catalog, receipts' storage); an
    /// error as the command line words it.
    static func answer(_ session: WebSession, inSession body: (Session) throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try session.withSession(body)
        } catch {
            return failure(error, session)
        }
    }

    /// The page of an error, in the command line's words, with the status that fits it.
    private static func failure(_ error: any Error, _ session: WebSession) -> HTTPResponse {
        let shown: ExpenseError =
            switch error {
            case let error as ExpenseError: error
            case let error as DatabaseError: ErrorPresenter.error(error)
            default: ExpenseError(.internal, "\(error)")
            }
        let status =
            switch shown.kind {
            case .notFound: 404
            case .permissionDenied: 403
            case .refused, .invalidData, .usage: 409
            default: 500
            }
        let hint = shown.hint.map { "<p>\(HTML.escape($0))</p>\n" } ?? ""
        return page("Not done", "<p role=\"alert\">\(HTML.escape(shown.message))</p>\n\(hint)", session, status: status)
    }
}
