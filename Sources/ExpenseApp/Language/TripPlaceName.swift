import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// A trip's `--place` (issue 44): the per-diem table's own name of a place it names (Tokyo is
/// Tokio, Geneva is Genf), or, for one it does not, the words as given with a warning and a
/// did-you-mean: that place takes its country's rate. `none` is no place.
enum TripPlaceName {
    static func resolve(_ text: String, in country: CountryCode?, store: Store) throws -> String? {
        let name = text.trimmingSpaces
        if name.isEmpty || name.lowercased() == "none" { return nil }
        guard let country else {
            throw ExpenseError(.usage, "--place '\(name)' needs the trip's country", hint: "give --country CODE with it")
        }
        try Report.requirePlaceName(name)
        let places = try store.allowanceRates().places(of: country)
        if let canonical = AllowancePlaces.canonical(name, in: country, places: places) { return canonical }
        let nearest = Suggestion.closest(to: name, among: places)
        Console.error(
            "expenses: warning: the per-diem table names no place '\(TerminalText.visible(name))' in \(country): "
                + "the trip takes \(country)'s rate there" + (nearest.map { "; did you mean '\($0)'?" } ?? "") + "\n")
        return name
    }
}
