/// Where a person is paid: their account as last set, by whom and when.
public struct Payee: Sendable, Equatable {
    public var user: String
    public var account: BankAccount
    public var changedAt: String
    public var changedBy: String

    public init(user: String, account: BankAccount, changedAt: String, changedBy: String) {
        self.user = user
        self.account = account
        self.changedAt = changedAt
        self.changedBy = changedBy
    }

    /// One change of a person's IBAN, as logged: who made it, when, the old and the new.
    public struct Change: Sendable, Equatable {
        public var at: String
        public var actor: String
        public var old: String?
        public var new: String

        public init(at: String, actor: String, old: String?, new: String) {
            self.at = at
            self.actor = actor
            self.old = old
            self.new = new
        }
    }
}
