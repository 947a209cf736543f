import CLibPQ
import ExpenseSupport

/// A statement sent without waiting for its result: the client goes on with its own work (an
/// import encodes its next rows) while the server runs it, and takes the result when it needs
/// it. One at a time: anything else run on the connection first takes the result of what was
/// sent (keeping it for whoever sent it), its error included; a rollback throws it away.
extension PostgresDatabase {
    /// Sends `statement` and returns at once; `receiveScalar()` waits for its result.
    func send(_ statement: SQL) throws {
        try receiveSent()
        let (sql, arguments) = (statement.text, statement.arguments)
        let queued = try withParameters(sql, arguments) { text, count, types, values, lengths, formats in
            pq.sendQueryParams(connection, text, count, types, values, lengths, formats, 0)
        }
        guard queued == 1 else {
            throw DatabaseError(sqlState: "08006", message: Self.lastLine(pq.errorMessage(connection)), sql: sql)
        }
        sent = sql
    }

    /// The first column of the first row of what `send` sent, once the server has run it; its
    /// error, if it failed. Taken once.
    func receiveScalar() throws -> Int64 {
        if let early = takenEarly {
            takenEarly = nil
            return try early.get()
        }
        return try takeResult()
    }

    /// Takes the result of what was sent, if anything, before another statement runs: kept for
    /// `receiveScalar`, and its error thrown here too, since the transaction cannot go on.
    func receiveSent() throws {
        guard sent != nil else { return }
        let result = Result { try takeResult() }
        takenEarly = result
        _ = try result.get()
    }

    /// Throws away the result of what was sent: the transaction is being rolled back.
    func discardSent() {
        takenEarly = nil
        guard sent != nil else { return }
        sent = nil
        while let result = pq.getResult(connection) { pq.clear(result) }
    }

    private func takeResult() throws -> Int64 {
        guard let sql = sent else { preconditionFailure("a result taken with no statement sent") }
        sent = nil
        var first: PostgresResult?
        var failure: Error?
        // Every result up to the end, so that the connection is ready for the next statement.
        while let result = pq.getResult(connection) {
            do {
                let checked = try check(result, sql: sql)
                first = first ?? checked
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        guard let first, first.rowCount > 0 else { return 0 }
        return first.int64(0, 0)
    }
}
