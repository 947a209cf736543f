import ExpenseSupport

/// What the traveller paid for provided meals of one day (a Zuzahlung, § 9 Abs. 4a Satz 10
/// EStG), in minor units of that day's rate currency: it lowers that meal's cut, never below
/// zero. An amount for a meal that was not provided counts for nothing.
public struct MealsPaid: Hashable, Sendable {
    public var breakfast: Int64 = 0
    public var lunch: Int64 = 0
    public var dinner: Int64 = 0

    public init(breakfast: Int64 = 0, lunch: Int64 = 0, dinner: Int64 = 0) {
        self.breakfast = breakfast
        self.lunch = lunch
        self.dinner = dinner
    }

    /// Whether nothing was paid for any meal.
    public var isEmpty: Bool { breakfast == 0 && lunch == 0 && dinner == 0 }

    /// What was paid for `meal` (one of `.breakfast`, `.lunch`, `.dinner`).
    public func amount(for meal: ProvidedMeals) -> Int64 {
        switch meal {
        case .breakfast: breakfast
        case .lunch: lunch
        case .dinner: dinner
        default: 0
        }
    }

    /// Per meal, the larger of what `self` and `other` record.
    func highest(with other: MealsPaid) -> MealsPaid {
        MealsPaid(breakfast: max(breakfast, other.breakfast), lunch: max(lunch, other.lunch), dinner: max(dinner, other.dinner))
    }

    /// Reads "lunch=5.00,dinner=3" (meals in any order and case, amounts in `currency`) or "none".
    public static func parse(_ text: String, currency: Currency) throws(ExpenseError) -> MealsPaid {
        if text.trimmingSpaces.lowercased() == "none" { return MealsPaid() }
        var paid = MealsPaid()
        var seen: ProvidedMeals = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingSpaces.lowercased()
            guard let meal = ProvidedMeals.named.first(where: { $0.name == name })?.meal else {
                let nearest = Suggestion.closest(to: name, among: ProvidedMeals.named.map(\.name) + ["none"])
                throw ExpenseError(
                    .invalidData, "invalid meal '\(pair[0])' in '\(text)'",
                    hint: (nearest.map { "did you mean '\($0)'? " } ?? "") + Self.form)
            }
            guard pair.count == 2 else {
                throw ExpenseError(.invalidData, "no amount for \(name) in '\(text)'", hint: Self.form)
            }
            guard !seen.contains(meal) else {
                throw ExpenseError(.invalidData, "\(name) is given twice in '\(text)'", hint: Self.form)
            }
            seen.insert(meal)
            let amount = try Money.parse(String(pair[1]), currency: currency)
            guard amount.minorUnits >= 0 else {
                throw ExpenseError(.invalidData, "what was paid for \(name) is negative: \(amount)", hint: Self.form)
            }
            switch meal {
            case .breakfast: paid.breakfast = amount.minorUnits
            case .lunch: paid.lunch = amount.minorUnits
            default: paid.dinner = amount.minorUnits
            }
        }
        return paid
    }

    private static let form = "give MEAL=AMOUNT separated by commas, e.g. lunch=5.00,dinner=3, or none"
}
