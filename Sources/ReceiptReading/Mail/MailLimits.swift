/// How much of a message is read: a message comes from outside (a mail filter pipes whatever was
/// delivered), so its size, its headers, its nesting and its number of parts are bounded before
/// anything is decoded. A message beyond a bound is refused, or the parts beyond it are not read,
/// each said so; nothing grows with what the message claims.
public struct MailLimits: Sendable {
    /// The whole message, in bytes: more is refused before it is parsed.
    public var maximumMessageBytes = 32 << 20
    /// The header section of the message or of one part, in bytes.
    public var maximumHeaderBytes = 256 << 10
    /// Header fields of the message or of one part.
    public var maximumHeaderCount = 1000
    /// How deep `multipart/*` and attached messages may nest.
    public var maximumDepth = 8
    /// Parts of the whole message, all levels together.
    public var maximumParts = 200

    public init() {}
}
