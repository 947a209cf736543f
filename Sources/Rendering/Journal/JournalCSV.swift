import ExpenseCore
import ExpenseSupport

/// A journal as RFC 4180 CSV, one posting a line: the transaction, its date, the account's
/// number and ledger name, the debit or the credit (one of them, never negative), the currency,
/// the document and the text. Text keeps what the traveller typed, quoted where CSV needs it.
public enum JournalCSV {
    public static let header = ["transaction", "date", "account", "accountName", "debit", "credit", "currency", "document", "text"]

    public static func text(_ entries: [JournalEntry]) -> String {
        var text = header.joined(separator: ",") + "\r\n"
        for entry in entries {
            for posting in entry.postings {
                let amount = Money.format(
                    Int64(posting.amount.minorUnits.magnitude), digits: posting.amount.currency.minorDigits, grouping: false)
                let debit = posting.amount.minorUnits > 0 ? amount : ""
                let credit = posting.amount.minorUnits < 0 ? amount : ""
                let fields = [
                    entry.id, entry.date.description, posting.account.number, posting.account.ledgerName, debit, credit,
                    posting.amount.currency.code, posting.document, LedgerText.line(posting.text),
                ]
                text += fields.map(Listing.field).joined(separator: ",") + "\r\n"
            }
        }
        return text
    }
}
