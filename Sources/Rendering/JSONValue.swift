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
        var out: [UInt8] = []
        write(to: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends to `out` as `serialized()` writes at the depth `indent`.
    public func write(to out: inout String, indent: Int) {
        var bytes: [UInt8] = []
        write(to: &bytes, indent: indent)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 to one buffer of bytes: listing 10,000 reports builds one array, not
    /// 10,000 nested strings, and a byte is appended without String's checks of its contents
    /// (appending to a String took two thirds of `report list --all --format json`).
    public func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendLineBreak(indent: indent + 1, to: &out)
                item.write(to: &out, indent: indent + 1)
            }
            Self.appendLineBreak(indent: indent, to: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendLineBreak(indent: indent + 1, to: &out)
                Self.appendQuoted(member.0, to: &out)
                out.append(contentsOf: ": ".utf8)
                member.1.write(to: &out, indent: indent + 1)
            }
            Self.appendLineBreak(indent: indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func appendLineBreak(indent level: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    public static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Most strings need no escaping: their bytes are appended in runs between the few that do
    /// (a quote, a backslash, a control character; all ASCII, so UTF-8 is never split).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[run..<index])
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: #"\u00"#.utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: bytes[run...])
        }
        out.append(UInt8(ascii: "\""))
    }
}
