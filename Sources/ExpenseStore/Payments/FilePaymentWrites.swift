import ExpenseCore
import ExpenseSupport

/// Payee and payment-run writes on a file: the SQL, the IBAN's change logged beside it, and
/// each report of a confirmed run reimbursed through the workflow's own step.
struct FilePaymentWrites: PaymentWrites {
    unowned let store: Store

    func setPayee(_ account: BankAccount, for user: UserName, by actor: UserName) throws -> Bool {
        let old = try store.db.queryFirst("SELECT iban FROM payees WHERE user_name = \(user.value)" as SQL) { $0.string(0) }
        let at = store.now()
        try store.db.execute(
            """
            INSERT INTO payees (user_name, holder, iban, bic, changed_at, changed_by)
            VALUES (\(user.value), \(account.holder), \(account.iban.electronic), \(account.bic?.code), \(at), \(actor.value))
            ON CONFLICT (user_name) DO UPDATE SET holder = excluded.holder, iban = excluded.iban, bic = excluded.bic,
                changed_at = excluded.changed_at, changed_by = excluded.changed_by
            """ as SQL)
        guard old != account.iban.electronic else { return false }
        try store.db.execute(
            """
            INSERT INTO payee_changes (user_name, at, actor, old_iban, new_iban)
            VALUES (\(user.value), \(at), \(actor.value), \(old), \(account.iban.electronic))
            """ as SQL)
        return true
    }

    func setCompanyAccount(_ account: BankAccount) throws {
        try store.db.execute(
            """
            INSERT INTO company_account (singleton, name, iban, bic) VALUES (1, \(account.holder), \(account.iban.electronic), \(account.bic?.code))
            ON CONFLICT (singleton) DO UPDATE SET name = excluded.name, iban = excluded.iban, bic = excluded.bic
            """ as SQL)
    }

    func newRun(format: PaymentFormat, executionDate: CalendarDate, by actor: UserName) throws -> Int64 {
        let id = try store.db.scalar("SELECT coalesce(max(id), 0) + 1 FROM payment_runs" as SQL)
        let at = store.now()
        try store.db.execute(
            """
            INSERT INTO payment_runs (id, message_id, created_by, created_at, format, execution_date)
            VALUES (\(id), \(PaymentRun.messageID(run: id, at: at)), \(actor.value), \(at), \(format.rawValue), \(executionDate.description))
            """ as SQL)
        return id
    }

    func add(_ transfer: PaymentTransfer, to run: Int64) throws {
        try store.db.execute(
            """
            INSERT INTO payment_run_reports (run_id, report_id, amount_minor, currency, holder, iban, bic, seen_version, end_to_end_id)
            VALUES (\(run), \(transfer.report), \(transfer.amount.minorUnits), \(transfer.amount.currency.code),
                    \(transfer.account.holder), \(transfer.account.iban.electronic), \(transfer.account.bic?.code),
                    \(transfer.seen.lastEvent), \(transfer.endToEndID))
            """ as SQL)
    }

    func seal(_ run: Int64, sha256: String) throws {
        try store.db.execute("UPDATE payment_runs SET sha256 = \(sha256) WHERE id = \(run)" as SQL)
    }

    func confirm(_ run: PaymentRun, transfers: [PaymentTransfer], by actor: UserName) throws {
        for transfer in transfers {
            try store.apply(.reimburse, to: transfer.report, by: actor, reason: PaymentRun.reason(run.id), seen: transfer.seen)
        }
        try store.db.execute(
            "UPDATE payment_runs SET status = 'confirmed', closed_by = \(actor.value), closed_at = \(store.now()) WHERE id = \(run.id)"
                as SQL)
    }

    func cancel(_ run: PaymentRun, by actor: UserName) throws {
        try store.db.execute("UPDATE payment_run_reports SET released = 1 WHERE run_id = \(run.id)" as SQL)
        try store.db.execute(
            "UPDATE payment_runs SET status = 'cancelled', closed_by = \(actor.value), closed_at = \(store.now()) WHERE id = \(run.id)"
                as SQL)
    }
}
