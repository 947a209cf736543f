import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// What libmicrohttpd's callbacks are given (their `cls`): the handler and the limits.
final class ServerContext: @unchecked Sendable {
    let handler: HTTPHandler
    let limits: HTTPLimits
    let isSecure: Bool
    let temporaryDirectory: String
    let uploads: UploadTurns

    init(handler: @escaping HTTPHandler, limits: HTTPLimits, isSecure: Bool, temporaryDirectory: String) {
        self.handler = handler
        self.limits = limits
        self.isSecure = isSecure
        self.temporaryDirectory = temporaryDirectory
        self.uploads = UploadTurns(width: limits.uploadsAtOnce)
    }

    /// libmicrohttpd calls this for a request first when its headers are read, then once per
    /// piece of its body, then once more when it is whole: that last call answers.
    func handle(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let stored = state.pointee else {
            let exchange = Exchange(maximumField: limits.maximumField, temporaryDirectory: temporaryDirectory)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            // Refused from what the client announced, before one byte of the body is read.
            if let length = Self.value(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }), length > limits.maximumBody {
                exchange.answered = true
                return Self.queue(connection, Self.tooLarge(limits))
            }
            exchange.postProcessor = MHD_create_post_processor(connection, 16 * 1024, postIterator, state.pointee)
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(stored).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let size = uploadSize.pointee
            uploadSize.pointee = 0
            if exchange.answered { return .YES }
            exchange.received += size
            // A body sent without its length (chunked) is cut off as soon as it passes the cap:
            // the connection is closed, nothing more of it is read.
            if exchange.received > limits.maximumBody { return .NO }
            if let processor = exchange.postProcessor, let upload {
                if MHD_post_process(processor, upload, size) == .NO { exchange.malformed = true }
            }
            return .YES
        }
        if exchange.answered { return .YES }
        exchange.answered = true
        exchange.finishFile()
        if exchange.malformed {
            return Self.queue(connection, .text(exchange.failure ?? "the form could not be read\n", status: 400))
        }
        let request = HTTPRequest(
            method: method, path: url, query: Self.values(connection, .GET_ARGUMENT_KIND),
            headers: Dictionary(
                Self.pairs(connection, .HEADER_KIND).map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first }),
            cookies: Self.values(connection, .COOKIE_KIND), remoteAddress: Self.clientAddress(connection), isSecure: isSecure,
            form: exchange.formFields, files: exchange.files)
        if request.files.isEmpty { return Self.queue(connection, handler(request)) }
        return Self.queue(connection, uploads.take { handler(request) })
    }

    static func tooLarge(_ limits: HTTPLimits) -> HTTPResponse {
        .text("the request is larger than the \(limits.maximumBody / (1024 * 1024)) MiB this server accepts\n", status: 413)
            .adding("Connection", "close")
    }

    /// Sends `response`, with the headers every answer carries.
    static func queue(_ connection: OpaquePointer, _ response: HTTPResponse) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        let names = Set(response.headers.map { $0.name.lowercased() })
        if !names.contains("x-content-type-options") { _ = MHD_add_response_header(made, "X-Content-Type-Options", "nosniff") }
        if !names.contains("x-frame-options") { _ = MHD_add_response_header(made, "X-Frame-Options", "DENY") }
        if !names.contains("referrer-policy") { _ = MHD_add_response_header(made, "Referrer-Policy", "same-origin") }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    /// The first of each name.
    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        Dictionary(pairs(connection, kind), uniquingKeysWith: { first, _ in first })
    }

    static func pairs(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(String, String)] {
        final class Collected { var pairs: [(String, String)] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(
                connection, kind,
                { cls, _, key, value in
                    let collected = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
                    if let key { collected.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? "")) }
                    return .YES
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.pairs
    }

    static func clientAddress(_ connection: OpaquePointer) -> String {
        guard let address = expenses_mhd_client_address(connection) else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var bytes = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var bytes = v6.pointee.sin6_addr
                _ = inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
            }
        default: return ""
        }
        return String(cString: text)
    }
}

/// libmicrohttpd's request handler: to the server's context.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, state in
    guard let cls, let connection, let uploadSize, let state else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return context.handle(
        connection, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "GET", upload: upload,
        uploadSize: uploadSize, state: state)
}

/// When a request is done, answered or cut off: its exchange and its temporary files go.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let stored = state.pointee else { return }
    state.pointee = nil
    Unmanaged<Exchange>.fromOpaque(stored).release()
}

/// The post processor's callback: each piece of a field or a file, in order.
let postIterator: MHD_PostDataIterator = { cls, _, key, filename, contentType, _, data, offset, size in
    guard let cls else { return .NO }
    let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
    let piece = UnsafeRawBufferPointer(start: data, count: size)
    let accepted = exchange.receive(
        field: key.map { String(cString: $0) } ?? "", filename: filename.map { String(cString: $0) },
        contentType: contentType.map { String(cString: $0) }, offset: offset, bytes: piece)
    return accepted ? .YES : .NO
}
