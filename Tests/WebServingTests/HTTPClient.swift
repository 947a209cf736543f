import Foundation

/// Talks to a server under test as real clients do: curl for whole requests, a raw socket for
/// clients that misbehave (a half-sent request, a body announced and never sent).
enum HTTPClient {
    struct Answer {
        let status: Int
        let body: String
        let headers: String
        /// curl's own exit status: 0, or why the transfer failed (52 empty reply, 55/56 cut off).
        let curlStatus: Int32
    }

    /// `curl` with `arguments` before the URL; the status, headers and body it got.
    static func curl(_ url: String, _ arguments: [String] = [], timeLimit: Int = 20) throws -> Answer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let headers = directory.appendingPathComponent("headers").path
        let body = directory.appendingPathComponent("body").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            ["-sS", "--max-time", String(timeLimit), "-D", headers, "-o", body, "-w", "%{http_code}"] + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let code = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Answer(
            status: Int(String(decoding: code, as: UTF8.self)) ?? 0,
            body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "",
            headers: (try? String(contentsOfFile: headers, encoding: .utf8)) ?? "", curlStatus: process.terminationStatus)
    }

    /// A TCP connection to 127.0.0.1:`port` that sends what it is told and reads with a time limit.
    final class Socket {
        let descriptor: Int32

        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }

        deinit { close(descriptor) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// What arrives until the server closes the connection or `seconds` pass; `closed` says which.
        func read(for seconds: Double) -> (text: String, closed: Bool) {
            var received: [UInt8] = []
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
                if ready <= 0 { continue }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
                received += buffer[0..<count]
            }
            return (String(decoding: received, as: UTF8.self), false)
        }
    }
}
