import ExpenseCore
import ExpenseSupport

/// A row's cells as text: decoded once each, joined, checked for NULs and for UTF-8 read in
/// the rules' single-byte encoding.
extension RowMapper {
    /// The text of `columns` for `field`; nil when the rules read no column for it, or it is not
    /// text (a problem of the row). No text is stored with a NUL: readers of C strings would see
    /// half of it.
    func statementText<R: StatementRecords>(
        _ field: String, _ columns: [Int], _ reader: R, _ row: inout MappedRow,
        _ cache: inout CellCache
    ) -> String? {
        guard !columns.isEmpty else { return nil }
        guard let text = text(columns, reader, &cache) else {
            row.problems.append(.init(field, Self.invalidText))
            return nil
        }
        // Through the UTF-8 storage: the scan of a String's UTF8View cost 6 % of reading a row.
        let holdsNUL = text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
        if holdsNUL { row.problems.append(.init(field, "holds a NUL character (U+0000), which no text may hold")) }
        return text
    }

    static let invalidText = "not valid UTF-8; if the file is Latin-1 or Windows-1252, add 'encoding windows-1252' to the rules"

    /// The record decoded, for a condition on the row; nil when it is not valid in the encoding:
    /// the condition does not apply.
    func record<R: StatementRecords>(_ reader: R, _ cache: inout CellCache) -> String? {
        if !cache.recordDecoded {
            cache.record = rules.encoding.decode(reader.rawRecord)
            cache.recordDecoded = true
        }
        return cache.record
    }

    /// The cells of `indices` joined with spaces, empty ones left out; nil when undecodable.
    func text<R: StatementRecords>(_ indices: [Int], _ reader: R, _ cache: inout CellCache) -> String? {
        if indices.count == 1 { return cell(indices[0], reader, &cache) }
        // The cells' bytes joined, then decoded once: decoding each and joining the texts cost
        // more than the rest of the row's text. The encodings decode byte by byte (UTF-8 by whole
        // characters, which a space between cells does not split), so the text is the same.
        for index in indices { noteMisread(Self.trim(reader.field(index)), reader, &cache) }
        var joined = joinedBytes
        joinedBytes = []
        defer { joinedBytes = joined }
        Self.join(indices, reader, into: &joined)
        return joined.withUnsafeBytes { rules.encoding.decode($0) }
    }

    /// The bytes of the cells of `indices`, trimmed, joined with spaces, empty ones left out.
    static func join<R: StatementRecords>(_ indices: [Int], _ reader: R, into joined: inout [UInt8]) {
        joined.removeAll(keepingCapacity: true)
        for index in indices {
            let bytes = trim(reader.field(index))
            if bytes.isEmpty { continue }
            if !joined.isEmpty { joined.append(0x20) }
            joined.append(contentsOf: bytes)
        }
    }

    /// Cell `index` without surrounding blanks, decoded; nil when not valid in the encoding.
    func cell<R: StatementRecords>(_ index: Int, _ reader: R, _ cache: inout CellCache) -> String? {
        if !cache.decoded[index] {
            let bytes = Self.trim(reader.field(index))
            // A text of up to 15 bytes is made inside the String, at less cost than finding it.
            let recent = bytes.count > 15 ? recentCells.find(bytes) : nil
            if let known = recent?.value {
                // Its bytes were checked for misread UTF-8 when they were decoded.
                cache.cells[index] = known
            } else {
                let text = rules.encoding.decode(bytes)
                if let recent { recentCells.keep(text, for: bytes, at: recent.place) }
                cache.cells[index] = text
                noteMisread(bytes, reader, &cache)
            }
            cache.decoded[index] = true
        }
        return cache.cells[index]
    }

    /// Keeps `bytes` as `misread` when they are the first cell that looks like UTF-8 read in the
    /// rules' single-byte encoding.
    func noteMisread<R: StatementRecords>(_ bytes: UnsafeRawBufferPointer, _ reader: R, _ cache: inout CellCache) {
        if cache.checksEncoding, rules.encoding.misreads(bytes) {
            cache.checksEncoding = false
            misread = (Array(bytes), reader.recordLine)
        }
    }

    /// The bytes without leading and trailing spaces and tabs.
    @inline(__always)
    public static func trim(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
