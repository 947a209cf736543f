/// Every aggregate's writes for the engine a store opened: a file's SQL, or the team server's
/// functions. `Store` picks the set once (`writes`); the aggregates' code calls through it and
/// never asks which engine it is on.
struct Writes {
    let reports: any ReportWrites
    let expenses: any ExpenseWrites
    let imports: any ImportWrites
    let receipts: any ReceiptWrites
    let quickActions: any QuickActionWrites
    let rates: any RateWrites
    let workflow: any WorkflowWrites
    let payments: any PaymentWrites
    let booking: any BookingWrites
    let organisation: any OrganisationWrites

    /// A file's writes: the SQL and the audit log's entries, written by the store itself.
    static func file(_ store: Store) -> Writes {
        Writes(
            reports: FileReportWrites(store: store),
            expenses: FileExpenseWrites(store: store),
            imports: FileImportWrites(store: store),
            receipts: FileReceiptWrites(store: store),
            quickActions: FileQuickActionWrites(store: store),
            rates: FileRateWrites(store: store),
            workflow: FileWorkflowWrites(store: store),
            payments: FilePaymentWrites(store: store),
            booking: FileBookingWrites(store: store),
            organisation: FileOrganisationWrites(store: store))
    }

    /// A team database's writes: each through its declared server function; the quick actions'
    /// also listen on `connection` for launches.
    static func server(_ store: Store, connection: PostgresDatabase) -> Writes {
        Writes(
            reports: ServerReportWrites(store: store),
            expenses: ServerExpenseWrites(store: store),
            imports: ServerImportWrites(store: store),
            receipts: ServerReceiptWrites(store: store),
            quickActions: ServerQuickActionWrites(store: store, connection: connection),
            rates: ServerRateWrites(store: store),
            workflow: ServerWorkflowWrites(store: store),
            payments: ServerPaymentWrites(store: store),
            booking: ServerBookingWrites(store: store),
            organisation: ServerOrganisationWrites(store: store))
    }
}
