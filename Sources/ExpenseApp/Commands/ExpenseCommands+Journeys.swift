import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What `expense add` and `expense edit` take beside an amount: a mileage item's journey, whose
/// amount is computed from the rate per km (`allowance mileage`), and a lodging bill's nights.
extension ExpenseCommands {
    static let mileageCategory = Journey.category
    static let lodgingCategory = Category.lodging

    /// The options that describe a journey; any of them makes the item a mileage one.
    static var journeyOptions: [any OptionDeclaration] { [Options.distance, Options.vehicle, Options.fromPlace, Options.toPlace] }

    /// Refuses what cannot go together before anything is read: an amount and a distance.
    static func validateJourney(_ invocation: Invocation) throws {
        if invocation.gave(Options.distance) && invocation.gave(Options.amount) {
            throw ExpenseError(.usage, .amountIsComputed, "--amount cannot be given with --distance: a mileage item's amount is computed")
        }
        if invocation.gave(Options.distance) && invocation.gave(Options.currency) {
            throw ExpenseError(
                .usage, "--currency cannot be given with --distance: a mileage item is in its rate's currency",
                hint: "it is converted into the report's currency as usual")
        }
    }

    /// The journey of an item of `category` after this line: the one given (over `previous`'s
    /// fields), nil for any other category. Refuses a journey for another category and a mileage
    /// item without a distance, but for one added before journeys were kept (`legacy`), which
    /// keeps its typed amount while its amount, day and currency stay as they are.
    static func journey(_ invocation: Invocation, category: String, previous: Journey?, legacy: Bool = false) throws -> Journey? {
        let gaveJourney = journeyOptions.contains { invocation.gave($0) }
        guard category == mileageCategory else {
            if gaveJourney {
                throw ExpenseError(
                    .usage, "--distance, --vehicle and the places are for mileage items, not \(category)",
                    hint: "give --category mileage, or leave them out")
            }
            return nil
        }
        if legacy, previous == nil, !gaveJourney,
            !invocation.gave(Options.date), !invocation.gave(Options.amount), !invocation.gave(Options.currency)
        {
            return nil
        }
        if invocation.gave(Options.amount) {
            throw ExpenseError(.usage, .amountIsComputed, "--amount cannot be given for a mileage item: its amount is computed")
        }
        if invocation.gave(Options.currency) {
            throw ExpenseError(
                .usage, "--currency cannot be given for a mileage item: it is in its rate's currency",
                hint: "it is converted into the report's currency as usual")
        }
        guard let distance = try invocation[Options.distance] ?? previous?.distance else {
            throw ExpenseError(
                .usage, "a mileage item needs --distance (km)", hint: "e.g. --distance 123.4 --vehicle car; its amount is computed")
        }
        return Journey(
            distance: distance, vehicle: try invocation[Options.vehicle] ?? previous?.vehicle ?? .car,
            from: try invocation[Options.fromPlace] ?? previous?.from, to: try invocation[Options.toPlace] ?? previous?.to)
    }

    /// The nights of an item of `category` after this line; nil for anything but lodging.
    static func nights(_ invocation: Invocation, category: String, previous: Int?) throws -> Int? {
        guard category == lodgingCategory else {
            if invocation.gave(Options.nights) {
                throw ExpenseError(.usage, "--nights is for lodging items, not \(category)", hint: "leave --nights out")
            }
            return nil
        }
        return try invocation[Options.nights] ?? previous
    }
}
