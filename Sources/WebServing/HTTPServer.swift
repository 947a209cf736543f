import CMicroHTTPD
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// What the server calls for each request, on one of its threads; several run at once.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// An HTTP server on GNU libmicrohttpd, which parses the requests, holds the connections, their
/// limits and timeouts, and speaks TLS; this class only hands each whole request to `handler`
/// and sends back what it answers. It knows nothing of expenses.
///
/// The listening socket is made here rather than by libmicrohttpd, so that an address in use or
/// not this machine's is said in the system's own words, and port 0 (the system's choice) is known.
public final class HTTPServer: @unchecked Sendable {
    /// Where it listens, with the port the system chose for port 0.
    public let address: ListenAddress
    public let isSecure: Bool
    private let lock = NSLockLike()
    private var daemon: OpaquePointer?
    private let context: Unmanaged<ServerContext>
    /// The PEM texts libmicrohttpd reads its TLS credentials from, alive as long as the daemon.
    private var credentials: [UnsafeMutablePointer<CChar>] = []

    /// The server's URL, `http://127.0.0.1:8080/` or `https://...`.
    public var url: String { "\(isSecure ? "https" : "http")://\(address)/" }

    /// Starts listening at once; each connection is answered on a thread of its own until `stop`.
    /// - Parameter tls: PEM certificate (chain) and key files: HTTPS; nil: plain HTTP.
    /// - Parameter temporaryDirectory: where uploads are streamed (TMPDIR, else /tmp).
    public init(
        listen: ListenAddress, tls: TLSFiles? = nil, limits: HTTPLimits = HTTPLimits(), temporaryDirectory: String? = nil,
        handler: @escaping HTTPHandler
    ) throws(ExpenseError) {
        var pem: [UnsafeMutablePointer<CChar>] = []
        if let tls {
            guard MHD_is_feature_supported(.FEATURE_TLS) == .YES else {
                throw ExpenseError(
                    .unavailable, "this libmicrohttpd was built without TLS", hint: "serve HTTP behind a reverse proxy that speaks HTTPS")
            }
            pem = [try Self.readPEM(tls.certificate, what: "certificate"), try Self.readPEM(tls.key, what: "key")]
        }
        let (socket, port) = try Self.listeningSocket(listen)
        address = ListenAddress(host: listen.host, port: port)
        isSecure = tls != nil
        let directory = temporaryDirectory ?? ProcessEnvironment.temporaryDirectory
        context = .passRetained(ServerContext(handler: handler, limits: limits, isSecure: tls != nil, temporaryDirectory: directory))
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: limits.connections, ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: limits.connectionsPerAddress, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: limits.timeoutSeconds, ptr_value: nil),
        ]
        if pem.count == 2 {
            options.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(pem[0])))
            options.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(pem[1])))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        // A thread per connection, not a pool whose threads each serve many: a handler waits (for
        // the person's database connection, for OCR), and in a pool every other connection of its
        // thread would wait with it: 50 sessions under load saw a p99 of 9.6 s behind a few
        // uploads (WebLoadTests). `limits.connections` bounds the threads; poll(), not select(),
        // so no descriptor number is too high.
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        if tls != nil { flags |= MHD_USE_TLS.rawValue }
        let started = options.withUnsafeMutableBufferPointer { items in
            expenses_mhd_start(UInt32(flags), accessHandler, context.toOpaque(), requestCompleted, context.toOpaque(), items.baseAddress)
        }
        guard let started else {
            close(socket)
            context.release()
            pem.forEach { free($0) }
            if tls != nil {
                throw ExpenseError(
                    .invalidData, "cannot serve HTTPS with the certificate \(tls!.certificate) and the key \(tls!.key)",
                    hint: "give a PEM certificate and its own unencrypted PEM private key")
            }
            throw ExpenseError(.unavailable, "cannot start the HTTP server on \(listen)")
        }
        daemon = started
        credentials = pem
    }

    deinit { stop() }

    /// Stops listening, closes the connections and waits for the handlers running now. Idempotent.
    public func stop() {
        let stopping: OpaquePointer? = lock.locked {
            defer { daemon = nil }
            return daemon
        }
        guard let stopping else { return }
        MHD_stop_daemon(stopping)
        context.release()
        credentials.forEach { free($0) }
        credentials = []
    }

    /// Paths of a PEM certificate (with its chain) and its private key.
    public struct TLSFiles: Sendable, Equatable {
        public let certificate: String
        public let key: String
        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    private static func readPEM(_ path: String, what: String) throws(ExpenseError) -> UnsafeMutablePointer<CChar> {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 1 << 20)
        } catch {
            switch error {
            case .missing: throw ExpenseError(.noInput, "cannot read the \(what) \(path): no such file")
            case .unreadable(let reason): throw ExpenseError(.noInput, "cannot read the \(what) \(path): \(reason)")
            }
        }
        guard let text = strdup(String(decoding: bytes, as: UTF8.self)) else {
            throw ExpenseError(.internal, "out of memory reading \(path)")
        }
        return text
    }

    /// A bound, listening socket and its port.
    private static func listeningSocket(_ listen: ListenAddress) throws(ExpenseError) -> (Int32, UInt16) {
        guard let socketAddress = listen.socketAddress else {
            throw ExpenseError(.usage, "'\(listen.host)' is no IP address")
        }
        let family = if case .v6 = socketAddress { AF_INET6 } else { AF_INET }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw ExpenseError(.unavailable, "cannot listen on \(listen): \(SystemError.reason(errno))")
        }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        switch socketAddress {
        case .v4(var address):
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6(var address):
            var only: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 128) == 0 else {
            let code = errno
            close(descriptor)
            throw listenError(listen, code)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        return (descriptor, port)
    }

    private static func listenError(_ listen: ListenAddress, _ code: Int32) -> ExpenseError {
        let message = "cannot listen on \(listen): \(SystemError.reason(code))"
        switch code {
        case EADDRINUSE:
            return ExpenseError(.unavailable, message, hint: "another program listens there: stop it, or choose another port")
        case EACCES:
            return ExpenseError(.permissionDenied, message, hint: "ports below 1024 need privileges: choose a port from 1024 up")
        case EADDRNOTAVAIL:
            return ExpenseError(.unavailable, message, hint: "the address is none of this machine's (ip address lists them)")
        default:
            return ExpenseError(.unavailable, message)
        }
    }
}

/// How much the server lets its clients take: connections in all (each holds a thread while it
/// is open) and per address, how long a connection may stay silent, the largest request body.
public struct HTTPLimits: Sendable, Equatable {
    public var connections = 256
    /// A client that opens many connections (a slow-loris) holds at most these.
    public var connectionsPerAddress = 64
    /// A connection idle this long is closed, a slow client's half-sent request too.
    public var timeoutSeconds = 30
    /// The largest request body: one announced larger is refused (413) before it is read, one
    /// sent without its length is cut off as soon as it passes this.
    public var maximumBody = 25 * 1024 * 1024
    /// The largest text field of a form; an upload's file is bounded by `maximumBody` only.
    public var maximumField = 64 * 1024
    /// Requests that carry a file in their handlers at once (one a processor); the others wait
    /// their turn, pages do not (`UploadTurns`).
    public var uploadsAtOnce = UploadTurns.processors

    public init() {}
}

/// The lock around the daemon handle, on pthread's mutex (Foundation is not imported here).
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// The process's temporary directory: TMPDIR, else /tmp.
enum ProcessEnvironment {
    static var temporaryDirectory: String {
        if let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty { return value }
        return "/tmp"
    }
}
