import Foundation
import XCTest

/// The command and end-to-end suites on a team database (`Scripts/test` runs them a second time
/// with EXPENSES_TEST_ENGINE=postgresql, but for the tests that say they run on a file only:
/// `EngineTestCase`): each `InProcessApp` or `ExpensesProcess` gets
/// a fresh database on one throwaway cluster for the whole run (stopped when the test bundle
/// finishes), a copy of one the administrator set up with `expenses setup`. A person the test
/// names — `--user bob` or EXPENSES_USER on a file — is, on the server, the login role `bob` in
/// every group, so each runs the app with a connection string of their own, the way a team's
/// people do, and the same test reads the same output and exit codes from either engine.
public final class ServerEngine {
    /// True when the running test is on a team database (`TestEngine.current`).
    public static var isSelected: Bool { TestEngine.current == .server }

    public let database: String
    private let cluster: PostgresCluster

    /// A fresh database, set up: a copy of the one `setUp` (the administrator's `expenses setup`,
    /// given the administrator's connection string) set up first in the run. A copy takes a
    /// fraction of setup's time, which was most of a short test's on a server.
    public init(setUp: (_ administratorURI: String) throws -> Void) throws {
        cluster = try Self.sharedCluster()
        let template = try Self.template(on: cluster, setUp: setUp)
        database = "e2e_" + UUID().uuidString.prefix(8).lowercased()
        try Self.require(cluster.psql("CREATE DATABASE \(database) TEMPLATE \(template)"))
    }

    /// The set-up database every test's is a copy of, made once per run. Nobody stays connected
    /// to it (a command's connection ends with it), as CREATE DATABASE ... TEMPLATE requires.
    private static func template(on cluster: PostgresCluster, setUp: (String) throws -> Void) throws -> String {
        if let template { return template }
        let name = "e2e_template"
        try require(cluster.psql("DROP DATABASE IF EXISTS \(name)"))
        try require(cluster.psql("CREATE DATABASE \(name) LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"))
        try require(cluster.psql(sqliteFunctions, database: name))
        try setUp(cluster.connectionURI(user: cluster.superuser, password: cluster.superuserPassword, database: name))
        template = name
        return name
    }

    /// SQLite's group_concat for the suites' own look at the tables (`ExpensesProcess.query`),
    /// in the test database only: nothing of the app's calls it.
    private static let sqliteFunctions = """
        CREATE FUNCTION public.group_concat_step(text, anyelement, text) RETURNS text LANGUAGE sql IMMUTABLE
            AS $$ SELECT CASE WHEN $2 IS NULL THEN $1 WHEN $1 IS NULL THEN $2::text ELSE $1 || $3 || $2::text END $$;
        CREATE FUNCTION public.group_concat_step(text, anyelement) RETURNS text LANGUAGE sql IMMUTABLE
            AS $$ SELECT public.group_concat_step($1, $2, ',') $$;
        CREATE AGGREGATE public.group_concat(anyelement) (SFUNC = public.group_concat_step, STYPE = text);
        CREATE AGGREGATE public.group_concat(anyelement, text) (SFUNC = public.group_concat_step, STYPE = text);
        """

    deinit { _ = try? cluster.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }

    /// The arguments and environment that run the binary as the person they name, on this database:
    /// `--user NAME` (dropped) or else EXPENSES_USER says who, and the connection says it to the server.
    /// A command given a database of its own (`--db`) is left as it is, but for the name a server refuses.
    /// - Parameter inProcess: the password goes into the connection string, for libpq in this
    ///   process reads this process's HOME, not the run's.
    public func connect(
        _ arguments: [String], _ environment: [String: String],
        inProcess: Bool = false
    ) throws -> ([String], [String: String]) {
        var arguments = arguments
        var environment = environment
        try pinClock(to: environment["EXPENSES_NOW"])
        if let index = arguments.firstIndex(of: "--db") {
            if index + 1 < arguments.count, arguments[index + 1].hasPrefix("postgres") { environment["EXPENSES_USER"] = nil }
            return (arguments, environment)
        }
        var user = environment["EXPENSES_USER"] ?? "alice"
        if let index = arguments.firstIndex(of: "--user"), index + 1 < arguments.count {
            user = arguments[index + 1]
            arguments.removeSubrange(index...index + 1)
        }
        try Self.login(user, on: cluster)
        if let home = environment["HOME"] { try remember(user, in: home) }
        environment["EXPENSES_USER"] = nil
        environment["EXPENSES_DB"] =
            inProcess ? cluster.connectionURI(user: user, password: "\(user)-pw", database: database) : uri(for: user)
        return (arguments, environment)
    }

