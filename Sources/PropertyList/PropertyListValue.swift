/// A value of a property list, as Info.plist files hold them: the eight plist types, with
/// dictionaries kept in file order so that output follows the author's order.
public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// A `<date>`, kept as its UTC ISO 8601 text (`2026-03-02T09:15:00Z`).
    case date(String)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary(PropertyListDictionary)

    /// The XML element name of the type, as error messages name it.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }

    /// The type name with its article, for messages: "an integer", "a string".
    public var typeDescription: String {
        switch self {
        case .integer, .array: return "an \(typeName)"
        case .data: return "data"
        default: return "a \(typeName)"
        }
    }

    /// The value as one command-line word, for scalars; nil for data, arrays and dictionaries.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .real(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .date(let text): return text
        case .data, .array, .dictionary: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }
}

/// A plist `<dict>`: string keys to values, in the order they were written; a key written twice
/// keeps its last value, as CoreFoundation does. Keys are found through a hash index, so that a
/// file with a million keys reads in linear time, not quadratic.
public struct PropertyListDictionary: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: PropertyListValue

        public init(key: String, value: PropertyListValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry] = []
    /// The position of each key in `entries`.
    private var positions: [String: Int] = [:]

    public init() {}

    public init(_ pairs: [(String, PropertyListValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var keys: [String] { entries.map(\.key) }

    public subscript(key: String) -> PropertyListValue? {
        get { positions[key].map { entries[$0].value } }
        set {
            if let index = positions[key] {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                    positions[key] = nil
                    for later in index..<entries.count { positions[entries[later].key] = later }
                }
            } else if let newValue {
                positions[key] = entries.count
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// The same entries in the same order; the index follows from them.
    public static func == (left: PropertyListDictionary, right: PropertyListDictionary) -> Bool {
        left.entries == right.entries
    }
}
