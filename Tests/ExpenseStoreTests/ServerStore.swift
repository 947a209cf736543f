import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore

/// A store on a team database, for running a store suite on PostgreSQL as well as on a file
/// (`Scripts/test` runs the suites a second time with EXPENSES_TEST_ENGINE=postgresql, but for
/// the tests that say they run on a file only: `EngineTestCase`): one
/// throwaway cluster for the test class (`stop` in its class tearDown), a fresh database per
/// test, set up by `expenses setup`'s own code, and the store connected as the suite's one
/// person, in every group (a suite acting alone takes every step that is not its own report's).
enum ServerStore {
    /// True when the running test is on a team database (`TestEngine.current`).
    static var isSelected: Bool { TestEngine.current == .server }

    nonisolated(unsafe) private static var cluster: PostgresCluster?

    /// `others` are made members of every group too (roles are the cluster's: a test's colleagues).
    static func open(as owner: String, others: [String] = [], now: @escaping () -> String) throws -> Store {
        if cluster == nil { cluster = try PostgresCluster() }
        guard let cluster else { fatalError("unreachable") }
        let database = "store_" + UUID().uuidString.prefix(8).lowercased()
        // Counting calls of the PL/pgSQL functions lets a test see which of the server's writes
        // an operation called (`ServerWriteParityTests`).
        try require(
            cluster.psql(
                """
                CREATE DATABASE \(database) LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
                ALTER DATABASE \(database) SET track_functions = 'pl';
                """))
        _ = try Store.setUpServer(
            .server(
                connection: cluster.connectionURI(
                    user: cluster.superuser, password: cluster.superuserPassword,
                    database: database)),
            now: now())
        for role in [owner] + others {
            try require(
                cluster.psql(
                    """
                    DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN
                        CREATE ROLE \(role) LOGIN PASSWORD '\(role)-pw'; END IF; END $$;
                    GRANT expenses_traveller, expenses_approver, expenses_finance TO \(role);
                    """, database: database))
        }
        let clock = PinnedClock(
            try PostgresDatabase(
                cluster.connectionURI(user: cluster.superuser, password: cluster.superuserPassword, database: database)))
        return try Store(server: cluster.connectionURI(user: owner, password: "\(owner)-pw", database: database)) {
            clock.pin(now())
        }
    }

    /// The server's clock (`server_clock`), pinned by the cluster's administrator to each time
    /// the suite's clock gives the store: the server stamps its writes with its own time, never
    /// the client's, and so with the suite's.
    private final class PinnedClock: @unchecked Sendable {
        private let administrator: PostgresDatabase
        private var pinned: String?
        private let lock = NSLock()

        init(_ administrator: PostgresDatabase) { self.administrator = administrator }

        func pin(_ now: String) -> String {
            lock.lock()
            defer { lock.unlock() }
            if now != pinned {
                do {
                    try administrator.execute(
                        "INSERT INTO server_clock (singleton, pinned_at) VALUES (1, \(now)) ON CONFLICT (singleton) DO UPDATE SET pinned_at = excluded.pinned_at"
                            as SQL)
                    pinned = now
                } catch {
                    XCTFail("pinning the server's clock to \(now): \(error)")
                }
            }
            return now
        }
    }

    static func stop() {
        cluster?.stop()
        cluster = nil
    }

    private struct Failed: Error, CustomStringConvertible { let description: String }

    private static func require(_ output: PostgresCluster.Output) throws {
        guard output.status == 0 else { throw Failed(description: "psql: \(output.stderr)") }
    }
}

extension Store {
    /// The store of the team database at the connection string `uri`.
    convenience init(server uri: String, now: @escaping () -> String) throws {
        try self.init(location: .server(connection: uri), now: now)
    }
}
