import ExpenseSupport

/// One request as the server read it: its line, headers and cookies as libmicrohttpd parsed them,
/// the client's address, and a form's fields and files (urlencoded or multipart, parsed by
/// libmicrohttpd's post processor as they arrive; files streamed to temporary files).
public struct HTTPRequest: Sendable {
    public let method: String
    /// The path without its query, percent-decoded by libmicrohttpd (`/reports/3`).
    public let path: String
    /// The query's arguments, decoded; the first of a repeated name.
    public let query: [String: String]
    /// Header names lowercased; the first of a repeated one.
    public let headers: [String: String]
    public let cookies: [String: String]
    /// The client's IP address as text (`127.0.0.1`, `::1`): what attempts are counted per.
    public let remoteAddress: String
    /// Whether it came over TLS (the server's own, `--cert/--key`).
    public let isSecure: Bool
    /// A form's text fields, the first of a repeated name.
    public let form: [String: String]
    public let files: [UploadedFile]

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        cookies: [String: String] = [:], remoteAddress: String = "127.0.0.1", isSecure: Bool = false,
        form: [String: String] = [:], files: [UploadedFile] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.remoteAddress = remoteAddress
        self.isSecure = isSecure
        self.form = form
        self.files = files
    }

    /// Who the client is as a reverse proxy on this machine names them: the last address of
    /// `X-Forwarded-For`, the one the proxy itself appended (nginx's `$proxy_add_x_forwarded_for`),
    /// when the request came over loopback; else the connection's own address. Log-in attempts
    /// are counted per this, so that behind nginx, where every connection comes from 127.0.0.1,
    /// one person's failures do not lock everyone out. An address from another machine is never
    /// taken from a header: only this machine's proxy is believed.
    public var clientAddress: String {
        let loopback = remoteAddress.hasPrefix("127.") || remoteAddress == "::1" || remoteAddress == "::ffff:127.0.0.1"
        guard loopback, let forwarded = header("X-Forwarded-For") else { return remoteAddress }
        let last = String(forwarded.split(separator: ",").last ?? "").trimmingSpaces
        let isAddress =
            !last.isEmpty && last.count <= 45
            && last.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == "." || $0 == ":" }
        return isAddress ? last : remoteAddress
    }

    /// The header `name`, any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
