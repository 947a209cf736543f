import WebServing

/// The web application `serve` answers with: a table of routes, method and path pattern to a
/// handler. `respond(to:)` is the server's `(HTTPRequest) -> HTTPResponse`.
///
/// Adding a page is one line in `routes`: `Route("GET", "/receipts/new") { request, parameters in ... }`.
/// A pattern's `{name}` segment matches one path segment, given to the handler in `parameters`.
/// Routes that need a logged-in person will get the request's `WebSession` (the person, their
/// open store, the CSRF token) once log-in exists; until then every route is public.
/// The paths the other part of issue 47 adds: /receipts/new, POST /receipts, /receipts/share,
/// /expenses/new, /manifest.webmanifest, /sw.js, /icons/192.png, /icons/512.png.
final class WebApplication: Sendable {
    typealias Handler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse

    /// One method and path pattern (`/reports/{id}`) and what answers it.
    struct Route: Sendable {
        let method: String
        let segments: [String]
        let handler: Handler

        init(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
            self.method = method
            self.segments = pattern.split(separator: "/").map(String.init)
            self.handler = handler
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

    let routes: [Route]

    init() {
        routes = [
            Route("GET", "/") { _, _ in .redirect(to: "/reports") }
        ]
    }

    /// The route's answer; 405 when the path is known for another method, 404 when it is not.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.match(request.path) else { continue }
            if route.method == method { return route.handler(request, parameters) }
            allowed.append(route.method)
        }
        if !allowed.isEmpty {
            return .text("\(request.method) is not allowed here\n", status: 405).adding("Allow", allowed.joined(separator: ", "))
        }
        return .text("not found\n", status: 404)
    }
}
