import ExpenseTestSupport
import Foundation
import XCTest

/// `expenses serve` as the built binary runs it: the URL it prints, an answer to a real client,
/// SIGTERM and Ctrl-C stopping it cleanly, and the addresses and files it refuses.
final class ServeProcessTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file database's one-time log-in link; on a team database: ServeLoginTests")
    }
    func testServePrintsItsURLAnswersAndStopsCleanlyOnSIGTERMAndCtrlC() throws {
        let app = try ExpensesProcess()
        for signal in [SIGTERM, SIGINT] {
            let (process, output, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"])
            let prefix = "Serving http://127.0.0.1:"
            XCTAssertTrue(line.hasPrefix(prefix) && line.hasSuffix("/"), line)
            let url = String(line.dropFirst("Serving ".count))
            XCTAssertEqual(try ServeClient.curl([url]), "303 \(url)reports")
            XCTAssertTrue(try ServeClient.curl([url + "nowhere"]).hasPrefix("404"))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, 0, "signal \(signal)")
            let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(rest.hasPrefix("Log in as alice (once): \(url)login?token="), rest)
            XCTAssertTrue(rest.hasSuffix("\nStopped serving \(url)\n"), rest)
            XCTAssertTrue(try ServeClient.curl([url]).hasPrefix("000"), "still answering after signal \(signal)")
        }
    }

    func testAFileDatabasesPersonLogsInOnceWithThePrintedLinkAndOutWithTheFormsToken() throws {
        let app = try ExpensesProcess()
        let (process, output, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let url = String(line.dropFirst("Serving ".count))
        var link: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { link.append(byte) }
        let login = String(String(decoding: link, as: UTF8.self).split(separator: " ").last ?? "")
        XCTAssertTrue(login.hasPrefix(url + "login?token="), login)
        let jar = app.directory.appendingPathComponent("cookies").path
        XCTAssertEqual(try ServeClient.curl([url + "reports"]), "303 \(url)login")
        XCTAssertEqual(try ServeClient.curl(["-c", jar, url + "login?token=wrong"]).prefix(3), "403")
        XCTAssertEqual(try ServeClient.curl(["-c", jar, login]), "303 \(url)reports")
        XCTAssertEqual(try ServeClient.curl([login]).prefix(3), "403", "the link works once")
        let cookies = try String(contentsOfFile: jar, encoding: .utf8)
        XCTAssertTrue(cookies.contains("#HttpOnly_127.0.0.1"), cookies)
        XCTAssertEqual(try ServeClient.curl(["-b", jar, url + "reports"]), "200 ")
        XCTAssertEqual(try ServeClient.curl(["-b", jar, "-X", "POST", url + "logout"]).prefix(3), "403", "no CSRF token")
        XCTAssertEqual(try ServeClient.curl(["-b", jar, url + "reports"]), "200 ")
    }

    func testOverHTTPSTheSessionCookieIsSecure() throws {
        let app = try ExpensesProcess()
        let made = try app.run(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", "key.pem", "-out",
                "cert.pem",
            ], executable: URL(fileURLWithPath: "/usr/bin/openssl"))
        XCTAssertEqual(made.status, 0, made.stderr)
        let (process, output, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0", "--cert", "cert.pem", "--key", "key.pem"])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertTrue(line.hasPrefix("Serving https://127.0.0.1:"), line)
        var link: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { link.append(byte) }
        let login = String(String(decoding: link, as: UTF8.self).split(separator: " ").last ?? "")
        let headers = app.directory.appendingPathComponent("headers").path
        XCTAssertEqual(
            try ServeClient.curl(["--cacert", app.directory.appendingPathComponent("cert.pem").path, "-D", headers, login]).prefix(3), "303"
        )
        let sent = try String(contentsOfFile: headers, encoding: .utf8)
        XCTAssertTrue(sent.contains("; Path=/; HttpOnly; SameSite=Strict; Secure"), sent)
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
        let (first, _, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"])
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
