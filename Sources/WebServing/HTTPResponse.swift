/// What a handler answers: a status, headers and the body's bytes. The helpers set the content
/// type; every response also carries the headers `HTTPServer` adds to all (no sniffing, no framing).
public struct HTTPResponse: Sendable {
    public var status: Int
    /// In order; a name may repeat (`Set-Cookie`).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An HTML page, UTF-8.
    public static func html(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }

    /// Plain text, UTF-8: the server's own short answers (413, 429...).
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// JSON already written, UTF-8.
    public static func json(_ text: String, status: Int = 200, contentType: String = "application/json") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// Bytes of a file or made in memory (an icon, a script), of `contentType`.
    public static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: bytes)
    }

    /// 303 See Other to `location`: after a form's POST, so that reloading does not post again.
    public static func redirect(to location: String, status: Int = 303) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Location", location)])
    }

    /// This response with one more header.
    public func adding(_ name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    /// The first value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
