import ExpenseCore
import ExpenseSupport

/// A journal in hledger's format that `hledger check accounts commodities` accepts: every
/// account and the commodity declared first, then one transaction a report or payment, each
/// posting's amount written out (none left for hledger to infer), its document as a comment.
public enum HledgerJournal {
    public static func text(_ entries: [JournalEntry], from: CalendarDate, to: CalendarDate) -> String {
        var text = "; expenses journal \(from) to \(to)\n\n"
        for currency in Set(entries.map(\.currency.code)).sorted() {
            let digits = entries.first { $0.currency.code == currency }?.currency.minorDigits ?? 2
            let sample = Money.format(100_000, digits: digits, grouping: false)
            text += "commodity \(currency) \(sample)\n"
        }
        for name in Set(entries.flatMap { $0.postings.map(\.account) }).sorted(by: { $0.ledgerName < $1.ledgerName }) {
            text += "account \(name.ledgerName)  ; \(LedgerText.line(name.title).replacingOccurrences(of: ":", with: " "))\n"
        }
        for entry in entries {
            // ';' would start a comment and '|' split payee from note: neither is left in the description.
            let description = LedgerText.line(entry.text).replacingOccurrences(of: ";", with: ",")
                .replacingOccurrences(of: "|", with: "/")
            text += "\n\(entry.date) * (\(entry.id)) \(description)\n"
            for posting in entry.postings {
                let note = LedgerText.line("\(posting.document) \(posting.text)").replacingOccurrences(of: ":", with: " ")
                text += "    \(posting.account.ledgerName)  \(posting.amount.currency.code) \(posting.amount.decimalString)  ; \(note)\n"
            }
        }
        return text
    }
}
