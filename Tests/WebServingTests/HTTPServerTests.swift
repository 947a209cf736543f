import ExpenseSupport
import Foundation
import XCTest

@testable import WebServing

/// The server on 127.0.0.1, port 0 (the system's pick), spoken to by curl: what a handler is
/// given of a request and what the client gets back.
final class HTTPServerTests: XCTestCase {
    func testAGetsPathQueryHeadersCookiesAndAddressReachTheHandlerAndItsAnswerTheClient() throws {
        let server = try HTTPServer(listen: .loopback(port: 0)) { request in
            let seen = [
                request.method, request.path, request.query["q"] ?? "-", request.header("X-Test") ?? "-",
                request.cookies["session"] ?? "-", request.remoteAddress, "\(request.isSecure)",
            ]
            return .text(seen.joined(separator: "|")).adding("X-Answer", "yes")
        }
        defer { server.stop() }
        XCTAssertNotEqual(server.address.port, 0)
        XCTAssertEqual(server.url, "http://127.0.0.1:\(server.address.port)/")
        let answer = try HTTPClient.curl(
            server.url + "reports/3?q=a%20b", ["-H", "X-Test: here", "-b", "session=abc"])
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, "GET|/reports/3|a b|here|abc|127.0.0.1|false")
        XCTAssertTrue(answer.headers.contains("X-Answer: yes"), answer.headers)
        XCTAssertTrue(answer.headers.contains("X-Content-Type-Options: nosniff"), answer.headers)
        XCTAssertTrue(answer.headers.contains("X-Frame-Options: DENY"), answer.headers)
    }

    func testAFormsFieldsArriveDecoded() throws {
        let server = try HTTPServer(listen: .loopback(port: 0)) { request in
            .text("\(request.method) \(request.form["name"] ?? "-") \(request.form["note"] ?? "-") \(request.files.count)")
        }
        defer { server.stop() }
        let answer = try HTTPClient.curl(server.url + "login", ["--data-urlencode", "name=anna <b>", "--data-urlencode", "note=ä & ö"])
        XCTAssertEqual(answer.body, "POST anna <b> ä & ö 0")
    }

    func testAMultipartUploadIsStreamedToAPrivateTemporaryFileRemovedAfterTheRequest() throws {
        let directory = try temporaryDirectory()
        let upload = directory + "/receipt.jpg"
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: upload))
        let seen = Locked<[(UploadedFile, Data, mode_t)]>([])
        let server = try HTTPServer(listen: .loopback(port: 0), temporaryDirectory: directory + "/spool") { request in
            for file in request.files {
                var info = stat()
                stat(file.path, &info)
                seen.update { $0.append((file, (try? Data(contentsOf: URL(fileURLWithPath: file.path))) ?? Data(), info.st_mode & 0o777)) }
            }
            return .text("\(request.form["title"] ?? "-")")
        }
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: directory + "/spool", withIntermediateDirectories: true)
        let answer = try HTTPClient.curl(
            server.url + "receipts", ["-F", "title=Taxi", "-F", "receipt=@\(upload);type=image/jpeg;filename=<i>taxi</i>.jpg"])
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, "Taxi")
        let files = seen.value
        XCTAssertEqual(files.count, 1)
        guard let (file, content, mode) = files.first else { return }
        XCTAssertEqual(file.field, "receipt")
        XCTAssertEqual(file.filename, "<i>taxi</i>.jpg")
        XCTAssertEqual(file.contentType, "image/jpeg")
        XCTAssertEqual(file.size, bytes.count)
        XCTAssertEqual(content, Data(bytes))
        XCTAssertEqual(mode, 0o600)
        XCTAssertTrue(file.path.hasPrefix(directory + "/spool/"), file.path)
        // Gone once the request is done (libmicrohttpd reports it done just after the answer).
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: file.path), Date() < deadline { usleep(20_000) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testHTTPSWithACertificateAndKeyFromPEMFiles() throws {
        let directory = try temporaryDirectory()
        let made = try Process.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            arguments: [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout",
                directory + "/key.pem", "-out", directory + "/cert.pem",
            ])
        made.waitUntilExit()
        XCTAssertEqual(made.terminationStatus, 0)
        let server = try HTTPServer(
            listen: .loopback(port: 0), tls: .init(certificate: directory + "/cert.pem", key: directory + "/key.pem")
        ) { request in .text("secure \(request.isSecure)") }
        defer { server.stop() }
        XCTAssertEqual(server.url, "https://127.0.0.1:\(server.address.port)/")
        let answer = try HTTPClient.curl(server.url, ["--cacert", directory + "/cert.pem"])
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, "secure true")
        XCTAssertEqual(try HTTPClient.curl("http://127.0.0.1:\(server.address.port)/").status, 0, "plain HTTP to a TLS port")
    }

    func testACertificateThatCannotBeReadOrUsedIsAClearError() throws {
        let directory = try temporaryDirectory()
        assertError(.noInput, "cannot read the certificate \(directory)/missing.pem: no such file") {
            try HTTPServer(listen: .loopback(port: 0), tls: .init(certificate: directory + "/missing.pem", key: directory + "/k.pem")) {
                _ in
                .text("")
            }
        }
        try "not a certificate".write(toFile: directory + "/bad.pem", atomically: true, encoding: .utf8)
        assertError(.invalidData, "cannot serve HTTPS with the certificate \(directory)/bad.pem and the key \(directory)/bad.pem") {
            try HTTPServer(listen: .loopback(port: 0), tls: .init(certificate: directory + "/bad.pem", key: directory + "/bad.pem")) { _ in
                .text("")
            }
        }
    }

    func testAnAddressInUseIsSaidInTheSystemsWords() throws {
        let first = try HTTPServer(listen: .loopback(port: 0)) { _ in .text("") }
        defer { first.stop() }
        assertError(.unavailable, "cannot listen on 127.0.0.1:\(first.address.port): Address already in use") {
            try HTTPServer(listen: .loopback(port: first.address.port)) { _ in .text("") }
        }
    }

    /// Behind a proxy on this machine the client is the address the proxy appended last; from
    /// another machine, or with no address there, the connection's own.
    func testTheClientIsTheAddressTheLocalProxyAppended() {
        func client(_ peer: String, _ forwarded: String?) -> String {
            HTTPRequest(
                method: "GET", path: "/", headers: forwarded.map { ["x-forwarded-for": $0] } ?? [:], remoteAddress: peer
            ).clientAddress
        }
        XCTAssertEqual(client("127.0.0.1", "10.0.0.9, 203.0.113.5"), "203.0.113.5", "the last one, which nginx appended")
        XCTAssertEqual(client("::1", "2001:db8::7"), "2001:db8::7")
        XCTAssertEqual(client("192.0.2.1", "203.0.113.5"), "192.0.2.1", "a header from another machine is not believed")
        XCTAssertEqual(client("127.0.0.1", nil), "127.0.0.1")
        XCTAssertEqual(client("127.0.0.1", "203.0.113.5, <script>"), "127.0.0.1", "no address: the connection's own")
        XCTAssertEqual(client("127.0.0.1", String(repeating: "1", count: 100)), "127.0.0.1")
    }

    func testListenAddressesAreIPAddressesAndPortsAndKnowLoopback() throws {
        XCTAssertEqual(try ListenAddress(parsing: "127.0.0.1:8080"), .loopback(port: 8080))
        XCTAssertTrue(try ListenAddress(parsing: "127.1.2.3:1").isLoopback)
        XCTAssertTrue(try ListenAddress(parsing: "[::1]:8443").isLoopback)
        XCTAssertEqual(try ListenAddress(parsing: "[::1]:8443").description, "[::1]:8443")
        XCTAssertFalse(try ListenAddress(parsing: "0.0.0.0:80").isLoopback)
        XCTAssertFalse(try ListenAddress(parsing: "[::]:80").isLoopback)
        XCTAssertFalse(try ListenAddress(parsing: "192.168.1.5:80").isLoopback)
        for bad in ["localhost:8080", "127.0.0.1", "127.0.0.1:http", "127.0.0.1:70000", ":80"] {
            XCTAssertThrowsError(try ListenAddress(parsing: bad), bad) { error in
                XCTAssertEqual((error as? ExpenseError)?.kind, .usage, bad)
            }
        }
    }

    private func assertError(
        _ kind: ExpenseError.Kind, _ message: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> HTTPServer
    ) {
        do {
            let server = try body()
            server.stop()
            XCTFail("no error", file: file, line: line)
        } catch let error as ExpenseError {
            XCTAssertEqual(error.kind, kind, file: file, line: line)
            XCTAssertEqual(error.message, message, file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }
}

/// A directory of the test's own, removed when it ends.
extension XCTestCase {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "webserving-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}

/// A value the server's threads write and the test reads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
