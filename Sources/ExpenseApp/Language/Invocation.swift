import ExpenseCore
import ExpenseSupport

/// A parsed command: which command, with which options and arguments.
public struct Invocation {
    public let spec: CommandSpec
    /// The values of options, by name: read them through their declarations (`self[option]`).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Values a form stored, by option or argument name, already of their declared types.
    private var stored: [String: any Sendable] = [:]
    public var arguments: [String] = []
    /// The format its result is printed in (a list's table shows a window of it, JSON all of it).
    public internal(set) var format: OutputFormat = .table

    init(spec: CommandSpec) { self.spec = spec }

    /// The value of one of the command's options, converted and checked by its declaration.
    public subscript<Value>(option: Option<Value>) -> Value {
        get throws {
            assertDeclared(option)
            return try option.read(self, option.spec)
        }
    }

    /// The value of an option whose type reads a word with a context: an amount with the
    /// currency the command chose.
    public subscript<V: ExpressibleByArgument>(option: Option<V?>, in context: V.ArgumentContext) -> V? {
        get throws {
            assertDeclared(option)
            return try value(of: option.spec, as: V.self, in: context)
        }
    }

    /// The value of a required option whose type reads a word with a context.
    public subscript<V: ExpressibleByArgument>(option: Option<V>, in context: V.ArgumentContext) -> V {
        get throws {
            assertDeclared(option)
            guard let value = try value(of: option.spec, as: V.self, in: context) else { throw Self.missing(option.spec, path: spec.path) }
            return value
        }
    }

    /// A positional argument, converted and checked by its declaration.
    public subscript<Value>(argument: Argument<Value>) -> Value {
        get throws {
            assert(
                spec.arguments.contains { $0.name == argument.spec.name },
                "'\(spec.name)' reads <\(argument.spec.name)> but does not declare it")
            return try argument.read(self, argument.spec)
        }
    }

    /// The value of an option as its type reads it: the one a form stored, else the word given
    /// (the last, for an option given more than once), else nil.
    func value<V: ExpressibleByArgument>(of option: OptionSpec, as type: V.Type, in context: V.ArgumentContext) throws -> V? {
        if let value = stored[option.name] as? V { return value }
        guard let word = values[option.name]?.last else { return nil }
        return try Self.read(word, as: V.self, in: context, label: option.synopsis, path: spec.path)
    }

    /// Every value of an option given more than once, in order.
    func values<V: ExpressibleByArgument>(of option: OptionSpec, as type: V.Type) throws -> [V] where V.ArgumentContext == Void {
        if let stored = stored[option.name] as? [V] { return stored }
        return try (values[option.name] ?? []).map { word in
            try Self.read(word, as: V.self, in: (), label: option.synopsis, path: spec.path)
        }
    }

    /// The value of a positional argument as its type reads it; nil when the line has none.
    func value<V: ExpressibleByArgument>(of argument: ArgumentSpec, as type: V.Type) throws -> V? where V.ArgumentContext == Void {
        if let value = stored[argument.name] as? V { return value }
        guard let position = spec.arguments.firstIndex(where: { $0.name == argument.name }), position < arguments.count else { return nil }
        return try Self.read(arguments[position], as: V.self, in: (), label: "<\(argument.name)>", path: spec.path)
    }

    /// `word` as a `V`; a word that is none is the usage error of the option or argument `label`.
    static func read<V: ExpressibleByArgument>(
        _ word: String, as type: V.Type, in context: V.ArgumentContext,
        label: String, path: [String]
    ) throws -> V {
        do {
            return try V(argument: word, in: context)
        } catch let invalid as InvalidArgument {
            throw invalid.usageError(word, label: label, path: path)
        }
    }

    /// Stores a value a form read, of the type its option or argument declares.
    mutating func store(_ value: any Sendable, forName name: String) { stored[name] = value }

    static func missing(_ option: OptionSpec, path: [String]) -> UsageError {
        let instead = option.waivedBy.isEmpty ? "" : " (or " + option.waivedBy.map { "'--\($0)'" }.joined(separator: " or ") + " instead)"
        return UsageError("missing argument '\(option.synopsis)'\(instead)", path: path)
    }

    /// Whether a flag was given; a flag cannot be malformed.
    public subscript(flag: Option<Bool>) -> Bool {
        assertDeclared(flag)
        return flags.contains(flag.spec.name)
    }

    /// A command reads only the options it lists: one it forgot would always read as not given.
    private func assertDeclared(_ option: some OptionDeclaration) {
        assert(spec.option(option.spec.name) != nil, "'\(spec.name)' reads --\(option.spec.name) but does not declare it")
    }

    /// Whether the line gave `option`, whatever its value.
    public func gave(_ option: some OptionDeclaration) -> Bool {
        values[option.spec.name] != nil || stored[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    /// Adds a word given for an option, as the parser reads it.
    mutating func add(_ value: String, forOptionNamed name: String) { values[name, default: []].append(value) }
    mutating func addFlag(_ name: String) { flags.insert(name) }
    /// Takes a flag off the line, as the entry does with `--repl`, which is its to act on.
    mutating func remove(_ flag: Option<Bool>) { flags.remove(flag.spec.name) }
    func hasValue(forOptionNamed name: String) -> Bool { values[name] != nil || stored[name] != nil }
    func value(forOptionNamed name: String) -> String? { values[name]?.last }

    /// The error for the first required option or argument the line did not give; nil when
    /// nothing is missing.
    public var missing: UsageError? {
        for option in spec.options
        where option.required && !hasValue(forOptionNamed: option.name) && !option.waivedBy.contains(where: hasValue(forOptionNamed:)) {
            return Self.missing(option, path: spec.path)
        }
        for (position, argument) in spec.arguments.enumerated()
        where !argument.optional && position >= arguments.count && stored[argument.name] == nil {
            return UsageError("missing argument '<\(argument.name)>'", path: spec.path)
        }
        return nil
    }
}

/// What a command line asks for.
public enum ParsedLine {
    case command(Invocation, globals: GlobalValues)
    case help(path: [String])
    case version
    /// No command at all: global options only, or a blank line.
    case empty(globals: GlobalValues)
}
