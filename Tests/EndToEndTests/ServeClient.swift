import Foundation

/// `expenses serve` run as the built binary, and curl talking to it as a browser would.
enum ServeClient {
    /// The binary serving on `arguments`, started; its first line of output is awaited.
    static func start(_ app: ExpensesProcess, _ arguments: [String], before: [String] = []) throws -> (Process, Pipe, String) {
        let process = Process()
        process.executableURL = ExpensesProcess.binary
        process.arguments = before + ["serve"] + arguments
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

    /// curl's status and redirect (`303 http://.../reports`), `-w`'s; the body is dropped unless `-o` says where.
    static func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        // The body to /dev/null unless the caller keeps it (a second -o would be the next URL's).
        let output = arguments.contains("-o") ? [] : ["-o", "/dev/null"]
        process.arguments = ["-sS", "--max-time", "10", "-w", "%{http_code} %{redirect_url}"] + output + arguments
        let answer = Pipe()
        process.standardOutput = answer
        try process.run()
        let text = answer.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: text, as: UTF8.self)
    }

    /// The binary serving a file database, its person logged in with the one-time link it
    /// printed: the process, the base URL and the cookie jar of the session.
    static func startLoggedIn(_ app: ExpensesProcess) throws -> (process: Process, url: String, jar: String) {
        let (process, output, line) = try start(app, ["--listen", "127.0.0.1:0"])
        let url = String(line.dropFirst("Serving ".count))
        var link: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { link.append(byte) }
        let login = String(String(decoding: link, as: UTF8.self).split(separator: " ").last ?? "")
        let jar = app.directory.appendingPathComponent("cookies").path
        _ = try curl(["-c", jar, login])
        return (process, url, jar)
    }
}
