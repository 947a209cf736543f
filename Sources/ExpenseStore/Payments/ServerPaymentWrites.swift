import ExpenseCore
import ExpenseSupport

/// Payee and payment-run writes on a team database: each a call of the server's declared
/// function (`ServerWrites`), which checks who may and logs a changed IBAN itself.
struct ServerPaymentWrites: PaymentWrites {
    unowned let store: Store

    func setPayee(_ account: BankAccount, for user: UserName, by actor: UserName) throws -> Bool {
        try ServerWrites.payeeSet.call(
            on: store.db, user.value, account.holder, account.iban.electronic, account.bic?.code, store.now()) > 0
    }

    func setCompanyAccount(_ account: BankAccount) throws {
        try ServerWrites.companySet.call(on: store.db, account.holder, account.iban.electronic, account.bic?.code)
    }

    func newRun(format: PaymentFormat, executionDate: CalendarDate, by actor: UserName) throws -> Int64 {
        try ServerWrites.paymentRunNew.call(on: store.db, format.rawValue, executionDate.description, store.now())
    }

    func add(_ transfer: PaymentTransfer, to run: Int64) throws {
        try ServerWrites.paymentRunAdd.call(
            on: store.db, run, transfer.report, transfer.amount.minorUnits, transfer.account.holder,
            transfer.account.iban.electronic, transfer.account.bic?.code, transfer.endToEndID, transfer.seen.lastEvent)
    }

    func seal(_ run: Int64, sha256: String) throws {
        try ServerWrites.paymentRunSeal.call(on: store.db, run, sha256)
    }

    func confirm(_ run: PaymentRun, transfers: [PaymentTransfer], by actor: UserName) throws {
        _ = try ServerWrites.paymentRunConfirm.call(on: store.db, run.id, store.now())
    }

    func cancel(_ run: PaymentRun, by actor: UserName) throws {
        _ = try ServerWrites.paymentRunCancel.call(on: store.db, run.id, store.now())
    }
}
