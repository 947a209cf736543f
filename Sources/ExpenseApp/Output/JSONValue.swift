import ExpenseCore

/// A JSON document with its keys in the order they were written, so output is stable and reads
/// in a sensible order (id first).
public indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Money per DESIGN.md: `{"amount": "12.34", "currency": "EUR"}`, the amount a decimal string.
    public static func money(_ money: Money?) -> JSONValue {
        guard let money else { return .null }
        return .object([("amount", .string(money.decimalString)), ("currency", .string(money.currency.code))])
    }

    public static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
    public static func date(_ date: CalendarDate?) -> JSONValue { date.map { .string($0.description) } ?? .null }

    /// Pretty-printed with two-space indents, one document per command.
    public func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { pad + Self.quote($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(close)}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
