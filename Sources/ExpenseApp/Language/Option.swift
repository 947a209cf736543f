import ExpenseCore
import ExpenseSupport

/// What a command's spec lists: an option's description, whatever the type of its value.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// An option declared once, with the type of its value. A command lists the declaration in its
/// spec and reads the value through the same declaration (`try invocation[Self.from]`), so a
/// misspelt option does not compile, and a value is converted and checked in one place.
public struct Option<Value>: OptionDeclaration {
    public let spec: OptionSpec
    let read: @Sendable (Invocation, OptionSpec) throws -> Value

    /// The same option described for another command (`--report` is "the report to add to" in
    /// one and "only this report's items" in another); it reads the same.
    public func described(_ help: String) -> Self { changed(help: help) }

    /// The same option, required by a command that cannot do without it (`expense add --amount`).
    public func required() -> Self { changed(required: true) }

    private func changed(help: String? = nil, required: Bool? = nil) -> Self {
        Option(spec: OptionSpec(name: spec.name, short: spec.short, valueName: spec.valueName, help: help ?? spec.help,
                                allowed: spec.allowed, required: required ?? spec.required, repeats: spec.repeats,
                                completion: spec.completion), read: read)
    }
}

extension Option where Value == Bool {
    public static func flag(_ name: String, _ help: String, short: Character? = nil) -> Self {
        Option(spec: .flag(name, help, short: short)) { invocation, spec in invocation.flags.contains(spec.name) }
    }
}

extension Option where Value == String? {
    public static func text(_ name: String, _ valueName: String, _ help: String, short: Character? = nil,
                            allowed: [String]? = nil, required: Bool = false, completion: CompletionSource = .none) -> Self {
        Option(spec: .value(name, valueName, help, short: short, allowed: allowed, required: required, completion: completion)) {
            invocation, spec in invocation.values[spec.name]?.last
        }
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once; its values in the order given.
    public static func texts(_ name: String, _ valueName: String, _ help: String) -> Self {
        Option(spec: .value(name, valueName, help, repeats: true)) { invocation, spec in invocation.values[spec.name] ?? [] }
    }
}

extension Option where Value == CalendarDate? {
    public static func date(_ name: String, _ help: String) -> Self {
        Option(spec: .value(name, "date", help)) { invocation, spec in
            try invocation.values[spec.name]?.last.map { text throws(ExpenseError) in try CalendarDate.parse(text) }
        }
    }
}

extension Option where Value == Int64? {
    /// A report, expense or receipt id: a positive number.
    public static func id(_ name: String, _ help: String, required: Bool = false, completion: CompletionSource = .none) -> Self {
        Option(spec: .value(name, "id", help, required: required, completion: completion)) { invocation, spec in
            try invocation.values[spec.name]?.last.map { text in try Invocation.id(text, label: spec.synopsis, path: invocation.spec.path) }
        }
    }
}

extension Option where Value == Int? {
    /// A count or a rank: a number, 0 or more.
    public static func number(_ name: String, _ valueName: String, _ help: String) -> Self {
        Option(spec: .value(name, valueName, help)) { invocation, spec in
            guard let text = invocation.values[spec.name]?.last else { return nil }
            guard let number = Int(text), number >= 0 else {
                throw UsageError("The value '\(text)' is invalid for '\(spec.synopsis)': expected a number", path: invocation.spec.path)
            }
            return number
        }
    }
}
