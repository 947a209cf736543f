import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Where the server listens: an IP address and a port, as `--listen ADDR:PORT` gives them
/// (`127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:443`; port 0 is one the system picks). A name
/// (`localhost`) is refused: which address a name resolves to is the resolver's choice, and the
/// server must know whether it listens on loopback only.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address as written, without the brackets of an IPv6 one.
    public let host: String
    public let port: UInt16

    /// 127.0.0.1, the default: only this machine reaches it.
    public static func loopback(port: UInt16) -> ListenAddress { ListenAddress(host: "127.0.0.1", port: port) }

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `ADDR:PORT`; a malformed one is a usage error (64) that shows the form.
    public init(parsing text: String) throws(ExpenseError) {
        let form = "give an IP address and a port, e.g. 127.0.0.1:8080, [::1]:8080 or 0.0.0.0:8443"
        guard let colon = text.lastIndex(of: ":") else {
            throw ExpenseError(.usage, "'\(text)' is no address and port", hint: form)
        }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let port = UInt16(portText), portText.allSatisfy(\.isASCII) else {
            throw ExpenseError(.usage, "'\(portText)' in '\(text)' is no port (0 to 65535)", hint: form)
        }
        self.init(host: host, port: port)
        guard socketAddress != nil else {
            throw ExpenseError(.usage, "'\(host)' in '\(text)' is no IP address", hint: form)
        }
    }

    /// Whether only this machine can reach it: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        switch socketAddress {
        case .v4(let address): return UInt32(bigEndian: address.sin_addr.s_addr) >> 24 == 127
        case .v6: return host == "::1" || socketAddressIsV6Loopback
        case nil: return false
        }
    }

    private var socketAddressIsV6Loopback: Bool {
        guard case .v6(var address) = socketAddress else { return false }
        return withUnsafeBytes(of: &address.sin6_addr) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    enum SocketAddress {
        case v4(sockaddr_in)
        case v6(sockaddr_in6)
    }

    var socketAddress: SocketAddress? {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            return .v4(v4)
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            return .v6(v6)
        }
        return nil
    }
}
