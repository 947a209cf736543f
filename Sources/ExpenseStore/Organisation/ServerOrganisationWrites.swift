import ExpenseCore
import ExpenseSupport

/// People, cost centres and charges on a team database: each a call of the server's declared
/// function (`ServerWrites`), which checks who may (finance or the administrator for people and
/// cost centres, the owner on her own draft for charges) and the rules again.
struct ServerOrganisationWrites: OrganisationWrites {
    unowned let store: Store

    func setPerson(_ person: UserName, manager: UserName?, by actor: UserName) throws {
        try ServerWrites.personSet.call(on: store.db, person.value, manager?.value)
    }

    func saveCostCentre(_ centre: CostCentre, by actor: UserName) throws {
        try ServerWrites.costCentreSave.call(on: store.db, centre.code, centre.name, centre.owner)
    }

    func chargeReport(_ report: Int64, to split: CostCentreSplit?) throws {
        try ServerWrites.reportCostCentresSet.call(on: store.db, report, split?.storedText ?? "")
    }

    func chargeExpense(_ expense: Int64, to split: CostCentreSplit?) throws {
        try ServerWrites.expenseCostCentresSet.call(on: store.db, expense, split?.storedText ?? "")
    }
}
