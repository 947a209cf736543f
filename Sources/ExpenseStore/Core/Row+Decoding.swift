import CLibPQ
import CSQLite

/// What a decoder needs of a row beyond its values as the engine gives them: a column's name
/// for the error that names it, and an integer only when the value is one. `int64` reads text
/// that is no number as 0, as SQLite does; a stored amount that is no number must not read as 0.
extension Row {
    /// The name of result column `index` as the query calls it (its alias, or the column's own name).
    func columnName(_ index: Int) -> String {
        switch source {
        case .sqlite(let statement, _):
            sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? "column \(index + 1)"
        case .postgres(let result, _):
            pq.fname(result.handle, Int32(index)).map { String(cString: $0) } ?? "column \(index + 1)"
        }
    }

    /// The value of column `index` when it is stored as an integer (SQLite's storage class
    /// INTEGER; on PostgreSQL, digits that fit in 64 bits, or a boolean); nil for NULL, text,
    /// a real or a blob.
    func exactInt64(_ index: Int) -> Int64? {
        switch source {
        case .sqlite(let statement, _):
            guard sqlite3_column_type(statement, Int32(index)) == SQLITE_INTEGER else { return nil }
            return sqlite3_column_int64(statement, Int32(index))
        case .postgres(let result, let row):
            return result.exactInt64(row, Int32(index))
        }
    }

    /// The value of column `index` as a person may read it in an error: its text, or `NULL`.
    func storedText(_ index: Int) -> String {
        isNull(index) ? "NULL" : string(index)
    }
}

extension PostgresResult {
    /// The value when it is an integer that fits in 64 bits, or a boolean (0 or 1); nil for
    /// NULL or anything else. Unlike `int64`, never a saturated or partial number.
    func exactInt64(_ row: Int32, _ column: Int32) -> Int64? {
        guard pq.getisnull(handle, row, column) == 0, let value = pq.getvalue(handle, row, column) else { return nil }
        if pq.ftype(handle, column) == Self.booleanType { return value.pointee == UInt8(ascii: "t") ? 1 : 0 }
        let count = Int(pq.getlength(handle, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            var index = 0
            let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
            if negative { index = 1 }
            guard index < count else { return nil }
            var result: Int64 = 0
            while index < count {
                let digit = bytes[index]
                guard digit >= 48, digit <= 57 else { return nil }
                // Accumulated as a negative number, so that Int64.min reads too.
                let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.subtractingReportingOverflow(Int64(digit - 48))
                if overflowTimes || overflowSum { return nil }
                result = sum
                index += 1
            }
            if negative { return result }
            let (positive, overflow) = Int64(0).subtractingReportingOverflow(result)
            return overflow ? nil : positive
        }
    }
}
