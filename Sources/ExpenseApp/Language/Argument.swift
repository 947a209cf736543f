/// What a command's spec lists as a positional argument, whatever the type of its value.
public protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

extension ArgumentSpec: ArgumentDeclaration {
    public var spec: ArgumentSpec { self }
}

extension ArgumentDeclaration where Self == ArgumentSpec {
    /// A report's id, required but for the report opened in the REPL (`ArgumentSpec.report`).
    public static var report: ArgumentSpec { ArgumentSpec.report }
}

/// A positional argument declared once with the type of its value, as `Option` is: the command
/// lists it and reads it through it (`try invocation[Arguments.expense]` is an `Int64`).
public struct Argument<Value>: ArgumentDeclaration {
    public let spec: ArgumentSpec
    let read: @Sendable (Invocation, ArgumentSpec) throws -> Value
}

extension Argument where Value: ExpressibleByArgument, Value.ArgumentContext == Void {
    /// A required argument: read as a value, since the runner refuses a line without it (or a
    /// form asks for it).
    public static func value(_ name: String, _ help: String, completion: CompletionSource? = nil) -> Self {
        Argument(spec: ArgumentSpec(name, help, completion: completion ?? Value.completion)) { invocation, spec in
            guard let value = try invocation.value(of: spec, as: Value.self) else {
                throw UsageError("missing argument '<\(spec.name)>'", path: invocation.spec.path)
            }
            return value
        }
    }
}

extension Argument where Value == [String] {
    /// The words from its place on, options a command passes on included
    /// (`CommandSpec.passesOnUnknownOptions`): its last, variadic argument.
    public static func remaining(_ name: String, _ help: String) -> Self {
        Argument(spec: ArgumentSpec(name, help, optional: true, variadic: true)) { invocation, spec in
            guard let position = invocation.spec.arguments.firstIndex(where: { $0.name == spec.name }),
                position < invocation.arguments.count
            else { return [] }
            return Array(invocation.arguments[position...])
        }
    }
}

extension Argument {
    /// An argument that may be left out; nil then.
    public static func optional<V: ExpressibleByArgument>(_ name: String, _ help: String, completion: CompletionSource? = nil) -> Self
    where Value == V?, V.ArgumentContext == Void {
        Argument(spec: ArgumentSpec(name, help, optional: true, completion: completion ?? V.completion)) { invocation, spec in
            try invocation.value(of: spec, as: V.self)
        }
    }
}
