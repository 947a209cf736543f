import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The process that claimed a launch: a random token that only it knows, and its pid, host and
/// start time, so that another process can tell whether it is still running even after the pid
/// has been reused.
public struct Claimant: Equatable, Sendable {
    public var token: String
    public var pid: Int32
    public var host: String
    /// The process's start time in clock ticks since boot (/proc/PID/stat, field 22); 0 if unknown.
    public var startTicks: UInt64

    public init(token: String, pid: Int32, host: String, startTicks: UInt64) {
        self.token = token
        self.pid = pid
        self.host = host
        self.startTicks = startTicks
    }

    /// This process, with a fresh token.
    public static func current() -> Claimant {
        let pid = getpid()
        return Claimant(token: randomToken(), pid: pid, host: hostName(), startTicks: startTicks(of: pid) ?? 0)
    }

    /// Whether the claiming process still runs. A claim from another host cannot be checked from
    /// here and counts as alive, so that it is never re-delivered behind a live process's back.
    public var isAlive: Bool {
        guard host == Self.hostName() else { return true }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard startTicks != 0, let current = Self.startTicks(of: pid) else { return true }
        return current == startTicks
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Field 22 of /proc/PID/stat; the fields after the command name (which may hold spaces and
    /// parentheses) are counted from its closing parenthesis.
    static func startTicks(of pid: Int32) -> UInt64? {
        guard let bytes = try? FileBytes.read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
