import ExpenseCore
import ExpenseSupport

/// A beancount 3 ledger that `bean-check` accepts: the operating currency, an `open` for each
/// account on the period's first day (or the first transaction's, if earlier), then one
/// transaction a report or payment with its document as metadata. Strings are quoted with `"`
/// and `\` escaped.
public enum BeancountJournal {
    public static func text(_ entries: [JournalEntry], from: CalendarDate, to: CalendarDate) -> String {
        var text = "; expenses journal \(from) to \(to)\n"
        let currencies = Set(entries.map(\.currency.code)).sorted()
        for currency in currencies { text += "option \"operating_currency\" \"\(currency)\"\n" }
        let opened = min(from, entries.map(\.date).min() ?? from)
        text += "\n"
        for currency in currencies { text += "\(opened) commodity \(currency)\n" }
        for account in Set(entries.flatMap { $0.postings.map(\.account) }).sorted(by: { $0.ledgerName < $1.ledgerName }) {
            text += "\(opened) open \(account.ledgerName)\n"
            text += "  title: \(quoted(account.title))\n"
        }
        for entry in entries {
            text += "\n\(entry.date) * \(quoted(entry.id)) \(quoted(entry.text))\n"
            for posting in entry.postings {
                text += "  \(posting.account.ledgerName)  \(posting.amount.decimalString) \(posting.amount.currency.code)\n"
                text += "    document: \(quoted(posting.document))\n"
                text += "    text: \(quoted(posting.text))\n"
            }
        }
        return text
    }

    static func quoted(_ text: String) -> String {
        "\"" + LedgerText.line(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
