import ExpenseCore
import ExpenseSupport

/// A type the command language reads from one word, as swift-argument-parser's
/// `ExpressibleByArgument`: it parses itself with its own error, says which values it allows (a
/// closed set) and what TAB offers. An option or argument is declared with the type and read as
/// it (`try invocation[Options.currency]` is a `Currency?`); a form checks an answer the same
/// way and hands the command the value, so that no word is parsed twice.
public protocol ExpressibleByArgument: Sendable {
    /// What reading a word needs besides it: nothing for most types; for an amount, the currency
    /// the command chose (`invocation[Options.amount, in: ...]`).
    associatedtype ArgumentContext = Void

    /// - Throws: `InvalidArgument` for a word that is not of the type (the option's usage error,
    ///   64, names it); or the type's own `ExpenseError` (an unknown currency is data, 65).
    init(argument: String, in context: ArgumentContext) throws

    /// The placeholder of its value in usage lines (`<code>`).
    static var valueName: String { get }
    /// The only values accepted, when they are a closed set; nil otherwise.
    static var allowedValues: [String]? { get }
    /// What TAB offers for it, in the REPL, forms and the shells' completion scripts.
    static var completion: CompletionSource { get }
}

extension ExpressibleByArgument {
    public static var allowedValues: [String]? { nil }
    public static var completion: CompletionSource { allowedValues.map(CompletionSource.values) ?? .none }
}

extension ExpressibleByArgument where ArgumentContext == Void {
    public init(argument: String) throws { try self.init(argument: argument, in: ()) }
}

/// A closed set of words (`personal`, `company`): each case is its raw value.
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String, ArgumentContext == Void {
    public init(argument: String, in context: Void) throws {
        guard let value = Self(rawValue: argument) else { throw InvalidArgument.notAllowed(Self.allCases.map(\.rawValue)) }
        self = value
    }

    public static var allowedValues: [String]? { allCases.map(\.rawValue) }
}

/// Why a word is not a value of a type, in words that follow "invalid value 'x' for
/// '--name <v>'", which the option or argument that read it adds: the usage error, exit 64.
public enum InvalidArgument: Error, Equatable {
    /// `expected a positive number`
    case expected(String)
    /// Not one of a closed set.
    case notAllowed([String])

    /// The whole message for `word` given to `label` (`--paid-by <who>`, `<id>`), with the
    /// allowed values.
    public func message(_ word: String, label: String) -> String {
        let start = "invalid value '\(word)' for '\(label)': "
        switch self {
        case .expected(let what): return start + what
        case .notAllowed(let allowed): return start + "give one of \(CommandParser.list(allowed))"
        }
    }

    /// The usage error for `word` given to `label`, hinting the nearest allowed value.
    func usageError(_ word: String, label: String, path: [String]) -> UsageError {
        guard case .notAllowed(let allowed) = self else { return UsageError(message(word, label: label), path: path) }
        return UsageError(message(word, label: label), hint: UsageError.didYouMean(word, among: allowed), path: path)
    }
}

extension String: ExpressibleByArgument {
    public init(argument: String, in context: Void) { self = argument }
    public static var valueName: String { "text" }
}

/// On the command line a 64-bit integer is a record's id: a report, expense or receipt.
extension Int64: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws {
        guard let id = Int64(argument), id > 0 else { throw InvalidArgument.expected("expected a positive number") }
        self = id
    }

    public static var valueName: String { "id" }
}

/// A count or a rank: 0 or more.
extension Int: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws {
        guard let number = Int(argument), number >= 0 else { throw InvalidArgument.expected("expected a number") }
        self = number
    }

    public static var valueName: String { "n" }
}

extension CalendarDate: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try CalendarDate.parse(argument) }
    public static var valueName: String { "date" }
}
