/// A command line that does not parse: unknown command or option, a missing or extra value.
/// Printed with the command's usage line and a pointer to its help; exit 64.
public struct UsageError: Error, Equatable {
    public let message: String
    /// The command whose usage applies; empty for the root.
    public let path: [String]

    public init(_ message: String, path: [String]) {
        self.message = message
        self.path = path
    }
}
