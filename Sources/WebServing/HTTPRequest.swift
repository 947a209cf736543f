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

    /// The header `name`, any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
