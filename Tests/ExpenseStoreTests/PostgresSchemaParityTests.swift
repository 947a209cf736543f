import ExpenseStore
import XCTest

/// The PostgreSQL schema and the SQLite one are kept in step: the app's SQL runs on both, so a
/// table, column, index or trigger added to one must be added to the other, or listed in
/// `PostgresSchema.differences` with its reason.
final class PostgresSchemaParityTests: PostgresTestCase {
    /// table → column → declared type (SQLite's INTEGER/TEXT, PostgreSQL's bigint/text/...).
    private typealias Columns = [String: [String: String]]

    func testSameTablesAndColumnsExceptTheListedDifferences() throws {
        let sqlite = try sqliteColumns()
        let postgres = try postgresColumns()
        let differences = PostgresSchema.differences

        for table in Set(sqlite.keys).union(postgres.keys).sorted() {
            guard let lite = sqlite[table], let server = postgres[table] else {
                XCTAssertNotNil(differences[table], "table \(table) is in only one schema and not among the differences")
                continue
            }
            for column in Set(lite.keys).union(server.keys).sorted() {
                guard let liteType = lite[column], let serverType = server[column] else {
                    XCTAssertNotNil(
                        differences["\(table).\(column)"], "\(table).\(column) is in only one schema and not among the differences")
                    continue
                }
                // The app reads every INTEGER as Int64.
                XCTAssertEqual(["INTEGER": "bigint", "TEXT": "text"][liteType], serverType, "type of \(table).\(column)")
            }
        }
        // And every difference listed is one.
        for key in differences.keys.sorted() {
            let parts = key.split(separator: ".").map(String.init)
            if parts.count == 1 {
                XCTAssertTrue((sqlite[key] == nil) != (postgres[key] == nil), "\(key) is listed but in both schemas or neither")
            } else {
                XCTAssertTrue(
                    (sqlite[parts[0]]?[parts[1]] == nil) != (postgres[parts[0]]?[parts[1]] == nil),
                    "\(key) is listed but in both schemas or neither")
            }
        }
    }

    func testSQLiteIndexesAndTriggersAreOnTheServerByTheSameNames() throws {
        let store = try Store(path: ":memory:", now: { "2026-01-01T00:00:00Z" })
        let sqlite = try store.db.query(
            """
            SELECT type, name FROM sqlite_master WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name
            """
        ) { "\($0.string(0)) \($0.string(1))" }
        let postgres = try rows(
            Self.admin,
            """
            SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = 'public'
            UNION SELECT DISTINCT 'trigger ' || trigger_name FROM information_schema.triggers WHERE trigger_schema = 'public';
            """)
        XCTAssertFalse(sqlite.isEmpty)
        XCTAssertEqual(Set(sqlite).subtracting(postgres).sorted(), [], "SQLite's, missing on the server")
    }

    private func sqliteColumns() throws -> Columns {
        let store = try Store(path: ":memory:", now: { "2026-01-01T00:00:00Z" })
        let tables = try store.db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'") {
            $0.string(0)
        }
        var columns: Columns = [:]
        for table in tables {
            try store.db.forEachRow("SELECT name, type FROM pragma_table_info(\(table))" as SQL) {
                columns[table, default: [:]][$0.string(0)] = $0.string(1)
            }
        }
        return columns
    }

    private func postgresColumns() throws -> Columns {
        var columns: Columns = [:]
        for line in try rows(
            Self.admin,
            """
            SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public';
            """)
        {
            let fields = line.split(separator: "|").map(String.init)
            guard fields.count == 3 else { throw PsqlFailed(description: "unexpected row \(line)") }
            columns[fields[0], default: [:]][fields[1]] = fields[2]
        }
        return columns
    }
}
