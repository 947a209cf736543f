import ExpenseSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for tests: its own directory under /tmp, reached only by a Unix
/// socket in that directory (no TCP), passwords checked (scram-sha-256) so that each test role
/// logs in as itself, and no fsync. PostgreSQL refuses to run as root, and CI runs the tests as
/// root: then the server's programs run as `nobody`, who owns the directory.
///
/// Anything that fails while starting throws `Failure`, naming the step and what the program
/// said: a test that needs the server fails without it, it is never skipped.
public final class PostgresCluster {
    public struct Failure: Error, CustomStringConvertible {
        public let step: String
        public let detail: String
        public var description: String { "test PostgreSQL cluster: \(step) failed: \(detail)" }
    }

    /// What psql did.
    public struct Output {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public static let binaries = "/usr/lib/postgresql/15/bin"
    public static let psqlPath = "/usr/bin/psql"

    /// The cluster's directory, which also holds its socket.
    public let directory: String
    public let superuser = "postgres"
    public let superuserPassword = UUID().uuidString
    private var dataDirectory: String { directory + "/data" }
    private var logFile: String { directory + "/server.log" }
    /// setpriv's words that run a program as `nobody`, when we are root; empty otherwise.
    private let unprivileged: [String]
    private var started = false
    private var stopped = false

    /// Makes the directory, runs initdb and starts the server; stops it and removes the
    /// directory again when a step fails.
    public init() throws {
        var template = Array("/tmp/expenses-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(step: "making a directory under /tmp", detail: String(cString: strerror(errno)))
        }
        directory = String(cString: made)
        var owner: (uid: uid_t, gid: gid_t)?
        if geteuid() == 0 {
            guard let nobody = getpwnam("nobody") else {
                unprivileged = []
                try? FileManager.default.removeItem(atPath: directory)
                throw Failure(step: "looking up the user nobody (PostgreSQL refuses to run as root)", detail: "no such user")
            }
            owner = (nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            unprivileged = [
                "/usr/bin/setpriv", "--reuid=\(nobody.pointee.pw_uid)", "--regid=\(nobody.pointee.pw_gid)",
                "--clear-groups", "--",
            ]
        } else {
            unprivileged = []
        }
        do {
            try start(owner: owner)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    private func start(owner: (uid: uid_t, gid: gid_t)?) throws {
        let passwordFile = directory + "/superuser.password"
        guard
            FileManager.default.createFile(
                atPath: passwordFile, contents: Data((superuserPassword + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else {
            throw Failure(step: "writing the superuser's password file", detail: passwordFile)
        }
        if let owner {
            for path in [directory, passwordFile] where chown(path, owner.uid, owner.gid) != 0 {
                throw Failure(step: "handing \(path) to nobody", detail: String(cString: strerror(errno)))
            }
        }
        try server(
            "initdb",
            [
                "\(Self.binaries)/initdb", "-D", dataDirectory, "-U", superuser, "--pwfile=\(passwordFile)",
                "--auth-local=scram-sha-256", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync",
            ])
        // pg_ctl hands -o to a shell: the directory (mkdtemp's letters and digits) needs no more quoting than this.
        let options = "-c listen_addresses='' -c unix_socket_directories='\(directory)' -c fsync=off"
        started = true
        try server(
            "pg_ctl start",
            [
                "\(Self.binaries)/pg_ctl", "-D", dataDirectory, "-l", logFile, "-w", "-t", "60",
                "-o", options, "start",
            ])
    }

    /// Runs one of the server's programs (as nobody when we are root); throws what it said when it fails.
    private func server(_ step: String, _ arguments: [String]) throws {
        let result: Subprocess.Result
        do {
            result = try Subprocess(unprivileged + arguments, timeLimit: 120).run()
        } catch {
            throw Failure(step: step, detail: "\(error)")
        }
        guard result.succeeded else {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            throw Failure(
                step: step,
                detail: "\(result.termination)\(result.timedOut ? " (timed out)" : ""): "
                    + result.stderrText + result.stdoutText + (log.isEmpty ? "" : "\nserver log:\n" + log))
        }
    }

    /// Stops the server at once (its data is thrown away) and removes the directory. Again is a no-op.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if started {
            _ = try? Subprocess(
                unprivileged + ["\(Self.binaries)/pg_ctl", "-D", dataDirectory, "-m", "immediate", "-w", "stop"],
                timeLimit: 60
            ).run()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `sql` with psql as `role`, over the socket, stopping at the first error (one
    /// statement at a time, each in its own transaction unless the text says BEGIN): prints
    /// rows unaligned, without headers, and the command tags (`UPDATE 0`).
    public func psql(as role: String, password: String, sql: String, database: String = "postgres") throws -> Output {
        let file = directory + "/statement-\(UUID().uuidString).sql"
        guard FileManager.default.createFile(atPath: file, contents: Data(sql.utf8)) else {
            throw Failure(step: "writing psql's input", detail: file)
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        var command = Subprocess(
            [
                Self.psqlPath, "-X", "-v", "ON_ERROR_STOP=1", "-At", "-f", file,
                "-d", "host=\(quoted(directory)) user=\(quoted(role)) dbname=\(quoted(database))",
            ],
            timeLimit: 120)
        command.extraEnvironment = ["PGPASSWORD": password, "PGCONNECT_TIMEOUT": "10"]
        let result: Subprocess.Result
        do {
            result = try command.run()
        } catch {
            throw Failure(step: "psql", detail: "\(error)")
        }
        let status: Int32
        switch result.termination {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        }
        return Output(status: status, stdout: result.stdoutText, stderr: result.stderrText)
    }

    /// The superuser's psql.
    public func psql(_ sql: String, database: String = "postgres") throws -> Output {
        try psql(as: superuser, password: superuserPassword, sql: sql, database: database)
    }

    /// A libpq URI for `user` on this cluster's socket: postgresql://user:password@/database?host=DIR.
    public func connectionURI(user: String, password: String, database: String) -> String {
        "postgresql://\(percentEncoded(user)):\(percentEncoded(password))@/\(percentEncoded(database))?host=\(percentEncoded(directory))"
    }

    /// A value of a libpq keyword/value connection string.
    private func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// Everything but RFC 3986's unreserved characters as %XX, so a slash of the directory is not a path.
    private func percentEncoded(_ value: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return value.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}
