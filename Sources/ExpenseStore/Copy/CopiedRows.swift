import CSQLite
import ExpenseSupport

/// The values of copied rows: read by the kind each column is declared with, encoded canonically
/// (the same bytes for the same values, whichever engine they came from), and summed into a
/// digest that the copy compares between source and target.
extension Row {
    /// The value at `index` as a `kind` column holds it; nil when the stored value is of another
    /// type, which only a program other than expenses can have written into an SQLite file (a
    /// server's columns are typed).
    func copiedValue(_ index: Int, _ kind: CopiedTable.Kind) -> DatabaseValue? {
        switch source {
        case .sqlite(let statement, _):
            switch (sqlite3_column_type(statement, Int32(index)), kind) {
            case (SQLITE_NULL, _): return .null
            case (SQLITE_INTEGER, .integer): return .integer(int64(index))
            case (SQLITE_TEXT, .text): return .text(string(index))
            default: return nil
            }
        case .postgres:
            if isNull(index) { return .null }
            return kind == .integer ? .integer(int64(index)) : .text(string(index))
        }
    }
}

/// What the verification compares for one table: how many rows, a hash of their content that
/// does not depend on their order (engines sort text differently), and the sums of its money and
/// count columns, which the messages show.
struct TableDigest: Equatable {
    var rows = 0
    /// The sum, wrapping, of the first 8 bytes of each row's SHA-256.
    var content: UInt64 = 0
    var totals: [Int64]

    init(totals: Int) { self.totals = Array(repeating: 0, count: totals) }

    mutating func add(_ values: [DatabaseValue], totalIndexes: [Int]) {
        rows += 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        CopiedRows.encode(values, into: &bytes)
        var hasher = SHA256()
        hasher.update(bytes)
        let digest = hasher.finalize()
        var head: UInt64 = 0
        for byte in digest.prefix(8) { head = head << 8 | UInt64(byte) }
        content &+= head
        for (position, index) in totalIndexes.enumerated() {
            if case .integer(let value) = values[index] { totals[position] &+= value }
        }
    }

    /// "12 rows (amount_minor 1234, converted_minor 1200)".
    func described(_ names: [String]) -> String {
        let sums = zip(names, totals).map { "\($0) \($1)" }.joined(separator: ", ")
        return "\(rows) row\(rows == 1 ? "" : "s")" + (sums.isEmpty ? "" : " (\(sums))")
    }
}

enum CopiedRows {
    /// Each value as a tag and its bytes, text with its length: no two different rows encode alike.
    static func encode(_ values: [DatabaseValue], into bytes: inout [UInt8]) {
        func append(_ number: UInt64) {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
        }
        for value in values {
            switch value {
            case .null: bytes.append(0)
            case .integer(let number):
                bytes.append(1)
                append(UInt64(bitPattern: number))
            case .real(let number):
                bytes.append(2)
                append(number.bitPattern)
            case .text(let text):
                bytes.append(3)
                append(UInt64(text.utf8.count))
                bytes.append(contentsOf: text.utf8)
            case .blob(let blob):
                bytes.append(4)
                append(UInt64(blob.count))
                bytes.append(contentsOf: blob)
            }
        }
    }

    /// A key's values as bytes, for a dictionary.
    static func keyBytes(_ values: [DatabaseValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(values, into: &bytes)
        return bytes
    }

    /// `12`, or `(USD, 2026-03-02)`: a row's key for messages.
    static func describe(_ values: [DatabaseValue]) -> String {
        let words = values.map { value -> String in
            switch value {
            case .null: return "NULL"
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            case .text(let text): return TerminalText.visible(text)
            case .blob(let blob): return "\(blob.count) bytes"
            }
        }
        return words.count == 1 ? words[0] : "(" + words.joined(separator: ", ") + ")"
    }
}
