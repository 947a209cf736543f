import Foundation
import XCTest

/// `expenses serve` on a test's file database, logged in with the one-time link it prints, and
/// curl with that session's cookie jar: a page's status, headers and body as a browser gets them.
final class ServeFileSession {
    struct Answer {
        let status: Int
        let headers: String
        let body: String
    }

    let app: ExpensesProcess
    let process: Process
    /// "http://127.0.0.1:PORT/".
    let url: String
    private let jar: String

    /// The one-time log-in link serve printed; already taken when `init` logged in.
    let loginLink: String

    /// Starts serve on `app`'s database and (unless told not to: a browser takes the link) logs its person in.
    init(_ app: ExpensesProcess, logIn: Bool = true) throws {
        self.app = app
        let (process, output, line) = try ServeClient.start(app, ["--listen", "127.0.0.1:0"])
        self.process = process
        url = String(line.dropFirst("Serving ".count))
        var link: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { link.append(byte) }
        let login = String(String(decoding: link, as: UTF8.self).split(separator: " ").last ?? "")
        loginLink = login
        jar = app.directory.appendingPathComponent("jar-\(UUID().uuidString)").path
        guard logIn else { return }
        let answer = try ServeClient.curl(["-c", jar, login])
        guard answer.hasPrefix("303") else { throw LoginFailed(description: "log-in with \(login): \(answer)") }
    }

    private struct LoginFailed: Error, CustomStringConvertible { let description: String }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// `path` ("reports/1") fetched with the session's cookies and `arguments` (curl's: `--data`, `-F`…).
    func get(_ path: String, _ arguments: [String] = [], cookies: Bool = true) throws -> Answer {
        let name = UUID().uuidString
        let headers = app.directory.appendingPathComponent("headers-\(name)").path
        let body = app.directory.appendingPathComponent("body-\(name)").path
        defer {
            try? FileManager.default.removeItem(atPath: headers)
            try? FileManager.default.removeItem(atPath: body)
        }
        let code = try ServeClient.curl((cookies ? ["-b", jar, "-c", jar] : []) + ["-D", headers, "-o", body] + arguments + [url + path])
        return Answer(
            status: Int(code.prefix(3)) ?? 0, headers: (try? String(contentsOfFile: headers, encoding: .utf8)) ?? "",
            body: (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    /// The CSRF token of a page's forms.
    static func csrf(_ page: String) -> String {
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
