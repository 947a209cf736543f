/// Why bytes are not a property list, and where: the line of an XML plist, or the byte offset
/// of a binary one.
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The 1-based line of an XML plist where the parser stopped.
    public let line: Int?

    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
