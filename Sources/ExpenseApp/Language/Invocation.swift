import ExpenseCore
import ExpenseSupport

/// A parsed command: which command, with which options and arguments.
public struct Invocation {
    public let spec: CommandSpec
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var arguments: [String] = []

    public func value(_ name: String) -> String? { values[name]?.last }

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
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// An id given as option `name` (or positional argument `position`), checked to be a number.
    public func id(_ name: String, argument position: Int? = nil) throws -> Int64? {
        let text: String?
        let label: String
        if let position, position < arguments.count {
            text = arguments[position]
            label = "<\(spec.arguments[min(position, spec.arguments.count - 1)].name)>"
        } else {
            text = value(name)
            label = spec.option(name)?.synopsis ?? "--\(name)"
        }
        guard let text else { return nil }
        guard let id = Int64(text), id > 0 else {
            throw UsageError("The value '\(text)' is invalid for '\(label)': expected a positive number", path: spec.path)
        }
        return id
    }

    public func date(_ name: String) throws -> CalendarDate? {
        try value(name).map { text throws(ExpenseError) in try CalendarDate.parse(text) }
    }

    public func int(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= 0 else {
            throw UsageError("The value '\(text)' is invalid for '--\(name) <\(spec.option(name)?.valueName ?? "n")>': expected a number",
                             path: spec.path)
        }
        return number
    }
}

/// What a command line asks for.
public enum ParsedLine {
    case command(Invocation, globals: [String: String])
    case help(path: [String])
    case version
    /// No command at all: global options only, or a blank line.
    case empty(globals: [String: String])
}
