import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import WebServing

/// `/login` and `/logout`. On a team database a person logs in with their role and password and
/// gets a connection of their own as that role; on a file database its one person follows the
/// one-time link `serve` printed. A refusal never says which of name and password was wrong.
struct WebLogin: Sendable {
    unowned(unsafe) let application: WebApplication

    static let wrong = "wrong name or password"

    func form(_ request: HTTPRequest) -> HTTPResponse {
        let configuration = application.configuration
        if let person = configuration.filePerson {
            guard let token = request.query["token"], application.takeLoginToken(token) else {
                return .html(
                    WebPage.layout(
                        title: "Log in",
                        body: "<p>Open the log-in link <code>expenses serve</code> printed; it works once.</p>"),
                    status: 403)
            }
            do {
                let store = try Store(location: configuration.location, now: configuration.environment.now)
                return started(application.sessions.open(person: person, store: store, origin: application.origin))
            } catch {
                return .text("cannot open the database: \(error)\n", status: 503)
            }
        }
        let csrf = request.cookies[WebApplication.loginCookie].flatMap { $0.count == 32 ? $0 : nil } ?? RandomToken.make()
        return .html(LoginPage.html(csrf: csrf)).adding("Set-Cookie", application.cookie(WebApplication.loginCookie, csrf))
            .adding("Cache-Control", "no-store")
    }

    func submit(_ request: HTTPRequest) -> HTTPResponse {
        let configuration = application.configuration
        guard configuration.filePerson == nil else { return .redirect(to: "/login") }
        guard let expected = request.cookies[WebApplication.loginCookie],
            RandomToken.equal(request.form["csrf"] ?? "", expected)
        else {
            return .text("this form's CSRF token is missing or stale: reload the page and send it again\n", status: 403)
        }
        let name = request.form["name"] ?? ""
        let password = request.form["password"] ?? ""
        if let wait = application.attempts.retryAfter(address: request.clientAddress, name: name) {
            return .text("too many log-in attempts: try again in \(wait) seconds\n", status: 429).adding("Retry-After", "\(wait)")
        }
        let refused = HTTPResponse.html(LoginPage.html(csrf: expected, name: name, message: Self.wrong), status: 401)
        guard let person = try? UserName(validating: name), !password.isEmpty else {
            application.attempts.failed(address: request.clientAddress, name: name)
            return refused
        }
        do {
            let store = try Store(
                server: configuration.location, user: person.value, password: password, now: configuration.environment.now)
            guard try store.serverRole() == person else {
                application.attempts.failed(address: request.clientAddress, name: name)
                return refused
            }
            return started(application.sessions.open(person: person, store: store, origin: application.origin))
        } catch let error as ExpenseError where error.kind == .permissionDenied {
            application.attempts.failed(address: request.clientAddress, name: name)
            return refused
        } catch {
            return .text("the database cannot be reached now: try again later\n", status: 503)
        }
    }

    func logout(_ request: HTTPRequest, _ session: WebSession) -> HTTPResponse {
        application.sessions.end(session.token)
        return .redirect(to: "/login").adding("Set-Cookie", application.cookie(WebApplication.sessionCookie, "", maxAge: 0))
    }

    private func started(_ session: WebSession) -> HTTPResponse {
        .redirect(to: "/reports").adding("Set-Cookie", application.cookie(WebApplication.sessionCookie, session.token))
            .adding("Cache-Control", "no-store")
    }
}
