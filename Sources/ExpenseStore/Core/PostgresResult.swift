import CLibPQ

/// One result the PostgreSQL server sent, whole, in text format: its rows read as SQLite's do
/// (an integer from its digits, a boolean as 0 or 1, bytea from its hex form). Cleared when released.
final class PostgresResult {
    let handle: OpaquePointer
    let sql: String

    init(_ handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { pq.clear(handle) }

    var rowCount: Int32 { pq.ntuples(handle) }

    /// Each column's index by its name (the first, when two share one), read once per result.
    private(set) lazy var columnIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for column in 0..<pq.nfields(handle) {
            guard let name = pq.fname(handle, column) else { continue }
            let key = String(cString: name)
            if index[key] == nil { index[key] = Int(column) }
        }
        return index
    }()

    /// The PostgreSQL type of boolean columns (pg_type's `bool`).
    static let booleanType: Oid = 16

    func string(_ row: Int32, _ column: Int32) -> String {
        guard let value = pq.getvalue(handle, row, column) else { return "" }
        let count = Int(pq.getlength(handle, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// The value as SQLite would give it: 0 for NULL or text that is no number, a boolean as 0 or 1.
    func int64(_ row: Int32, _ column: Int32) -> Int64 {
        guard pq.getisnull(handle, row, column) == 0, let value = pq.getvalue(handle, row, column) else { return 0 }
        if pq.ftype(handle, column) == Self.booleanType { return value.pointee == UInt8(ascii: "t") ? 1 : 0 }
        var result: Int64 = 0
        var negative = false
        var pointer = value
        if pointer.pointee == UInt8(ascii: "-") {
            negative = true
            pointer += 1
        }
        while case let digit = UInt8(bitPattern: pointer.pointee), digit >= 48, digit <= 57 {
            // numeric (a sum of bigints) may exceed Int64: saturate rather than trap, as SQLite does.
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(digit - 48))
            if overflowTimes || overflowSum { return negative ? .min : .max }
            result = sum
            pointer += 1
        }
        return negative ? -result : result
    }

    /// bytea in the server's hex output format (`\x` and two digits per byte).
    func bytes(_ row: Int32, _ column: Int32) -> [UInt8] {
        let text = Array(string(row, column).utf8)
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return text }
        func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index + 1 < text.count {
            bytes.append(nibble(text[index]) << 4 | nibble(text[index + 1]))
            index += 2
        }
        return bytes
    }
}
