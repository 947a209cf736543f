import ExpenseCore
import ExpenseSupport

/// The writes of people's managers, cost centres and what reports and items are charged to
/// (issue 43), as each engine makes them: a file's SQL (`FileOrganisationWrites`) or the team
/// server's declared functions (`ServerOrganisationWrites`), which check again who may.
protocol OrganisationWrites {
    /// Sets `person`'s manager (nil: none). The store has refused a circle of managers.
    func setPerson(_ person: UserName, manager: UserName?, by actor: UserName) throws

    /// Adds cost centre `centre`, or changes its name and owner.
    func saveCostCentre(_ centre: CostCentre, by actor: UserName) throws

    /// Charges report `report` to `split` (nil: to none). The store has checked that it may.
    func chargeReport(_ report: Int64, to split: CostCentreSplit?) throws

    /// Charges item `expense` to `split` where it differs from its report (nil: as its report).
    func chargeExpense(_ expense: Int64, to split: CostCentreSplit?) throws
}
