import CSQLite
import ExpenseSupport

extension SQLiteDatabase {
    public func begin(_ kind: TransactionKind = .immediate) throws {
        // IMMEDIATE takes the write lock at once, so a read-then-write never fails half-way with
        // SQLITE_BUSY (the busy timeout does not apply to upgrading a read transaction to a write one).
        let statement: SQL = kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED"
        try execute(statement)
    }

    public func commit() throws { try execute("COMMIT" as SQL) }

    /// SQLite may already have rolled back on its own (SQLITE_FULL, SQLITE_IOERR...), in which
    /// case ROLLBACK itself fails, harmlessly.
    public func rollback() {
        guard isInsideTransaction else { return }
        _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    public func rollback(to savepoint: String) {
        guard isInsideTransaction else { return }
        _ = sqlite3_exec(handle, "ROLLBACK TO \(savepoint)", nil, nil, nil)
    }

    public func hasTable(_ name: String) throws -> Bool {
        try scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = \(name)" as SQL) > 0
    }

    public func tableCount() throws -> Int64 {
        try scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table'" as SQL)
    }
}
