import ExpenseCore
import ExpenseSupport

/// What a value on the command line can be completed from.
public enum CompletionSource: Sendable, Equatable {
    case none, reportID, expenseID, category, currency, file, shortcutType
    /// The countries of the per-diem table.
    case country
    /// Meals provided, a comma-separated choice of breakfast, lunch and dinner (or none).
    case meals
    case values([String])
}

/// An option: `--name <value>` or a flag `--name`.
public struct OptionSpec: Sendable {
    public let name: String
    public let short: Character?
    /// The placeholder of its value (`<amount>`); nil for a flag.
    public let valueName: String?
    public let help: String
    /// When set, the only values accepted.
    public let allowed: [String]?
    public let required: Bool
    public let repeats: Bool
    public let completion: CompletionSource
    /// Options that, given, make a required one unnecessary (`--distance` computes `--amount`).
    public var waivedBy: [String] = []

    public static func value(
        _ name: String, _ valueName: String, _ help: String, short: Character? = nil,
        allowed: [String]? = nil, required: Bool = false, repeats: Bool = false,
        completion: CompletionSource = .none
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, help: help, allowed: allowed, required: required,
            repeats: repeats, completion: allowed.map { .values($0) } ?? completion)
    }

    public static func flag(_ name: String, _ help: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: nil, help: help, allowed: nil, required: false,
            repeats: false, completion: .none)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--amount`: how the option is written on a command line.
    public var word: String { "--\(name)" }

    /// `--amount <amount>` or `--all`, as in usage lines and errors.
    public var synopsis: String { "--\(name)" + (valueName.map { " <\($0)>" } ?? "") }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let help: String
    public let optional: Bool
    public let variadic: Bool
    public let completion: CompletionSource
    /// Required, except inside a report opened in the REPL or a script, whose id it then is: the
    /// command checks (`Session.reportID`), and its usage shows it as required.
    public let defaultsToOpenReport: Bool

    public init(
        _ name: String, _ help: String, optional: Bool = false, variadic: Bool = false,
        completion: CompletionSource = .none, defaultsToOpenReport: Bool = false
    ) {
        self.name = name
        self.help = help
        self.optional = optional || defaultsToOpenReport
        self.variadic = variadic
        self.completion = completion
        self.defaultsToOpenReport = defaultsToOpenReport
    }

    /// A report's id, required but for the report opened in the REPL.
    public static let report = ArgumentSpec(
        "id",
        "The report; inside a report opened in the REPL ('open report ID'), "
            + "that one when none is given.", completion: .reportID, defaultsToOpenReport: true)

    public var synopsis: String {
        let core = "<\(name)>" + (variadic ? " ..." : "")
        return optional && !defaultsToOpenReport ? "[\(core)]" : core
    }
}

/// One command of the language: its words, its documentation and arguments, and what it does.
public struct CommandSpec: Sendable {
    public let path: [String]
    public let abstract: String
    public let discussion: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let examples: [String]
    /// Left out of help and completion: plumbing such as `__complete`.
    public let hidden: Bool
    /// Checks the line before anything is asked or run: options that go together or exclude
    /// each other. What needs the database is checked by `run`.
    public let validate: (@Sendable (Invocation) throws -> Void)?
    public let run: @Sendable (Invocation, Session) throws -> Output
    /// Takes the options it does not know, after its required arguments, as words of its last,
    /// variadic argument, in order: `shortcut TYPE --amount 3` passes `--amount 3` on to the
    /// command the action runs (as swift-argument-parser's `.allUnrecognized`).
    public var passesOnUnknownOptions = false
    /// A command that stands for another command line (`shortcut TYPE`, a quick action): the
    /// runner resolves it, once, and runs what it comes to in its place, never nested inside it.
    public var standsFor: (@Sendable (Invocation, Session, CommandParser) throws -> Forward)?
    /// What it asks on a terminal when a required value is missing (Forms/); nil: it never asks.
    public var form: (@Sendable (Invocation, Session) throws -> Form)?

    public init(
        _ path: [String], abstract: String, discussion: String = "", arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [], examples: [String] = [], hidden: Bool = false,
        form: (@Sendable (Invocation, Session) throws -> Form)? = nil,
        validate: (@Sendable (Invocation) throws -> Void)? = nil,
        run: @escaping @Sendable (Invocation, Session) throws -> Output
    ) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.examples = examples
        self.hidden = hidden
        self.form = form
        self.validate = validate
        self.run = run
    }

    public var name: String { path.joined(separator: " ") }

    public func option(_ name: String) -> OptionSpec? {
        (options + GlobalOptions.specs).first { $0.name == name }
    }
}

/// What a command that stands for another comes to (`CommandSpec.standsFor`).
public enum Forward {
    /// A result of its own: help, or the receipt of a launch queued for later.
    case output(Output)
    /// The command to run in its place, with the global options of its line, from the root of
    /// the session; `landing` says where the session is left once it ran, given its output.
    case command(Invocation, globals: GlobalValues, landing: @Sendable (Output) -> Int64?)
}

/// A word that groups commands (`report`, `expense`) and the subcommand it runs when given alone;
/// a group within a group is named by its words (`allowance rates`).
public struct CommandGroup: Sendable {
    public let name: String
    public let abstract: String
    public let defaultSubcommand: String?
}
