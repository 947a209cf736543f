import ExpenseSupport

/// A country as its ISO 3166-1 alpha-2 code ("DE", "FR"): two ASCII letters, kept upper case.
/// Only the shape is checked; whether the allowance table knows the country is the table's answer.
public struct CountryCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String

    /// Reads "de", " FR ": two ASCII letters, spaces around them ignored.
    public static func parse(_ text: String) throws(ExpenseError) -> CountryCode {
        let letters = text.trimmingSpaces.uppercased()
        guard letters.utf8.count == 2, letters.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw ExpenseError(
                .invalidData, "invalid country '\(text)'", hint: "write the ISO 3166-1 alpha-2 code, e.g. DE, FR, US")
        }
        return CountryCode(checked: letters)
    }

    private init(checked: String) { code = checked }

    /// Germany, the shipped home country.
    public static let germany = CountryCode(checked: "DE")

    public var description: String { code }

    public static func < (lhs: CountryCode, rhs: CountryCode) -> Bool { lhs.code < rhs.code }
}
