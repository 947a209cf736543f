import CSQLite
import ExpenseSupport

extension Database {
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock at once, so a read-then-write never fails half-way with SQLITE_BUSY
        /// (the busy timeout does not apply to upgrading a read transaction to a write one).
        case immediate = "BEGIN IMMEDIATE"
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    /// Inside an open transaction it uses a savepoint instead, so a failing command inside a
    /// script-wide transaction undoes only its own writes.
    public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try inSavepoint(body) }
        try execute(kind.rawValue)
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            rollbackQuietly("ROLLBACK")
            throw error
        }
        return result
    }

    func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT command")
        do {
            let result = try body()
            try execute("RELEASE command")
            return result
        } catch {
            rollbackQuietly("ROLLBACK TO command")
            try? execute("RELEASE command")
            throw error
        }
    }

    /// Rolls back, keeping the first error: SQLite may already have rolled back on its own
    /// (SQLITE_FULL, SQLITE_IOERR...), in which case ROLLBACK itself fails, harmlessly.
    private func rollbackQuietly(_ sql: String) {
        guard isInsideTransaction else { return }
        _ = sqlite3_exec(handle, sql, nil, nil, nil)
    }

    /// Begins a transaction that the caller ends with `commit()` or `rollback()`: for a script run
    /// with --transaction, whose extent is not one closure.
    public func begin(_ kind: TransactionKind = .immediate) throws(DatabaseError) { try execute(kind.rawValue) }
    public func commit() throws(DatabaseError) { try execute("COMMIT") }
    public func rollback() { rollbackQuietly("ROLLBACK") }
}
