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

    /// The same option, required by a command that cannot do without it (`expense add --amount`):
    /// read as a value, never nil, since the runner asks for it or refuses the line when missing.
    public func required<Wrapped>() -> Option<Wrapped> where Value == Wrapped? {
        let read = self.read
        return Option<Wrapped>(spec: changed(required: true).spec) { invocation, spec in
            guard let value = try read(invocation, spec) else { throw Invocation.missing(spec, path: invocation.spec.path) }
            return value
        }
    }

    /// The same option, required unless `other` is given, which stands in for it (`--distance`
    /// for `--amount`): read as an optional value.
    public func required<Other>(unless other: Option<Other>) -> Self {
        var spec = changed(required: true).spec
        spec.waivedBy.append(other.spec.name)
        return Option(spec: spec, read: read)
    }

    private func changed(help: String? = nil, required: Bool? = nil) -> Self {
        Option(
            spec: OptionSpec(
                name: spec.name, short: spec.short, valueName: spec.valueName, help: help ?? spec.help,
                allowed: spec.allowed, required: required ?? spec.required, repeats: spec.repeats,
                completion: spec.completion, waivedBy: spec.waivedBy), read: read)
    }
}

extension Option {
    /// An option whose value is a `V`, which reads itself (`ExpressibleByArgument`): its usage
    /// placeholder, allowed values and completion are the type's unless given.
    public static func value<V: ExpressibleByArgument>(
        _ name: String, _ help: String, valueName: String? = nil, short: Character? = nil,
        completion: CompletionSource? = nil
    ) -> Self
    where Value == V?, V.ArgumentContext == Void {
        Option(spec: .typed(V.self, name, help, valueName: valueName, short: short, completion: completion)) { invocation, spec in
            try invocation.value(of: spec, as: V.self, in: ())
        }
    }

    /// An option whose type needs a context to read a word (an amount, the currency the command
    /// chose): read it with `invocation[option, in: context]`.
    public static func value<V: ExpressibleByArgument>(
        _ name: String, _ help: String, valueName: String? = nil, short: Character? = nil,
        completion: CompletionSource? = nil
    ) -> Self where Value == V? {
        Option(spec: .typed(V.self, name, help, valueName: valueName, short: short, completion: completion)) { _, spec in
            fatalError("--\(spec.name) is read with its context: invocation[option, in: ...]")
        }
    }
}

extension OptionSpec {
    static func typed<V: ExpressibleByArgument>(
        _ type: V.Type, _ name: String, _ help: String, valueName: String?, short: Character?,
        completion: CompletionSource?
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName ?? V.valueName, help: help, allowed: V.allowedValues, required: false,
            repeats: false, completion: completion ?? V.completion)
    }
}

extension Option where Value == Bool {
    public static func flag(_ name: String, _ help: String, short: Character? = nil) -> Self {
        Option(spec: .flag(name, help, short: short)) { invocation, spec in invocation.flags.contains(spec.name) }
    }
}

extension Option where Value == String? {
    /// Free text: a name, a title, a path (`.required()` when a command needs it).
    public static func text(
        _ name: String, _ valueName: String, _ help: String, short: Character? = nil,
        completion: CompletionSource = .none
    ) -> Self {
        Option(spec: .value(name, valueName, help, short: short, completion: completion)) {
            invocation, spec in try invocation.value(of: spec, as: String.self, in: ())
        }
    }
}

extension Option {
    /// An option that may be given more than once; its values in the order given.
    public static func values<V: ExpressibleByArgument>(_ name: String, _ help: String) -> Self
    where Value == [V], V.ArgumentContext == Void {
        let one = OptionSpec.typed(V.self, name, help, valueName: nil, short: nil, completion: nil)
        let spec = OptionSpec(
            name: name, short: nil, valueName: one.valueName, help: help, allowed: one.allowed, required: false,
            repeats: true, completion: one.completion)
        return Option(spec: spec) { invocation, spec in try invocation.values(of: spec, as: V.self) }
    }
}

extension Option where Value == CalendarDate? {
    public static func date(_ name: String, _ help: String) -> Self { .value(name, help) }
}

extension Option where Value == Int64? {
    /// A report, expense or receipt id: a positive number.
    public static func id(_ name: String, _ help: String, completion: CompletionSource = .none) -> Self {
        .value(name, help, completion: completion)
    }
}

extension Option where Value == Int? {
    /// A count or a rank: a number, 0 or more.
    public static func number(_ name: String, _ valueName: String, _ help: String) -> Self { .value(name, help, valueName: valueName) }
}
