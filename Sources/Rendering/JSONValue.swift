import ExpenseCore
import ExpenseSupport

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
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    /// Appends to one buffer: listing 10,000 reports builds one string, not 10,000 nested ones.
    public func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                Self.appendIndent(indent + 1, to: &out)
                item.write(to: &out, indent: indent + 1)
            }
            out += "\n"
            Self.appendIndent(indent, to: &out)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                Self.appendIndent(indent + 1, to: &out)
                Self.appendQuoted(member.0, to: &out)
                out += ": "
                member.1.write(to: &out, indent: indent + 1)
            }
            out += "\n"
            Self.appendIndent(indent, to: &out)
            out += "}"
        }
    }

    private static func appendIndent(_ level: Int, to out: inout String) {
        for _ in 0..<level { out += "  " }
    }

    public static func quote(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// Most strings need no escaping: append them whole; escape scalar by scalar only when needed.
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
            out += "\""
            return
        }
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
        out += "\""
    }
}