    /// The time the server's clock is pinned to (`server_clock`), as last set here; nil: it runs.
    private var pinned: String?

    /// Pins the server's clock to `now` (nil: lets it run), as the cluster's administrator, when
    /// it is not so already: the time a test pins with EXPENSES_NOW is the server's too, and no
    /// client's time reaches the server (it stamps every write with its own, `server_now`).
    private func pinClock(to now: String?) throws {
        guard now != pinned else { return }
        _ = try psql(
            now.map {
                "INSERT INTO server_clock (singleton, pinned_at) VALUES (1, '\($0.replacingOccurrences(of: "'", with: "''"))') "
                    + "ON CONFLICT (singleton) DO UPDATE SET pinned_at = excluded.pinned_at"
            } ?? "DELETE FROM server_clock")
        pinned = now
    }

    /// `user`'s connection string, with no password: libpq reads it from the ~/.pgpass the test
    /// gave them (`remember`), as a launcher's `--db` must too.
    public func uri(for user: String) -> String {
        cluster.connectionURI(user: user, password: "", database: database).replacingOccurrences(of: ":@", with: "@")
    }

    /// Writes `user`'s password into HOME/.pgpass (mode 0600, or libpq ignores it), once.
    private func remember(_ user: String, in home: String) throws {
        let file = home + "/.pgpass"
        let line = "*:*:*:\(user):\(user)-pw\n"
        let known = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        guard !known.contains(line) else { return }
        try (known + line).write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    }

    /// Rows `sql` gives the superuser, as psql prints them unaligned; its error throws.
    public func psql(_ sql: String) throws -> String {
        let output = try cluster.psql(sql, database: database)
        try Self.require(output)
        return output.stdout
    }

    // MARK: The one cluster of the run

    nonisolated(unsafe) private static var cluster: PostgresCluster?
    nonisolated(unsafe) private static var roles: Set<String> = []
    nonisolated(unsafe) private static var template: String?
    private static let lock = NSLock()

    private static func sharedCluster() throws -> PostgresCluster {
        lock.lock()
        defer { lock.unlock() }
        if let cluster { return cluster }
        let started = try PostgresCluster()
        cluster = started
        XCTestObservationCenter.shared.addTestObserver(StopAtTheEnd())
        return started
    }

    /// Makes `user` a login role in every group, once per run (roles are the cluster's, not a database's).
    private static func login(_ user: String, on cluster: PostgresCluster) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !roles.contains(user) else { return }
        try require(
            cluster.psql(
                """
                CREATE ROLE "\(user)" LOGIN PASSWORD '\(user)-pw';
                GRANT expenses_traveller, expenses_approver, expenses_finance TO "\(user)";
                """))
        roles.insert(user)
    }

    private final class StopAtTheEnd: NSObject, XCTestObservation {
        func testBundleDidFinish(_ testBundle: Bundle) {
            ServerEngine.cluster?.stop()
            ServerEngine.cluster = nil
            ServerEngine.template = nil
        }
    }

    private struct Failed: Error, CustomStringConvertible { let description: String }

    private static func require(_ output: PostgresCluster.Output) throws {
        guard output.status == 0 else { throw Failed(description: "psql: \(output.stderr)") }
    }
}
