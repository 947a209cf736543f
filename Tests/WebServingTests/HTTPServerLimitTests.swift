import Foundation
import XCTest

@testable import WebServing

/// What a client cannot make the server do: read a body larger than the cap, wait for a slow
/// client, hold more connections than the limits, or hold up others with requests that wait.
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

    /// Handlers wait (a person's database connection, OCR of a photo): forty requests whose
    /// handlers wait are all in their handlers at once, each on its connection's own thread, so
    /// none waits behind another (a pool of threads, each serving many connections, held the
    /// pages of a thread behind its uploads: a p99 of 8.5 s in WebLoadTests).
    func testHandlersThatWaitRunAtOnceOneThreadPerConnection() throws {
        let running = Locked(0)
        let most = Locked(0)
        let server = try HTTPServer(listen: .loopback(port: 0)) { request in
            running.update { $0 += 1 }
            most.update { $0 = max($0, running.value) }
            let deadline = Date().addingTimeInterval(5)
            while most.value < 40, Date() < deadline { usleep(10_000) }
            let seen = most.value
            running.update { $0 -= 1 }
            return .text("done with \(seen)")
        }
        defer { server.stop() }
        let clients = try (0..<40).map { _ in try HTTPClient.Socket(port: server.address.port) }
        clients.forEach { $0.send("GET /wait HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") }
        let started = Date()
        let answers = clients.map { $0.read(for: 30).text }
        XCTAssertEqual(answers.filter { $0.contains("200 OK") }.count, 40, answers.joined(separator: "\n"))
        XCTAssertEqual(most.value, 40, "handlers that wait ran at most \(most.value) at once")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    /// Uploads take turns, `uploadsAtOnce` in their handlers at a time, while a page is answered
    /// at once: fifty photos' OCR at once would each take fifty times as long.
    func testUploadsTakeTurnsAndPagesDoNotWaitForThem() throws {
        var limits = HTTPLimits()
        limits.uploadsAtOnce = 2
        let running = Locked(0)
        let most = Locked(0)
        let server = try HTTPServer(listen: .loopback(port: 0), limits: limits) { request in
            guard !request.files.isEmpty else { return .text("page") }
            running.update { $0 += 1 }
            most.update { $0 = max($0, running.value) }
            usleep(400_000)
            running.update { $0 -= 1 }
            return .text("uploaded")
        }
        defer { server.stop() }
        let photo = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString).jpg").path
        try Data(repeating: 0xFF, count: 2048).write(to: URL(fileURLWithPath: photo))
        defer { try? FileManager.default.removeItem(atPath: photo) }
        let answers = Locked<[Int]>([])
        let page = Locked(0.0)
        // Threads of their own (concurrentPerform runs as many at once as there are cores).
        let done = DispatchGroup()
        for index in 0..<7 {
            done.enter()
            Thread {
                defer { done.leave() }
                if index == 6 {
                    usleep(200_000)
                    let started = Date()
                    _ = try? HTTPClient.curl(server.url + "page")
                    page.update { $0 = Date().timeIntervalSince(started) }
                    return
                }
                let answer = try? HTTPClient.curl(server.url + "receipts", ["-F", "receipt=@\(photo)"])
                answers.update { $0.append(answer?.status ?? 0) }
            }.start()
        }
        done.wait()
        XCTAssertEqual(answers.value, Array(repeating: 200, count: 6))
        XCTAssertEqual(most.value, 2, "uploads in their handlers at once")
        XCTAssertLessThan(page.value, 0.3, "the page waited for the uploads")
    }
}
