import ExpenseCore
import ExpenseSupport

/// The writes of payees, the company's account and payment runs, as each engine makes them: a
/// file's SQL (`FilePaymentWrites`) or the team server's declared functions
/// (`ServerPaymentWrites`), which check again who may and log a changed IBAN themselves.
protocol PaymentWrites {
    /// Sets `user`'s account; true when its IBAN changed (and the change was logged).
    func setPayee(_ account: BankAccount, for user: UserName, by actor: UserName) throws -> Bool

    func setCompanyAccount(_ account: BankAccount) throws

    /// A new open run of `actor`'s; its id.
    func newRun(format: PaymentFormat, executionDate: CalendarDate, by actor: UserName) throws -> Int64

    /// `transfer` into open run `run`, with the account the file was written with.
    func add(_ transfer: PaymentTransfer, to run: Int64) throws

    /// The file's SHA-256: the run is written.
    func seal(_ run: Int64, sha256: String) throws

    /// Each report of run `run` reimbursed (the workflow's step, naming the run), the run confirmed.
    func confirm(_ run: PaymentRun, transfers: [PaymentTransfer], by actor: UserName) throws

    /// Run `run` cancelled, its reports freed.
    func cancel(_ run: PaymentRun, by actor: UserName) throws
}
