import ExpenseCore
import ExpenseSupport

/// A statement and the values bound to it, written as one string: every value interpolated
/// into it is bound as a parameter (`?`), never spliced into the text, and an interpolated `SQL`
/// (a column list, a dialect's fragment) is spliced with its own bound values, in order. In the
/// manner of GRDB's `SQLInterpolation`: the arity and order of the values cannot drift from the
/// placeholders, because each value stands where its placeholder is.
///
///     try db.query("SELECT \(Self.columns) FROM report_advances WHERE report_id = \(id)") { ... }
///
/// A string that is not a literal does not become SQL by accident: text the store composes at
/// run time from its own names (a table's columns read from the schema, a migration's
/// statements) says so, `SQL(verbatim:)`.
public struct SQL: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The statement, with a `?` for each bound value.
    public private(set) var text: String
    /// The values bound to the statement's `?`s, in order.
    public private(set) var arguments: [DatabaseValue]

    /// SQL composed at run time from the store's own parts, with its values for its `?`s.
    public init(verbatim text: String, arguments: [DatabaseValue] = []) {
        self.text = text
        self.arguments = arguments
    }

    public init(stringLiteral value: String) { self.init(verbatim: value) }

    public init(stringInterpolation: StringInterpolation) {
        self.init(verbatim: stringInterpolation.text, arguments: stringInterpolation.arguments)
    }

    public var description: String { text }

    /// `self` followed by `other`, each keeping its values.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        SQL(verbatim: lhs.text + rhs.text, arguments: lhs.arguments + rhs.arguments)
    }

    /// The parts joined by `separator` (`", "`, `" AND "`), each keeping its values.
    public static func joined(_ parts: some Sequence<SQL>, separator: String) -> SQL {
        var result = SQL(verbatim: "")
        for (offset, part) in parts.enumerated() {
            result = offset == 0 ? part : result + SQL(verbatim: separator) + part
        }
        return result
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var arguments: [DatabaseValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Binds `value`: a `?` in the text, the value among the arguments.
        public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            text += "?"
            arguments.append(value.databaseValue)
        }

        /// Binds `value`, or NULL.
        public mutating func appendInterpolation(_ value: (some DatabaseValueConvertible)?) {
            text += "?"
            arguments.append(value?.databaseValue ?? .null)
        }

        /// Splices a fragment of SQL (a column list, a dialect's expression) with its values.
        public mutating func appendInterpolation(_ fragment: SQL) {
            text += fragment.text
            arguments += fragment.arguments
        }

        /// Binds each of `values`, separated by commas: for `IN (...)`.
        public mutating func appendInterpolation(list values: some Sequence<some DatabaseValueConvertible>) {
            var first = true
            for value in values {
                text += first ? "?" : ", ?"
                arguments.append(value.databaseValue)
                first = false
            }
        }
    }
}

/// A value that binds to a statement's parameter as one of the storage classes.
public protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
}

extension Substring: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(String(self)) }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
}

/// Stored as 0 or 1, as both engines' integer columns hold flags.
extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

/// Bytes, a blob.
extension Array: DatabaseValueConvertible where Element == UInt8 {
    public var databaseValue: DatabaseValue { .blob(self) }
}

/// A day as the store writes it, `YYYY-MM-DD`.
extension CalendarDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(description) }
}

/// A currency by its ISO 4217 code.
extension Currency: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(code) }
}

/// A user name as it is stored (normalised).
extension UserName: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(value) }
}

/// A rate by its exact decimal text.
extension ExchangeRate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(description) }
}
