/// An account money is paid to or from: a traveller's, where their reimbursement goes, or the
/// company's, which pays it. The holder's name as the bank knows it, the IBAN, and a BIC only
/// where the scheme needs one (SEPA does not, within the EEA).
public struct BankAccount: Hashable, Sendable {
    public var holder: String
    public var iban: IBAN
    public var bic: BIC?

    public init(holder: String, iban: IBAN, bic: BIC? = nil) {
        self.holder = holder
        self.iban = iban
        self.bic = bic
    }
}
