import Foundation
import XCTest

@testable import WebServing

/// What a client cannot make the server do: read a body larger than the cap, wait for a slow
/// client, or hold more connections than the limits.
final class HTTPServerLimitTests: XCTestCase {
    private func server(_ limits: HTTPLimits, calls: Locked<Int>) throws -> HTTPServer {
        try HTTPServer(listen: .loopback(port: 0), limits: limits) { request in
            calls.update { $0 += 1 }
            return .text("read \(request.files.first?.size ?? 0)")
        }
    }

    func testABodyAnnouncedLargerThanTheCapIsRefused413BeforeOneByteOfItIsSent() throws {
        var limits = HTTPLimits()
        limits.maximumBody = 1 << 20
        let calls = Locked(0)
        let server = try server(limits, calls: calls)
        defer { server.stop() }
        // 100 MB announced, none sent: the answer comes at once, from the length alone.
        let client = try HTTPClient.Socket(port: server.address.port)
        client.send(
            "POST /receipts HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000000\r\n\r\n")
        let answer = client.read(for: 5)
        XCTAssertTrue(answer.text.hasPrefix("HTTP/1.1 413 "), answer.text)
        XCTAssertTrue(answer.text.contains("larger than the 1 MiB this server accepts"), answer.text)
        XCTAssertEqual(calls.value, 0)
        // curl sending a real 5 MB upload gets the same.
        let directory = try temporaryDirectory()
        try Data(count: 5 << 20).write(to: URL(fileURLWithPath: directory + "/big.jpg"))
        XCTAssertEqual(try HTTPClient.curl(server.url + "receipts", ["-F", "receipt=@\(directory)/big.jpg"]).status, 413)
        XCTAssertEqual(calls.value, 0)
        XCTAssertEqual(try HTTPClient.curl(server.url).body, "read 0", "the server still answers")
    }

    func testABodySentWithoutItsLengthIsCutOffOnceItPassesTheCap() throws {
        var limits = HTTPLimits()
        limits.maximumBody = 1 << 20
        let calls = Locked(0)
        let server = try server(limits, calls: calls)
        defer { server.stop() }
        let directory = try temporaryDirectory()
        try Data(count: 8 << 20).write(to: URL(fileURLWithPath: directory + "/big.jpg"))
        let answer = try HTTPClient.curl(
            server.url + "receipts", ["-H", "Transfer-Encoding: chunked", "-F", "receipt=@\(directory)/big.jpg"])
        XCTAssertNotEqual(answer.status, 200)
        XCTAssertEqual(calls.value, 0)
        // Under the cap, chunked is fine.
        try Data(count: 1000).write(to: URL(fileURLWithPath: directory + "/small.jpg"))
        let small = try HTTPClient.curl(
            server.url + "receipts", ["-H", "Transfer-Encoding: chunked", "-F", "receipt=@\(directory)/small.jpg"])
        XCTAssertEqual(small.body, "read 1000")
    }

    func testASlowClientIsCutOffByTheTimeout() throws {
        var limits = HTTPLimits()
        limits.timeoutSeconds = 1
        let calls = Locked(0)
        let server = try server(limits, calls: calls)
        defer { server.stop() }
        let client = try HTTPClient.Socket(port: server.address.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n")  // and never the blank line
        let started = Date()
        let answer = client.read(for: 10)
        XCTAssertTrue(answer.closed, "the half-sent request still holds its connection")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(calls.value, 0)
    }

    func testConnectionsBeyondTheLimitsAreClosed() throws {
        var limits = HTTPLimits()
        limits.connections = 4
        limits.connectionsPerAddress = 2
        let calls = Locked(0)
        let server = try server(limits, calls: calls)
        defer { server.stop() }
        let held = try (0..<2).map { _ in try HTTPClient.Socket(port: server.address.port) }
        held.forEach { $0.send("GET / HTTP/1.1\r\nHost: x\r\n") }
        usleep(200_000)
        let third = try HTTPClient.Socket(port: server.address.port)
        third.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = third.read(for: 3)
        XCTAssertTrue(refused.closed, "a third connection from one address was kept")
        XCTAssertFalse(refused.text.contains("200 OK"), refused.text)
        // Once one is let go, a request is answered again.
        held[0].send("\r\n")
        XCTAssertTrue(held[0].read(for: 0.5).text.contains("200 OK"))
        _ = held
    }
}
