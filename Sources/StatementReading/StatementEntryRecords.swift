/// The entries of a camt.053 or OFX statement as records for `RowMapper`: each entry's fields
/// in fixed columns (`columns`), its record a CSV line of them, so that the rules' conditions,
/// the rejects file and the fingerprints treat them as they treat a CSV row's.
public final class StatementEntryRecords: StatementRecords {
    /// The columns, in order: what the rules' mapping for these formats reads.
    public static let columns = ["date", "amount", "currency", "merchant", "description", "external-id", "type"]
    /// The columns as a CSV header line, for the rejects file.
    public static var header: [UInt8] { Array(columns.joined(separator: ",").utf8) }

    private let entries: [StatementEntry]
    private let fileBytes: Int
    private var index = -1
    /// The current entry's fields, then its CSV record; `ends[i]` is where field `i` ends.
    private var storage: UnsafeMutableRawBufferPointer
    private var ends = [Int](repeating: 0, count: columns.count + 1)

    /// - Parameter fileBytes: the size of the file, for progress.
    public init(_ entries: [StatementEntry], fileBytes: Int) {
        self.entries = entries
        self.fileBytes = fileBytes
        storage = .allocate(byteCount: 1024, alignment: 16)
    }

    deinit { storage.deallocate() }

    public func next() throws -> Bool {
        index += 1
        guard index < entries.count else {
            index = entries.count
            return false
        }
        let entry = entries[index]
        let fields = [
            entry.date, (entry.isCredit ? "-" : "") + entry.amount, entry.currency, entry.counterparty,
            entry.description, entry.reference, entry.type,
        ]
        var bytes: [UInt8] = []
        for (number, field) in fields.enumerated() {
            bytes += field.utf8
            ends[number] = bytes.count
        }
        for (number, field) in fields.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Self.csvField(field)
        }
        ends[fields.count] = bytes.count
        if bytes.count > storage.count {
            storage.deallocate()
            storage = .allocate(byteCount: bytes.count, alignment: 16)
        }
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        return true
    }

    public var fieldCount: Int { index < entries.count ? Self.columns.count : 0 }

    public func field(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
    }

    public var rawRecord: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[ends[Self.columns.count - 1]..<ends[Self.columns.count]])
    }

    public var recordLine: Int { index < entries.count ? entries[index].line : 0 }
    public var isBlankLine: Bool { false }
    public var bytesConsumed: Int { entries.isEmpty ? fileBytes : fileBytes * min(index + 1, entries.count) / entries.count }
    public var recordEndsWithCRLF: Bool { false }

    public func map(through mapper: RowMapper, into row: inout MappedRow) {
        mapper.map(self, into: &row)
        // An amount the file has but may not write so: invalid whatever the mapping read.
        if index < entries.count, let problem = entries[index].amountProblem {
            row.problems.removeAll { $0.field == "amount" }
            row.problems.append(.init("amount", problem))
        }
    }

    /// `text` as one CSV field: quoted when it holds a separator, quote or line break.
    static func csvField(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return bytes
        }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            quoted.append(byte)
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
        }
        return quoted + [UInt8(ascii: "\"")]
    }
}
