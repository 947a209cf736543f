import ExpenseCore
import ExpenseSupport

extension Store {
    static let payeeColumns: SQL = "user_name, holder, iban, bic, changed_at, changed_by"

    /// Where `user` is paid, or nil when they have set no account (or, on a team database, when
    /// the caller may not see it: a person's own, and finance sees everyone's).
    public func payee(_ user: String) throws -> Payee? {
        try db.queryFirst(
            "SELECT \(Self.payeeColumns) FROM payees WHERE user_name = \(user)" as SQL, Self.payee)
    }

    /// Every payee the caller sees, by name.
    public func payees() throws -> [Payee] {
        try db.query("SELECT \(Self.payeeColumns) FROM payees ORDER BY user_name" as SQL, Self.payee)
    }

    /// The changes of `user`'s IBAN, oldest first.
    public func payeeChanges(_ user: String) throws -> [Payee.Change] {
        try db.query(
            "SELECT at, actor, old_iban, new_iban FROM payee_changes WHERE user_name = \(user) ORDER BY id" as SQL
        ) { Payee.Change(at: $0.string(0), actor: $0.string(1), old: $0.optionalString(2), new: $0.string(3)) }
    }

    static func payee(_ row: Row) throws -> Payee {
        let stored = StoredRow(row, table: "payees", key: .column(0))
        return Payee(
            user: row.string(0),
            account: BankAccount(
                holder: row.string(1), iban: try stored.decoded(2, as: "an IBAN") { try IBAN($0) },
                bic: try stored.optionalDecoded(3, as: "a BIC") { try BIC($0) }),
            changedAt: row.string(4), changedBy: row.string(5))
    }

    /// Sets `user`'s account; true when its IBAN changed. On a team database a traveller sets her
    /// own and finance anyone's (the server decides). Call inside `write`.
    @discardableResult
    public func setPayee(_ account: BankAccount, for user: UserName, by actor: UserName) throws -> Bool {
        try TextLimits.check(account.holder, field: "holder")
        return try writes.payments.setPayee(account, for: user, by: actor)
    }

    /// The company's own account, which pays; nil until finance sets it.
    public func companyAccount() throws -> BankAccount? {
        try db.queryFirst("SELECT name, iban, bic FROM company_account WHERE singleton = 1" as SQL) { row in
            let stored = StoredRow(row, table: "company_account", key: .none)
            return BankAccount(
                holder: row.string(0), iban: try stored.decoded(1, as: "an IBAN") { try IBAN($0) },
                bic: try stored.optionalDecoded(2, as: "a BIC") { try BIC($0) })
        }
    }

    /// Sets the company's account (finance's on a team database). Call inside `write`.
    public func setCompanyAccount(_ account: BankAccount) throws {
        try TextLimits.check(account.holder, field: "name")
        try writes.payments.setCompanyAccount(account)
    }
}
