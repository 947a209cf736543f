import Foundation
import XCTest

/// `expenses serve` as the built binary runs it: the URL it prints, an answer to a real client,
/// SIGTERM and Ctrl-C stopping it cleanly, and the addresses and files it refuses.
final class ServeProcessTests: XCTestCase {
    /// The binary serving on `arguments`, started; its first line of output is awaited.
    private func startServe(_ app: ExpensesProcess, _ arguments: [String]) throws -> (Process, Pipe, String) {
        let process = Process()
        process.executableURL = ExpensesProcess.binary
        process.arguments = ["serve"] + arguments
        process.environment = app.environment
        process.currentDirectoryURL = app.directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        return (process, output, String(decoding: line, as: UTF8.self))
    }

    private func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: text, as: UTF8.self)
    }

    func testServePrintsItsURLAnswersAndStopsCleanlyOnSIGTERMAndCtrlC() throws {
        let app = try ExpensesProcess()
        for signal in [SIGTERM, SIGINT] {
            let (process, output, line) = try startServe(app, ["--listen", "127.0.0.1:0"])
            let prefix = "Serving http://127.0.0.1:"
            XCTAssertTrue(line.hasPrefix(prefix) && line.hasSuffix("/"), line)
            let url = String(line.dropFirst("Serving ".count))
            XCTAssertEqual(try curl([url]), "303 \(url)reports")
            XCTAssertTrue(try curl([url + "nowhere"]).hasPrefix("404"))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, 0, "signal \(signal)")
            let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(rest, "Stopped serving \(url)\n")
            XCTAssertTrue(try curl([url]).hasPrefix("000"), "still answering after signal \(signal)")
        }
    }

    func testServeRefusesWhatItCannotServeSafelyWithTheCLIsExitCodes() throws {
        let app = try ExpensesProcess()
        let open = try app.run("serve", "--listen", "0.0.0.0:0")
        XCTAssertEqual(open.status, 64)
        XCTAssertTrue(open.stderr.contains("0.0.0.0:0 is reached from other machines"), open.stderr)
        XCTAssertTrue(open.stderr.contains("--insecure-http"), open.stderr)
        let bad = try app.run("serve", "--listen", "localhost:8080")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("'localhost' in 'localhost:8080' is no IP address"), bad.stderr)
        let half = try app.run("serve", "--cert", "cert.pem")
        XCTAssertEqual(half.status, 64)
        XCTAssertTrue(half.stderr.contains("give --cert and --key together"), half.stderr)
        let missing = try app.run("serve", "--listen", "127.0.0.1:0", "--cert", "cert.pem", "--key", "key.pem")
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("cannot read the certificate \(app.directory.path)/cert.pem: no such file"), missing.stderr)
        // A port in use: the first server holds it.
        let (first, _, line) = try startServe(app, ["--listen", "127.0.0.1:0"])
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        let address = String(line.dropFirst("Serving http://".count).dropLast())
        let taken = try app.run("serve", "--listen", address)
        XCTAssertEqual(taken.status, 69)
        XCTAssertTrue(taken.stderr.contains("cannot listen on \(address): Address already in use"), taken.stderr)
    }
}
