/// A failure a user can act on: what went wrong, what kind of wrong (which picks the exit code),
/// and optionally how to fix it.
public struct ExpenseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The command line itself is wrong (unknown command or option, missing value).
        case usage
        /// A value is malformed or refers to nothing (bad amount, unknown id or code).
        case invalidData
        /// An input file does not exist or cannot be read.
        case noInput
        /// Something needed is not there right now (a disabled shortcut, a missing program).
        case unavailable
        /// The command is well-formed but the data's state forbids it (editing a submitted report).
        case refused
        /// An output file or directory cannot be created.
        case cannotCreate
        /// Reading or writing failed underneath.
        case io
        /// The database stayed locked past the busy timeout.
        case busy
        /// A bug: something no input should be able to cause.
        case `internal`
    }

    public var kind: Kind
    public var message: String
    public var hint: String?
    /// `FILE:LINE` of the input this came from, when there is one.
    public var location: String?

    public init(_ kind: Kind, _ message: String, hint: String? = nil, location: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.location = location
    }

    public var description: String { message }
}
