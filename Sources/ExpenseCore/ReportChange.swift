/// What is being done to a report or to its items: the one list of changes that only a report
/// whose status allows them may take (see `Report.requireEditable`), each with the words that
/// refuse it.
public enum ReportChange: Sendable, Equatable {
    case addItems, changeItems, moveItems, deleteItems
    /// A statement import into the report.
    case importItems
    /// Receipts of one of its items, named in the refusal.
    case attachReceipts(expense: Int64)
    case detachReceipts(expense: Int64)
    /// Its cash advances.
    case recordAdvances, removeAdvances
    /// The report's own header fields.
    case edit
    /// Its trip's stops and the meals provided on its days.
    case changeTrip
    /// The cost centres it, or one of its items, is charged to: its route is computed from them.
    case chargeCostCentres
    case delete

    /// What cannot be done, for "report 3 is submitted; cannot add items".
    public var action: String {
        switch self {
        case .addItems: return "add items"
        case .changeItems: return "change its items"
        case .moveItems: return "move its items"
        case .deleteItems: return "delete its items"
        case .importItems: return "import into it"
        case .attachReceipts: return "attach receipts to it"
        case .detachReceipts: return "detach its receipts"
        case .recordAdvances: return "record advances"
        case .removeAdvances: return "remove its advances"
        case .edit: return "edit it"
        case .changeTrip: return "change its trip"
        case .chargeCostCentres: return "change its cost centres"
        case .delete: return "delete it"
        }
    }
}
