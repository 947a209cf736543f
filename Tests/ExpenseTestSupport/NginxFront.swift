import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A process a test starts on loopback that says its port on its first line of output: the
/// stand-in for `expenses serve` behind a proxy (Tests/Drivers/loopback_upstream.py), or,
/// once it exists, `expenses serve --listen 127.0.0.1:0` itself: swap `command`.
public final class LoopbackUpstream {
    public let port: Int
    private let process = Process()

    /// The echoing stand-in: answers every request with what arrived, as JSON.
    public static let echo: [String] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return ["/usr/bin/python3", url.appendingPathComponent("Drivers/loopback_upstream.py").path]
    }()

    /// Starts `command` and reads "…127.0.0.1:PORT" or "… port PORT" off its first line.
    public init(command: [String] = LoopbackUpstream.echo) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /(?::| port )(\d+)/), let port = Int(match.1) else {
            process.terminate()
            throw NginxFront.Failure(description: "the upstream said no port: \(text)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// Debian's nginx run unprivileged for a test: a site's configuration (the text docs/WEB.md
/// shows) in a minimal main configuration, everything nginx writes (pid, logs, temporary
/// bodies) and a self-signed certificate in a temporary directory, listening on free loopback
/// ports, in front of an upstream on loopback. Stopped when released.
public final class NginxFront {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public let directory: String
    /// The site's plain-HTTP port and its HTTPS port.
    public let httpPort: Int
    public let httpsPort: Int
    private let process = Process()

    /// The text in `document` between `<!-- nginx-config:begin -->` and `<!-- nginx-config:end -->`,
    /// without its code fence.
    public static func documented(in document: String) throws -> String {
        let text = try String(contentsOfFile: document, encoding: .utf8)
        guard let begin = text.range(of: "<!-- nginx-config:begin -->\n```nginx\n"),
            let end = text.range(of: "```\n<!-- nginx-config:end -->", range: begin.upperBound..<text.endIndex)
        else { throw Failure(description: "\(document) has no nginx configuration between its markers") }
        return String(text[begin.upperBound..<end.lowerBound])
    }

    /// docs/WEB.md in this repository.
    public static let webDocument: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("docs/WEB.md").path
    }()

    /// Starts nginx with `site`, where `replacing` puts this run's ports and files in place of
    /// the documented ones; each must be found exactly once, so a changed document fails here
    /// rather than being tested in part. `{upstream}`, `{http}`, `{https}`, `{cert}`, `{key}`
    /// in the replacements are this run's.
    public init(site: String, upstream: LoopbackUpstream, replacing: [(String, String)]) throws {
        directory = NSTemporaryDirectory() + "nginx-front-\(UUID().uuidString)"
        // Workers run as nobody when the test runs as root: they must reach the temporary files.
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        for temporary in ["body", "proxy", "fastcgi", "uwsgi", "scgi"] {
            try FileManager.default.createDirectory(
                atPath: "\(directory)/\(temporary)", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        }
        httpPort = try Self.freePort()
        httpsPort = try Self.freePort()
        let cert = "\(directory)/cert.pem"
        let key = "\(directory)/key.pem"
        let made = try Tool.run(
            "/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=expenses.example.com",
            "-keyout", key, "-out", cert)
        guard made.status == 0 else { throw Failure(description: "openssl could not make a certificate: status \(made.status)") }
        var site = site
        for (documented, used) in replacing {
            let count = site.components(separatedBy: documented).count - 1
            guard count == 1 else { throw Failure(description: "the site's configuration has '\(documented)' \(count) times, not once") }
            let value = used.replacingOccurrences(of: "{upstream}", with: "\(upstream.port)")
                .replacingOccurrences(of: "{http}", with: "\(httpPort)").replacingOccurrences(of: "{https}", with: "\(httpsPort)")
                .replacingOccurrences(of: "{cert}", with: cert).replacingOccurrences(of: "{key}", with: key)
            site = site.replacingOccurrences(of: documented, with: value)
        }
        let main = """
            daemon off;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            worker_processes 1;
            events { worker_connections 64; }
            http {
            access_log \(directory)/access.log;
            client_body_temp_path \(directory)/body;
            proxy_temp_path \(directory)/proxy;
            fastcgi_temp_path \(directory)/fastcgi;
            uwsgi_temp_path \(directory)/uwsgi;
            scgi_temp_path \(directory)/scgi;
            \(site)
            }

            """
        try main.write(toFile: "\(directory)/nginx.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", directory, "-c", "\(directory)/nginx.conf", "-e", "\(directory)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(httpsPort) {
            guard process.isRunning, Date() < deadline else {
                let log = (try? String(contentsOfFile: "\(directory)/error.log", encoding: .utf8)) ?? ""
                throw Failure(description: "nginx did not start: \(log)")
            }
            usleep(50_000)
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A port nobody listens on now, on 127.0.0.1, as the system chooses one.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
