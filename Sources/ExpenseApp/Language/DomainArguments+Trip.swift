import ExpenseCore
import ExpenseStore
import ExpenseSupport

// A trip's values as words of the command line (issue 29): its first and last day with an
// optional time, the country it goes to (one the per-diem table knows, read against the store),
// and the meals provided on a day.

extension TripTime: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try TripTime.parse(argument) }
    public static var valueName: String { "date" }
}

/// A country the database's per-diem table has rates for: read against its store, its
/// did-you-mean from the countries it knows.
extension CountryCode: ExpressibleByArgument {
    public init(argument: String, in store: Store) throws { self = try store.allowanceCountry(argument) }
    public static var valueName: String { "code" }
    public static var completion: CompletionSource { .country }
}

/// A report's `--country`: any ISO 3166-1 country (one the per-diem table does not list takes
/// Luxembourg's rate, the BMF's rule), or `none` for a report that earns no per diems (one that
/// is no trip, or whose per diems are not paid). A code that is no country is refused with the
/// closest one the table knows.
public enum TripCountry: Sendable, Equatable {
    case country(CountryCode)
    case none

    /// The country, nil for `none`.
    public var code: CountryCode? {
        if case .country(let country) = self { return country }
        return nil
    }
}

extension TripCountry: ExpressibleByArgument {
    public init(argument: String, in store: Store) throws {
        if argument.trimmingSpaces.lowercased() == "none" {
            self = .none
        } else {
            let country = try CountryCode.parse(argument)
            self = .country(country.isCountry ? country : try CountryCode(argument: argument, in: store))
        }
    }

    public static var valueName: String { "code" }
    public static var completion: CompletionSource { .country }
}

extension ProvidedMeals: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try ProvidedMeals.parse(argument) }
    public static var valueName: String { "meals" }
    public static var completion: CompletionSource { .meals }
}

extension LocalDateTime: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try LocalDateTime.parse(argument) }
    public static var valueName: String { "time" }
}
