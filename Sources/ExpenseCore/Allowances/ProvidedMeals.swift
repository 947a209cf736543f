import ExpenseSupport

/// The meals of one trip day provided by the employer or at its instigation. Each takes a share
/// of that day's country's full-day rate off the day: breakfast 20 %, lunch and dinner 40 % each
/// (§ 9 Abs. 4a Satz 8 EStG).
public struct ProvidedMeals: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let breakfast = ProvidedMeals(rawValue: 1)
    public static let lunch = ProvidedMeals(rawValue: 2)
    public static let dinner = ProvidedMeals(rawValue: 4)
    public static let none: ProvidedMeals = []

    /// The meals and their words, in the order of a day.
    public static let named: [(meal: ProvidedMeals, name: String)] = [(.breakfast, "breakfast"), (.lunch, "lunch"), (.dinner, "dinner")]

    /// The percentage of the full-day rate these meals take off: 0 through 100.
    public var deductionPercent: Int {
        (contains(.breakfast) ? 20 : 0) + (contains(.lunch) ? 40 : 0) + (contains(.dinner) ? 40 : 0)
    }

    /// Reads "breakfast,dinner" (any order and case, spaces around the words ignored) or "none".
    public static func parse(_ text: String) throws(ExpenseError) -> ProvidedMeals {
        if text.trimmingSpaces.lowercased() == "none" { return .none }
        var meals: ProvidedMeals = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(word).trimmingSpaces.lowercased()
            guard let meal = named.first(where: { $0.name == name })?.meal else {
                let nearest = Suggestion.closest(to: name, among: named.map(\.name) + ["none"])
                throw ExpenseError(
                    .invalidData, "invalid meal '\(word)'",
                    hint: (nearest.map { "did you mean '\($0)'? " } ?? "") + "give breakfast, lunch, dinner separated by commas, or none")
            }
            meals.insert(meal)
        }
        return meals
    }

    /// "breakfast,dinner", or "none".
    public var description: String {
        let names = Self.named.filter { contains($0.meal) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}
