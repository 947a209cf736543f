import ExpenseCore
import ExpenseSupport

/// `--cost-centre`: what a report or an item is charged to, or `none`.
enum CostCentreCharge: ExpressibleByArgument, Equatable {
    /// Charged to no cost centre (an item: as its report).
    case none
    case split(CostCentreSplit)

    init(argument: String, in context: Void) throws {
        self = argument.trimmingSpaces.lowercased() == "none" ? .none : .split(try CostCentreSplit.parse(argument))
    }

    static var valueName: String { "spec" }

    /// The split to store; nil for none.
    var split: CostCentreSplit? {
        if case .split(let split) = self { return split }
        return nil
    }
}
