import ExpenseSupport

/// A command line that does not parse: unknown command or option, a missing or extra value.
/// Printed as a lower-case clause like every other error, its hint (the nearest word meant) on a
/// `hint:` line, then the command's usage line and a pointer to its help; exit 64.
public struct UsageError: Error, Equatable {
    public let message: String
    /// What was probably meant (`did you mean '--amount'?`), when something near was.
    public let hint: String?
    /// The command whose usage applies; empty for the root.
    public let path: [String]

    public init(_ message: String, hint: String? = nil, path: [String]) {
        self.message = message
        self.hint = hint
        self.path = path
    }

    /// `did you mean 'X'?` for the nearest of `candidates`, nil when none is near.
    static func didYouMean(_ word: String, among candidates: [String], as meant: (String) -> String = { $0 }) -> String? {
        Suggestion.closest(to: word, among: candidates).map { "did you mean '\(meant($0))'?" }
    }
}
