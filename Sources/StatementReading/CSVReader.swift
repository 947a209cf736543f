import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A streaming RFC 4180 reader over raw bytes: quoted fields with separators, doubled quotes and
/// line breaks inside, CRLF or LF, a UTF-8 byte order mark, any one-byte separator. It holds one
/// buffer (1 MiB unless told otherwise) whatever the file's size, so memory stays constant, and
/// it never decodes text: fields are byte ranges into the buffer, valid until the next record,
/// and the caller decodes only the ones it uses. The separators and the quote are ASCII, so the
/// same scan serves UTF-8, Latin-1 and Windows-1252.
///
/// Line numbers are physical lines of the file, counting the lines inside quoted fields, so an
/// error points where an editor shows the row.
public final class CSVReader {
    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the input.
    public typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    public struct Failure: Error, Equatable {
        public let line: Int
        public let message: String
    }

    private let source: Source
    public let separator: UInt8
    private var buffer: UnsafeMutableRawBufferPointer
    private let maximumRecordBytes: Int
    private let maximumFields: Int
    /// Valid bytes are buffer[position..<limit].
    private var position = 0
    private var limit = 0
    private var atEndOfInput = false
    private var atStart = true
    /// The physical line the next record starts on.
    public private(set) var nextLine = 1
    /// Bytes handed out so far (records and skipped lines), for progress.
    public private(set) var bytesConsumed = 0

    // The current record.
    public private(set) var recordLine = 0
    private var recordStart = 0
    private var recordEnd = 0
    public private(set) var recordEndsWithCRLF = false
    /// Where a field of the record is: bytes `start..<end` of the buffer or, for a field whose
    /// doubled quotes were undone, of `scratch`. One value a field, so a field is one append.
    private struct Span {
        let start: Int, end: Int, inScratch: Bool
    }
    /// Unchecked: Swift checked every access for a conflicting one at run time, twelve times a
    /// row, an eighth of reading a card statement. Only this class's own methods touch it, none
    /// of them while another is inside it (none calls out while it holds the array).
    @exclusivity(unchecked) private var fields: [Span] = []
    private var scratch: UnsafeMutableRawBufferPointer
    private var scratchCount = 0

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// - Parameters:
    ///   - maximumRecordBytes: the longest record read (a longer one is an error at its line).
    ///   - maximumFields: the most fields a record may have: a statement has tens of columns,
    ///     and a record of 16 MiB of separators would otherwise need some 400 MB of field bounds.
    public init(
        separator: UInt8, bufferSize: Int = 1 << 20, maximumRecordBytes: Int = 16 << 20, maximumFields: Int = 10_000,
        source: @escaping Source
    ) {
        self.separator = separator
        self.source = source
        self.maximumRecordBytes = max(maximumRecordBytes, bufferSize)
        self.maximumFields = maximumFields
        buffer = .allocate(byteCount: max(bufferSize, 4), alignment: 16)
        scratch = .allocate(byteCount: 256, alignment: 16)
    }

    /// A reader of bytes in memory, for tests and small inputs.
    public convenience init(bytes: [UInt8], separator: UInt8, bufferSize: Int = 1 << 20) {
        var offset = 0
        self.init(separator: separator, bufferSize: bufferSize) { target in
            let count = min(target.count, bytes.count - offset)
            if count > 0 {
                bytes.withUnsafeBytes { source in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
                }
            }
            offset += count
            return count
        }
    }

    deinit {
        buffer.deallocate()
        scratch.deallocate()
    }

    // MARK: - Records

    public var fieldCount: Int { fields.count }

