import CLibPQ
import CSQLite

/// The current row of a query; valid only inside the closure it is given to. SQLite's is the
/// statement being stepped; PostgreSQL's is one row of a result the server sent whole.
public struct Row {
    enum Source {
        /// The statement it is of outlives the row, which is only valid while it steps: not retained.
        case sqlite(OpaquePointer, Unmanaged<Statement>)
        case postgres(PostgresResult, Int32)
    }
    let source: Source

    init(_ statement: Statement) { source = .sqlite(statement.handle, .passUnretained(statement)) }
    init(_ result: PostgresResult, _ row: Int32) { source = .postgres(result, row) }

    public var columnCount: Int {
        switch source {
        case .sqlite(let statement, _): Int(sqlite3_column_count(statement))
        case .postgres(let result, _): Int(pq.nfields(result.handle))
        }
    }

    public func isNull(_ index: Int) -> Bool {
        switch source {
        case .sqlite(let statement, _): sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
        case .postgres(let result, let row): pq.getisnull(result.handle, row, Int32(index)) == 1
        }
    }

    public func int64(_ index: Int) -> Int64 {
        switch source {
        case .sqlite(let statement, _): sqlite3_column_int64(statement, Int32(index))
        case .postgres(let result, let row): result.int64(row, Int32(index))
        }
    }

    public func int(_ index: Int) -> Int { Int(int64(index)) }

    public func optionalInt64(_ index: Int) -> Int64? { isNull(index) ? nil : int64(index) }

    public func double(_ index: Int) -> Double {
        switch source {
        case .sqlite(let statement, _): sqlite3_column_double(statement, Int32(index))
        case .postgres(let result, let row): Double(result.string(row, Int32(index))) ?? 0
        }
    }

    public func string(_ index: Int) -> String {
        switch source {
        case .sqlite(let statement, _):
            guard let text = sqlite3_column_text(statement, Int32(index)) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, Int32(index)))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        case .postgres(let result, let row):
            return result.string(row, Int32(index))
        }
    }

    public func optionalString(_ index: Int) -> String? { isNull(index) ? nil : string(index) }

    public func blob(_ index: Int) -> [UInt8] {
        switch source {
        case .sqlite(let statement, _):
            let count = Int(sqlite3_column_bytes(statement, Int32(index)))
            guard count > 0, let bytes = sqlite3_column_blob(statement, Int32(index)) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        case .postgres(let result, let row):
            return result.bytes(row, Int32(index))
        }
    }

    // MARK: - By column name

    /// The index of the result column called `name` (its alias, or the column's own name).
    /// A name the query does not have is a bug in our SQL, never a user's doing.
    public func index(_ name: String) -> Int {
        let found: Int?
        let sql: String
        switch source {
        case .sqlite(_, let unmanaged):
            let statement = unmanaged.takeUnretainedValue()
            (found, sql) = (statement.columnIndex[name], statement.sql)
        case .postgres(let result, _): (found, sql) = (result.columnIndex[name], result.sql)
        }
        guard let found else { fatalError("no column '\(name)' in `\(sql)`") }
        return found
    }

    public func isNull(_ name: String) -> Bool { isNull(index(name)) }
    public func int64(_ name: String) -> Int64 { int64(index(name)) }
    public func int(_ name: String) -> Int { int(index(name)) }
    public func optionalInt64(_ name: String) -> Int64? { optionalInt64(index(name)) }
    public func double(_ name: String) -> Double { double(index(name)) }
    public func string(_ name: String) -> String { string(index(name)) }
    public func optionalString(_ name: String) -> String? { optionalString(index(name)) }
    public func blob(_ name: String) -> [UInt8] { blob(index(name)) }
}
