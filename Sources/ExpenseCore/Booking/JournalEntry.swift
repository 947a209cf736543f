import ExpenseSupport

/// One balanced transaction of a journal: a report's costs on its approval day, or its payment
/// on the day it was reimbursed.
public struct JournalEntry: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The report's items, per diems and advances against the traveller's payable.
        case report
        /// The payable cleared against the bank.
        case payment
    }

    public var reportID: Int64
    public var kind: Kind
    public var date: CalendarDate
    /// What the transaction is: the report's title and traveller.
    public var text: String
    /// Debits positive, credits negative; they add up to zero.
    public var postings: [Posting]

    /// "R12" for a report's costs, "R12-P" for its payment: the same in every format.
    public var id: String { kind == .report ? "R\(reportID)" : "R\(reportID)-P" }

    /// The report's: every posting is in it.
    public var currency: Currency

    public init(reportID: Int64, kind: Kind, date: CalendarDate, text: String, currency: Currency, postings: [Posting]) {
        self.reportID = reportID
        self.currency = currency
        self.kind = kind
        self.date = date
        self.text = text
        self.postings = postings
    }
}

/// One line of a transaction: an amount to an account (debit positive), with the document it
/// comes from (DATEV's Belegfeld 1: the report and item, "R12-I34") and its text.
public struct Posting: Sendable, Equatable {
    public var account: BookingAccount
    public var amount: Money
    public var document: String
    public var text: String

    public init(account: BookingAccount, amount: Money, document: String, text: String) {
        self.account = account
        self.amount = amount
        self.document = document
        self.text = text
    }
}
