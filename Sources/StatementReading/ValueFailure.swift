/// Why a cell's value is not what the rules read (`'-4,2ü' is not an amount`): the value as the
/// file has it — bytes in the statement's encoding — and the words after it, kept apart until
/// they are written. A person reads the value decoded (`message(in:)`); a rejects file gets it as
/// the file had it (`bytes(in:)`), so that the row reads the same when it is imported again. A
/// message made from the bytes at once showed a Windows-1252 'ü' as '�' on stderr and as '?' in
/// the rejects file.
public struct ValueFailure: Error, Equatable, Sendable {
    /// The cell without surrounding white space; nil for a message that quotes no value.
    public let value: [UInt8]?
    public var words: String

    /// `'VALUE'` and then `words`.
    public init(value: UnsafeRawBufferPointer, _ words: String) {
        var start = 0
        var end = value.count
        while start < end, Self.isSpace(value[start]) { start += 1 }
        while end > start, Self.isSpace(value[end - 1]) { end -= 1 }
        self.value = Array(value[start..<end])
        self.words = words
    }

    /// A message that quotes no value.
    public init(message: String) {
        value = nil
        words = message
    }

    /// The message with the value decoded from `encoding` (a byte that is not valid in it shown
    /// as `\xFC`).
    public func message(in encoding: TextEncoding) -> String {
        guard let value else { return words }
        return "'" + encoding.show(value) + "'" + words
    }

    /// The message in `encoding`, with the value's bytes as they were.
    public func bytes(in encoding: TextEncoding) -> [UInt8] {
        guard let value else { return encoding.encode(words) }
        return [UInt8(ascii: "'")] + value + [UInt8(ascii: "'")] + encoding.encode(words)
    }

    /// The message of a UTF-8 value (tests, and readers with no encoding of their own).
    public var message: String { message(in: .utf8) }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
