import Rendering
import WebServing

/// The logged-in pages, each from the person's own store.
enum WebPages {
    /// The log-out button: a POST with the session's CSRF token.
    static func logoutForm(_ session: WebSession) -> String {
        """
        <form method="post" action="/logout"><input type="hidden" name="csrf" value="\(HTML.escape(session.csrf))">\
        <button type="submit">Log out</button></form>
        """
    }

    static func reports(_ session: WebSession) -> HTTPResponse {
        let body = "<p>Logged in as \(HTML.escape(session.person.value)).</p>\n" + logoutForm(session)
        return .html(WebPage.layout(title: "Reports", body: body, navigation: [.init("Reports", "/reports")]))
    }
}
