import ExpenseCore
import ExpenseSupport

/// Brings a database's schema up to date: an ordered list of migrations, each applied once, in
/// its own transaction, and recorded. A migration never changes once it has shipped; a new
/// change is a new migration.
public struct Migrator {
    public struct Migration {
        public let id: String
        public let apply: (Database) throws -> Void

        public init(_ id: String, _ apply: @escaping (Database) throws -> Void) {
            self.id = id
            self.apply = apply
        }
    }

    public private(set) var migrations: [Migration] = []

    public init() {}

    public mutating func register(_ id: String, _ apply: @escaping (Database) throws -> Void) {
        precondition(!migrations.contains { $0.id == id }, "duplicate migration \(id)")
        migrations.append(Migration(id, apply))
    }

    /// Applies the migrations `db` lacks. Refuses a database that is not ours, or that a newer
    /// version of the app has migrated further than this one knows.
    /// - Returns: how many migrations it applied (none when the schema was current).
    @discardableResult
    public func migrate(_ db: Database, now: String) throws -> Int {
        let applied = try appliedIDs(db)
        if applied == nil {
            if try db.tableCount() > 0 {
                throw ExpenseError(.invalidData, .notAnExpensesDatabase, "\(db.path) is \(db.kindName), but not an expenses database")
            }
        }
        try refuseNewer(applied ?? [], db)
        if let done = applied, migrations.allSatisfy({ done.contains($0.id) }) { return 0 }

        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        id TEXT PRIMARY KEY NOT NULL,
                        applied_at TEXT NOT NULL)
                    """))
        var count = 0
        for migration in migrations {
            try db.inTransaction(.immediate) {
                // Read again under the write lock: another process may have just applied it.
                let current = try appliedIDs(db) ?? []
                try refuseNewer(current, db)
                guard !current.contains(migration.id) else { return }
                try migration.apply(db)
                try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (\(migration.id), \(now))" as SQL)
                count += 1
            }
        }
        return count
    }

    /// For a database that can only be read: refuses one that is not ours, one a newer version
    /// has migrated, and one this version would have to migrate first (it cannot, and reading
    /// it with an older schema could misread it).
    public func requireCurrent(_ db: Database) throws {
        let applied = try appliedIDs(db)
        if applied == nil, try db.tableCount() > 0 {
            throw ExpenseError(.invalidData, .notAnExpensesDatabase, "\(db.path) is \(db.kindName), but not an expenses database")
        }
        try refuseNewer(applied ?? [], db)
        guard let done = applied, migrations.allSatisfy({ done.contains($0.id) }) else {
            throw ExpenseError(
                .cannotCreate, "the database \(db.path) is read-only, and this version of expenses must update its schema first",
                hint: "open it once where it can be written, so that this version can update it")
        }
    }

    func appliedIDs(_ db: Database) throws -> Set<String>? {
        guard try db.hasTable("schema_migrations") else { return nil }
        return Set(try db.query(SQL(verbatim: "SELECT id FROM schema_migrations")) { $0.string(0) })
    }

    func refuseNewer(_ applied: Set<String>, _ db: Database) throws {
        let known = Set(migrations.map(\.id))
        if let unknown = applied.subtracting(known).sorted().first {
            throw ExpenseError(
                .invalidData,
                "\(db.path) was written by a newer version of expenses (schema '\(unknown)')",
                hint: "upgrade expenses to open it; this version left it untouched")
        }
    }
}
