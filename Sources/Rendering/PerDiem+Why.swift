import ExpenseCore
import ExpenseSupport

/// Why a day of the per-diem table has its amount, in words (issue 44): the rule that gave its
/// kind, the row of the table it took, what was paid for a provided meal, the night's lodging
/// flat and a day shared with another trip: the "why" of `report show`'s day table, of its JSON
/// and of the printable report.
extension PerDiem.Day {
    public var why: [String] {
        let day = self
        var words = [Self.rule(day)]
        switch day.basis {
        case .place: if let place = day.place { words.append("\(place) rate") }
        case .luxembourg: words.append("Luxembourg's rate (\(day.country.code) not listed)")
        case .country: break
        }
        if day.kind != .none {
            for (meal, name) in ProvidedMeals.named where day.meals.contains(meal) && day.paid.amount(for: meal) > 0 {
                let cut = Money(
                    minorUnits: Self.share(meal.deductionPercent, of: day.table.fullDay.minorUnits), currency: day.table.currency)
                let paid = Money(minorUnits: day.paid.amount(for: meal), currency: day.table.currency)
                words.append("\(name) cut \(cut.displayString) less \(paid.displayString) paid")
            }
        }
        if day.lodging.minorUnits > 0 { words.append("lodging flat \(day.lodging.displayString)") }
        if let share = day.share {
            words.append("two trips: day paid once, \(share.combined.displayString) (with report \(share.report))")
        }
        return words
    }

    /// The rule that made the day's kind; a day frozen before rules were recorded says its kind.
    private static func rule(_ day: PerDiem.Day) -> String {
        switch day.rule {
        case .departure: return "departure day"
        case .return: return "return day"
        case .between: return "full day"
        case .oneDay: return "one day, \(hours(day.absenceMinutes)) away"
        case .short: return "8 hours or less"
        case .overMidnight: return "over midnight, most hours"
        case .overMidnightOther: return "over midnight, other day"
        case nil:
            switch day.kind {
            case .full: return "full day"
            case .partial: return "partial day"
            case .none: return "no allowance"
            }
        }
    }

    /// `percent` % of `minor`, rounded half-even, as the meal's cut before what was paid.
    private static func share(_ percent: Int, of minor: Int64) -> Int64 {
        let hundredths = minor * Int64(percent)
        let (quotient, remainder) = hundredths.quotientAndRemainder(dividingBy: 100)
        return remainder > 50 || (remainder == 50 && quotient % 2 != 0) ? quotient + 1 : quotient
    }

    /// "9:30" for 570 minutes.
    private static func hours(_ minutes: Int?) -> String {
        let minutes = minutes ?? 0
        return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }
}
