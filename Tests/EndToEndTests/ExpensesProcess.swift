import Foundation
import XCTest

/// Runs the built `expenses` binary against a database of its own, as a user would.
final class ExpensesProcess: AppRunner {
    typealias Result = CommandResult

    let directory: URL
    var environment: [String: String]

    /// The built executable: in the build products folder, where the test bundle is (or beside it).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["EXPENSES_BIN"] { return URL(fileURLWithPath: path) }
        let bundle = Bundle(for: ExpensesProcess.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("expenses") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("expenses-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "EXPENSES_DB": directory.appendingPathComponent("expenses.sqlite").path,
            "EXPENSES_USER": "alice",
            "EXPENSES_NOW": "2026-03-10T09:00:00Z",
            // Times for people are local: the same on every machine the tests run on.
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
        if ServerEngine.isSelected {
            server = try ServerEngine { administratorURI in
                let setup = try self.run("--db", administratorURI, "setup")
                guard setup.status == 0 else { throw SetUpFailed(description: "expenses setup: \(setup.stderr)") }
            }
        }
    }

    /// The team database the test runs on instead of the file, when the run asks for one (`ServerEngine`).
    private var server: ServerEngine?

    private struct SetUpFailed: Error, CustomStringConvertible { let description: String }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The database as a launcher names it: the file, or on a team database the person's
    /// connection string (no password in it).
    var databasePath: String {
        server.map { $0.uri(for: environment["EXPENSES_USER"] ?? "alice") } ?? environment["EXPENSES_DB"] ?? ""
    }

    func execute(_ arguments: [String], input: Data) throws -> (status: Int32, stdout: Data, stderr: Data) {
        try launch(arguments, stdin: input)()
    }

    /// Runs another program than the binary in the test's directory and environment (a shell, a
    /// driver of a terminal), which is given the binary's path to start.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, executable: URL) throws -> Result {
        try start(arguments, stdin: stdin, executable: executable)()
    }

    /// Runs the binary where no file it writes may grow past `bytes`: the file-size limit
    /// (RLIMIT_FSIZE, set by util-linux's prlimit) with SIGXFSZ ignored, a disposition that exec
    /// keeps, so a write past it fails with EFBIG the way one on a full disk fails with ENOSPC.
    /// Needs no mount or privilege, so it runs in a container as well as on a CI machine.
    func run(fileSizeLimit bytes: Int, _ arguments: [String]) throws -> Result {
        let prlimit = "/usr/bin/prlimit"
        guard FileManager.default.isExecutableFile(atPath: prlimit) else { throw MissingTool("\(prlimit) is missing (util-linux)") }
        return try run(
            ["-c", "trap '' XFSZ; exec \"$0\" --fsize=\(bytes) -- \"$@\"", prlimit, ExpensesProcess.binary.path] + arguments,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Starts the binary and returns a function that waits for it; for running several at once.
    /// Its output must fit the pipes (64 KiB) until then.
    func start(_ arguments: [String], stdin: String? = nil, executable: URL = ExpensesProcess.binary) throws -> () -> Result {
        let wait = try launch(arguments, stdin: Data((stdin ?? "").utf8), executable: executable)
        return {
            let (status, stdout, stderr) = wait()
            return Result(
                status: status, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Starts a program with `stdin` as its input and returns a function that waits for its exit
    /// status and its output as bytes.
    func launch(_ arguments: [String], stdin: Data, executable: URL = ExpensesProcess.binary) throws -> () -> (Int32, Data, Data) {
        var arguments = arguments
        var environment = environment
        if let server { (arguments, environment) = try server.connect(arguments, environment) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Written from another thread: a program may stop reading half way (a refused oversized
        // picture), and a large input must not wait on a full pipe.
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        return {
            // Read both pipes before waiting, so a full pipe cannot deadlock the child.
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, outData, errData)
        }
    }

    /// Runs `sql` on the test's database as its administrator, past every rule of the app: the
    /// sqlite3 shell on a file, psql as the superuser on a team database. Both print a row's
    /// columns between `|`, a row a line.
    func query(_ sql: String) throws -> String {
        let output = try server.map { try $0.psql(sql) } ?? Tool.run("/usr/bin/sqlite3", databasePath, sql).stdout
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
