import ExpenseApp
import ExpenseSupport
import Foundation
import XCTest

/// Runs command lines of the app in this process, as the binary runs them (`Entry.main`), on a
/// database of their own: the same environment, arguments, standard input, output, error and
/// exit status as `EndToEndTests`' `ExpensesProcess` gives, without starting a process. What only
/// a process shows (a pty, signals, a closed stdout, a full disk) stays in `EndToEndTests`.
///
/// Nothing of this process changes for a run, so that apps run side by side on threads of their
/// own: its environment and working directory (`directory`, as the binary's is the directory it
/// starts in) are given to the session (never `setenv` or `chdir`: the app makes every path it
/// is given absolute against the session's directory), its standard input, output and error are
/// files bound for the run (`Console.streams`), none a terminal, and its Ctrl-C is its own
/// (`cancellation`, given to the session: `Entry.main`).
public final class InProcessApp: AppRunner {
    public typealias Result = CommandResult

    public let directory: URL
    public var environment: [String: String]
    /// The team database the test runs on instead of the file, when the run asks for one (`ServerEngine`).
    private var server: ServerEngine?
    /// This app's Ctrl-C, as a process has its own: lowered when a run starts, raised by `interrupt()`.
    public let cancellation = Cancellation.Flag()

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("expenses-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "EXPENSES_DB": directory.appendingPathComponent("expenses.sqlite").path,
            "EXPENSES_USER": "alice",
            "EXPENSES_NOW": "2026-03-10T09:00:00Z",
            "LANG": "C.UTF-8",
        ]
        if ServerEngine.isSelected {
            server = try ServerEngine { administratorURI in
                let setup = try self.run("--db", administratorURI, "setup")
                guard setup.status == 0 else { throw SetUpFailed(description: "expenses setup: \(setup.stderr)") }
            }
        }
    }

    private struct SetUpFailed: Error, CustomStringConvertible { let description: String }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The database as a launcher names it: the file, or on a team database the person's
    /// connection string (no password in it).
    public var databasePath: String {
        server.map { $0.uri(for: environment["EXPENSES_USER"] ?? "alice") } ?? environment["EXPENSES_DB"] ?? ""
    }

    public func execute(_ arguments: [String], input stdin: Data) throws -> (status: Int32, stdout: Data, stderr: Data) {
        var arguments = arguments
        var environment = environment
        if let server { (arguments, environment) = try server.connect(arguments, environment, inProcess: true) }
        let input = try RunFile(in: directory, holding: [UInt8](stdin))
        let output = try RunFile(in: directory)
        let error = try RunFile(in: directory)
        let streams = ConsoleStreams(input: input.descriptor, output: output.descriptor, error: error.descriptor)
        // A run starts without a Ctrl-C, as a new process does.
        cancellation.lower()
        let status = Entry.main(
            arguments, environment: Environment(variables: environment, workingDirectory: directory.path), streams: streams,
            cancellation: cancellation
        ) { _, _ in
            // Reached only when standard input and output are a terminal, which a run's files are not.
            fatalError("an in-process run asked for a line editor")
        }
        return (status.rawValue, Data(try output.contents()), Data(try error.contents()))
    }

    /// Ctrl-C for the command this app runs now, as SIGINT to its process: it alone stops.
    public func interrupt() { cancellation.raise() }

    /// Runs `sql` on the test's database as its administrator, past every rule of the app: the
    /// sqlite3 shell on a file, psql as the superuser on a team database. Both print a row's
    /// columns between `|`, a row a line.
    public func query(_ sql: String) throws -> String {
        let output = try server.map { try $0.psql(sql) } ?? Tool.run("/usr/bin/sqlite3", databasePath, sql).stdout
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A file a run reads or writes in place of standard input, output or error: unlinked at once,
/// so that only its descriptor holds it, and read back from its start.
private final class RunFile {
    let descriptor: Int32

    init(in directory: URL, holding bytes: [UInt8] = []) throws {
        var template = Array(directory.appendingPathComponent("stream.XXXXXX").path.utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        unlink(String(cString: template))
        guard bytes.withUnsafeBytes({ FileDescriptor.writeAll($0, to: descriptor) }) == nil,
            lseek(descriptor, 0, SEEK_SET) == 0
        else { throw POSIXError(.EIO) }
    }

    /// Everything written to it.
    func contents() throws -> [UInt8] {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw POSIXError(.EIO) }
        switch FileDescriptor.readAll(descriptor, limit: Int.max) {
        case .success(let bytes): return bytes
        case .failure: throw POSIXError(.EIO)
        }
    }

    deinit { close(descriptor) }
}
