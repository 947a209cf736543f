import ExpenseCore
import ExpenseSupport

/// A parsed command: which command, with which options and arguments.
public struct Invocation {
    public let spec: CommandSpec
    /// The values of options, by name: read them through their declarations (`self[option]`).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
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
        values[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    /// Sets an option's value, as a form does with an answer.
    mutating func set(_ value: String, forOptionNamed name: String) { values[name] = [value] }
    mutating func add(_ value: String, forOptionNamed name: String) { values[name, default: []].append(value) }
    mutating func addFlag(_ name: String) { flags.insert(name) }
    func hasValue(forOptionNamed name: String) -> Bool { values[name] != nil }
    func value(forOptionNamed name: String) -> String? { values[name]?.last }

    /// The error for the first required option or argument the line did not give; nil when
    /// nothing is missing.
    public var missing: UsageError? {
        for option in spec.options where option.required && values[option.name] == nil {
            return UsageError("Missing expected argument '\(option.synopsis)'", path: spec.path)
        }
        for (position, argument) in spec.arguments.enumerated() where !argument.optional && position >= arguments.count {
            return UsageError("Missing expected argument '<\(argument.name)>'", path: spec.path)
        }
        return nil
    }

    /// The id given as positional argument `position`, checked to be a positive number; nil when
    /// the line has no such argument.
    public func id(argument position: Int) throws(UsageError) -> Int64? {
        guard position < arguments.count else { return nil }
        let label = "<\(spec.arguments[min(position, spec.arguments.count - 1)].name)>"
        return try Self.id(arguments[position], label: label, path: spec.path)
    }

    static func id(_ text: String, label: String, path: [String]) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("The value '\(text)' is invalid for '\(label)': expected a positive number", path: path)
        }
        return id
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