    /// The bytes of field `index` of the current record, quotes removed and doubled quotes undone.
    public func field(_ index: Int) -> UnsafeRawBufferPointer {
        let span = fields[index]
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(span.inScratch ? scratch : buffer)[span.start..<span.end])
    }

    /// The record as it was in the file, without its line ending.
    public var rawRecord: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[recordStart..<recordEnd])
    }

    /// True when the record is one empty line.
    public var isBlankLine: Bool { recordEnd == recordStart }

    /// Moves to the next record; false at the end of the input.
    public func next() throws -> Bool {
        try checkByteOrderMark()
        while true {
            switch parseRecord() {
            case .record(let next, let lines):
                recordLine = nextLine
                nextLine += lines
                bytesConsumed += next - position
                position = next
                return true
            case .needMoreInput:
                if atEndOfInput {
                    if position == limit { return false }
                    throw Failure(line: nextLine, message: "the file ends inside a quoted field that starts here")
                }
                try fill()
            case .failure(let failure):
                throw failure
            }
        }
    }

    /// Skips one physical line and returns it (without its line ending), nil at the end of the input.
    public func skipLine() throws -> [UInt8]? {
        try checkByteOrderMark()
        while true {
            let bytes = UnsafeRawBufferPointer(buffer)
            if let newline = bytes[position..<limit].firstIndex(of: Self.newline) {
                var end = newline
                if end > position, bytes[end - 1] == Self.carriageReturn { end -= 1 }
                let line = Array(bytes[position..<end])
                bytesConsumed += newline + 1 - position
                position = newline + 1
                nextLine += 1
                return line
            }
            if atEndOfInput {
                guard position < limit else { return nil }
                let line = Array(bytes[position..<limit])
                bytesConsumed += limit - position
                position = limit
                nextLine += 1
                return line
            }
            try fill()
        }
    }

    // MARK: - Scanning

    private enum Outcome {
        case record(next: Int, lines: Int)
        case needMoreInput
        case failure(Failure)
    }

    /// Parses one record from `position`; on `.needMoreInput` nothing is kept, and the caller
    /// refills and parses again from the record's start.
    private func parseRecord() -> Outcome {
        guard position < limit else { return .needMoreInput }
        let bytes = UnsafeRawBufferPointer(buffer)
        fields.removeAll(keepingCapacity: true)
        scratchCount = 0
        var index = position
        var lines = 1
        while true {
            guard fields.count < maximumFields else {
                return .failure(Failure(line: nextLine, message: "a record with more than \(maximumFields) fields starts here"))
            }
            let outcome =
                index < limit && bytes[index] == Self.quote
                ? quotedField(bytes, from: index, lines: &lines) : unquotedField(bytes, from: index, lines: lines)
            switch outcome {
            case .next(let start): index = start
            case .done(let outcome): return outcome
            }
        }
    }

    /// After one field: where the next field of the record starts, or how the record ends.
    private enum FieldEnd {
        case next(Int)
        case done(Outcome)
    }

    /// A quoted field at `index`: up to the quote that is not doubled, then a separator, the
    /// line's end or the input's end.
    @inline(__always)
    private func quotedField(_ bytes: UnsafeRawBufferPointer, from index: Int, lines: inout Int) -> FieldEnd {
        let contentStart = index + 1
        var cursor = contentStart
        var doubled = false
        var closing = -1
        while cursor < limit {
            let byte = bytes[cursor]
            if byte == Self.quote {
                if cursor + 1 < limit, bytes[cursor + 1] == Self.quote {
                    doubled = true
                    cursor += 2
                    continue
                }
                if cursor + 1 == limit, !atEndOfInput { return .done(.needMoreInput) }
                closing = cursor
                break
            }
            if byte == Self.newline { lines += 1 }
            cursor += 1
        }
        guard closing >= 0 else { return .done(.needMoreInput) }
        if doubled {
            appendUndoubling(bytes, from: contentStart, to: closing)
        } else {
            appendField(start: contentStart, end: closing)
        }
        let after = closing + 1
        guard after < limit else { return .done(atEndOfInput ? finishRecord(end: after, next: after, lines: lines) : .needMoreInput) }
        switch bytes[after] {
        case separator: return .next(after + 1)
        case Self.newline: return .done(finishRecord(end: after, next: after + 1, lines: lines))
        case Self.carriageReturn where after + 1 < limit && bytes[after + 1] == Self.newline:
            return .done(finishRecord(end: after, next: after + 2, lines: lines, crlf: true))
        case Self.carriageReturn where after + 1 == limit:
            return .done(atEndOfInput ? finishRecord(end: after, next: after + 1, lines: lines) : .needMoreInput)
        default:
            return .done(.failure(Failure(line: nextLine + lines - 1, message: "text after the closing quote of field \(fields.count)")))
        }
    }

    /// An unquoted field at `index`: up to the separator or the line's end. A quote inside it is
    /// taken literally, as most writers of such files mean it.
    @inline(__always)
    private func unquotedField(_ bytes: UnsafeRawBufferPointer, from start: Int, lines: Int) -> FieldEnd {
        let separator = self.separator
        let limit = self.limit
        var index = start
        while index < limit {
            let byte = bytes[index]
            if byte == separator || byte == Self.newline { break }
            index += 1
        }
        if index == limit {
            guard atEndOfInput else { return .done(.needMoreInput) }
            var end = index
            if end > start, bytes[end - 1] == Self.carriageReturn { end -= 1 }
            appendField(start: start, end: end)
            return .done(finishRecord(end: end, next: index, lines: lines))
        }
        if bytes[index] == separator {
            appendField(start: start, end: index)
            return .next(index + 1)
        }
        // A line feed; a carriage return before it belongs to the line ending (CRLF).
        var end = index
        let crlf = end > start && bytes[end - 1] == Self.carriageReturn
        if crlf { end -= 1 }
        appendField(start: start, end: end)
        return .done(finishRecord(end: end, next: index + 1, lines: lines, crlf: crlf))
    }

    /// A field read in place from the buffer.
    @inline(__always)
    private func appendField(start: Int, end: Int) {
        fields.append(Span(start: start, end: end, inScratch: false))
    }

    /// A quoted field with doubled quotes, copied to the scratch buffer with each pair made one.
    private func appendUndoubling(_ bytes: UnsafeRawBufferPointer, from start: Int, to closing: Int) {
        let scratchStart = scratchCount
        reserveScratch(closing - start)
        var copy = start
        while copy < closing {
            scratch[scratchCount] = bytes[copy]
            scratchCount += 1
            copy += bytes[copy] == Self.quote ? 2 : 1
        }
        fields.append(Span(start: scratchStart, end: scratchCount, inScratch: true))
    }

    private func reserveScratch(_ more: Int) {
        guard scratchCount + more > scratch.count else { return }
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(scratch.count * 2, scratchCount + more), alignment: 16)
        larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: scratch[..<scratchCount]))
        scratch.deallocate()
        scratch = larger
    }

    private func finishRecord(end: Int, next: Int, lines: Int, crlf: Bool = false) -> Outcome {
        recordStart = position
        recordEnd = end
        recordEndsWithCRLF = crlf
        return .record(next: next, lines: lines)
    }

    /// Moves the unread bytes to the front and reads more after them, growing the buffer when a
    /// single record fills it.
    private func fill() throws {
        if position > 0 {
            let unread = limit - position
            if unread > 0, let base = buffer.baseAddress {
                memmove(base, base + position, unread)
            }
            limit = unread
            position = 0
        }
        if limit == buffer.count {
            guard buffer.count < maximumRecordBytes else {
                throw Failure(
                    line: nextLine,
                    message: "a record longer than \(maximumRecordBytes >> 20) MiB starts here (an unbalanced quote?)")
            }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(buffer.count * 2, maximumRecordBytes), alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[..<limit]))
            buffer.deallocate()
            buffer = larger
        }
        let count = try source(UnsafeMutableRawBufferPointer(rebasing: buffer[limit...]))
        if count == 0 { atEndOfInput = true } else { limit += count }
    }

    /// Skips a UTF-8 byte order mark; refuses UTF-16 and UTF-32, which this reader cannot scan.
    private func checkByteOrderMark() throws {
        guard atStart else { return }
        while limit < 4, !atEndOfInput { try fill() }
        atStart = false
        let bytes = UnsafeRawBufferPointer(buffer)
        if limit >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            bytesConsumed = 3
        } else if limit >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw Failure(
                line: 1,
                message: "the file is UTF-16, which is not supported; convert it first, e.g. "
                    + "iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8.csv")
        }
    }
}
