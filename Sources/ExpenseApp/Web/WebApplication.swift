import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import Rendering
import WebServing

/// The web application `serve` answers with: a table of routes, method and path pattern to a
/// handler; `respond(to:)` is the server's `(HTTPRequest) -> HTTPResponse`.
///
/// Adding a page is one line in `routes`:
///
///     Route("GET", "/receipts/new", page: { request, session, parameters in ... })   // logged in
///     Route("GET", "/sw.js") { request, parameters in ... }                           // public
///
/// A pattern's `{name}` segment matches one path segment, given in `parameters`. A `page:` route
/// gets the logged-in `WebSession` (the person, their open store through `withStore`, the CSRF
/// token its forms carry); without one the browser is sent to /login. A POST to a `page:` route
/// is refused (403) unless its form's `csrf` field is the session's token; the share target's
/// POST, which the phone's share sheet sends without one, is refused unless it comes from the
/// app itself (`Sec-Fetch-Site`), and the SameSite=Strict cookie is never sent cross-site.
final class WebApplication: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse
    typealias PageHandler = @Sendable (HTTPRequest, WebSession, [String: String]) -> HTTPResponse

    /// Where the data is and who may log in.
    struct Configuration: @unchecked Sendable {
        let location: DatabaseLocation
        let environment: Environment
        /// A file database's one person, who logs in with `loginToken`; nil on a team database.
        let filePerson: UserName?
        /// The one-time log-in link's token `serve` prints for a file database.
        let loginToken: String?
        /// Served over TLS: the session cookie is Secure.
        let isSecure: Bool
    }

    /// One method and path pattern (`/reports/{id}`) and what answers it.
    struct Route: Sendable {
        let method: String
        let segments: [String]
        let handler: Handler?
        let page: PageHandler?
        /// Whether a POST must carry the session's CSRF token (all but the share target's).
        let needsToken: Bool

        init(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
            self.method = method
            self.segments = pattern.split(separator: "/").map(String.init)
            self.handler = handler
            self.page = nil
            self.needsToken = true
        }

        init(_ method: String, _ pattern: String, needsToken: Bool = true, page: @escaping PageHandler) {
            self.method = method
            self.segments = pattern.split(separator: "/").map(String.init)
            self.handler = nil
            self.page = page
            self.needsToken = needsToken
        }

        /// The `{name}` segments' values when `path` matches, else nil.
        func match(_ path: String) -> [String: String]? {
            let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard parts.count == segments.count else { return nil }
            var parameters: [String: String] = [:]
            for (segment, part) in zip(segments, parts) {
                if segment.hasPrefix("{"), segment.hasSuffix("}") {
                    parameters[String(segment.dropFirst().dropLast())] = part
                } else if segment != part {
                    return nil
                }
            }
            return parameters
        }
    }

    static let sessionCookie = "expenses_session"
    /// The log-in form's CSRF token, before there is a session (double submit: cookie and field).
    static let loginCookie = "expenses_login"

    let configuration: Configuration
    let sessions: WebSessions
    let attempts: LoginAttempts
    private var loginToken: String?
    private let mutex = Mutex()
    private(set) var routes: [Route] = []

    init(_ configuration: Configuration, sessions: WebSessions = WebSessions(), attempts: LoginAttempts = LoginAttempts()) {
        self.configuration = configuration
        self.sessions = sessions
        self.attempts = attempts
        self.loginToken = configuration.loginToken
        let login = WebLogin(application: self)
        let assets = WebAssets(application: self)
        routes = [
            Route("GET", "/") { _, _ in .redirect(to: "/reports") },
            Route("GET", "/login") { request, _ in login.form(request) },
            Route("POST", "/login") { request, _ in login.submit(request) },
            Route("POST", "/logout", page: { request, session, _ in login.logout(request, session) }),
            Route("GET", "/reports", page: { request, session, _ in WebPages.reports(request, session) }),
            Route("GET", "/reports/{id}", page: { _, session, parameters in WebPages.report(session, parameters) }),
            Route("GET", "/approvals", page: { _, session, _ in WebPages.approvals(session) }),
            Route(
                "POST", "/approvals/{id}/{action}", page: { request, session, parameters in WebPages.decide(session, parameters, request) }),
            Route("GET", "/receipts/new", page: { request, session, _ in WebReceipts.form(request, session) }),
            Route("POST", "/receipts", page: { request, session, _ in WebReceipts.upload(request, session) }),
            Route(
                "POST", WebAppManifest.shareAction, needsToken: false, page: { request, session, _ in WebReceipts.upload(request, session) }
            ),
            Route("GET", "/expenses/new", page: { request, session, _ in WebExpenses.form(request, session) }),
            Route("POST", "/expenses", page: { request, session, _ in WebExpenses.add(request, session) }),
            Route("GET", "/manifest.webmanifest") { request, _ in assets.manifest(request) },
            Route("GET", "/sw.js") { _, _ in assets.serviceWorker },
            Route("GET", "/" + ServiceWorkerRegistration.fileName) { _, _ in assets.registration },
            Route("GET", "/icons/{file}") { _, parameters in assets.icon(parameters["file"] ?? "") },
        ]
    }

    /// The route's answer; 405 when the path is known for another method, 404 when it is not.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.match(request.path) else { continue }
            guard route.method == method else {
                allowed.append(route.method)
                continue
            }
            if let handler = route.handler { return secured(handler(request, parameters)) }
            guard let session = sessions.session(request.cookies[Self.sessionCookie]) else {
                return method == "GET" ? .redirect(to: "/login") : .text("log in first\n", status: 403)
            }
            if method == "POST", route.needsToken, !RandomToken.equal(request.form["csrf"] ?? "", session.csrf) {
                return .text("this form's CSRF token is missing or stale: reload the page and send it again\n", status: 403)
            }
            if method == "POST", !route.needsToken, let site = request.header("Sec-Fetch-Site"), !["same-origin", "none"].contains(site) {
                return .text("a share from another site is refused: share the file from the phone's share sheet\n", status: 403)
            }
            return secured(route.page!(request, session, parameters).adding("Cache-Control", "no-store"))
        }
        if !allowed.isEmpty {
            return .text("\(request.method) is not allowed here\n", status: 405).adding("Allow", allowed.joined(separator: ", "))
        }
        return .text("not found\n", status: 404)
    }

    /// An HTML page gets the Content-Security-Policy that allows no inline script.
    private func secured(_ response: HTTPResponse) -> HTTPResponse {
        guard response.header("Content-Type")?.hasPrefix("text/html") == true else { return response }
        return response.adding("Content-Security-Policy", WebPage.contentSecurityPolicy)
    }

    /// What a person's command-line session on the web is made of (`WebSession.withSession`).
    var origin: WebSession.Origin { .init(location: configuration.location, environment: configuration.environment) }

    /// The one-time log-in token of a file database, taken: it works once.
    func takeLoginToken(_ given: String) -> Bool {
        mutex.locked {
            guard let token = loginToken, RandomToken.equal(token, given) else { return false }
            loginToken = nil
            return true
        }
    }

    /// A cookie as `serve` sets them: HttpOnly, SameSite=Strict, Secure over TLS.
    func cookie(_ name: String, _ value: String, maxAge: Int? = nil) -> String {
        var text = "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if configuration.isSecure { text += "; Secure" }
        return text
    }
}
