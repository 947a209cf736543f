import ExpenseSupport

/// The double-entry postings of an approved report, built from the same settlement `report
/// show` prints (`ReportTotals`), so that the payable is what the traveller is shown as due.
///
/// Each item posts to its category's account; with VAT at a German rate (7 %, 19 %) in an
/// item whose currency is the report's euro, its net does, and each rate's tax to that rate's
/// input VAT account. A foreign bill's VAT (another currency, or a rate no German return
/// knows) is not reclaimable in a German return: such an item posts its gross. Per diems and
/// mileage carry no input VAT and post their amount. Items the company paid are credited to
/// its clearing account, advances to the advance account, and what is due to the traveller to
/// the payable: the credit that balances the report (a debit when the traveller owes money back).
public enum ReportPostings {
    /// The report's costs on `date` (its approval).
    public static func costs(
        report: Report, items: [Expense], totals: ReportTotals, on date: CalendarDate, accounts: BookingAccounts
    ) throws(ExpenseError) -> JournalEntry {
        let currency = report.currency
        var postings: [Posting] = []
        let document = "R\(report.id)"
        for item in items {
            let itemDocument = "\(document)-I\(item.id)"
            let text = itemText(item)
            guard let converted = item.conversion?.converted, converted.currency == currency else {
                throw ExpenseError(.invalidData, "item \(item.id) of report \(report.id) has no amount in \(currency.code)")
            }
            let account = accounts.account(category: item.category)
            if let vat = item.vat, reclaimable(vat, item: item, report: report) {
                for part in vat.parts {
                    guard let role = AccountRole.inputVAT(part.rate) else { continue }
                    postings.append(Posting(account: accounts.account(role), amount: part.tax, document: itemDocument, text: text))
                }
                let tax = vat.parts.filter { AccountRole.inputVAT($0.rate) != nil }.reduce(0) { $0 + $1.tax.minorUnits }
                postings.append(
                    Posting(
                        account: account, amount: Money(minorUnits: converted.minorUnits - tax, currency: currency),
                        document: itemDocument, text: text))
            } else {
                postings.append(Posting(account: account, amount: converted, document: itemDocument, text: text))
            }
            if item.paidBy == .company {
                postings.append(
                    Posting(
                        account: accounts.account(.card), amount: Money(minorUnits: -converted.minorUnits, currency: currency),
                        document: itemDocument, text: text))
            }
        }
        if totals.perDiems.minorUnits != 0 {
            postings.append(Posting(account: accounts.account(.perDiem), amount: totals.perDiems, document: document, text: "Per diems"))
        }
        if totals.advances.minorUnits != 0 {
            postings.append(
                Posting(
                    account: accounts.account(.advance), amount: Money(minorUnits: -totals.advances.minorUnits, currency: currency),
                    document: document, text: "Advances cleared"))
        }
        postings.append(
            Posting(
                account: accounts.account(.payable), amount: Money(minorUnits: -totals.dueToEmployee.minorUnits, currency: currency),
                document: document,
                text: totals.dueToEmployee.minorUnits < 0 ? "Owed back by \(report.owner)" : "Due to \(report.owner)"))
        let entry = JournalEntry(
            reportID: report.id, kind: .report, date: date, text: entryText(report), currency: currency,
            postings: postings.filter { $0.amount.minorUnits != 0 })
        try requireBalanced(entry)
        return entry
    }

    /// The payment on `date` (the report's reimbursement): the payable against the bank; nil
    /// when nothing was due either way.
    public static func payment(report: Report, totals: ReportTotals, on date: CalendarDate, accounts: BookingAccounts) -> JournalEntry? {
        let due = totals.dueToEmployee
        guard due.minorUnits != 0 else { return nil }
        let document = "R\(report.id)"
        let text = due.minorUnits > 0 ? "Paid to \(report.owner)" : "Paid back by \(report.owner)"
        return JournalEntry(
            reportID: report.id, kind: .payment, date: date, text: entryText(report), currency: report.currency,
            postings: [
                Posting(account: accounts.account(.payable), amount: due, document: document, text: text),
                Posting(
                    account: accounts.account(.bank), amount: Money(minorUnits: -due.minorUnits, currency: due.currency),
                    document: document, text: text),
            ])
    }

    /// Input VAT a German return reclaims: the bill in euros, the report in euros, and not a
    /// per diem or a journey (which have none, whatever was typed).
    static func reclaimable(_ vat: VATSplit, item: Expense, report: Report) -> Bool {
        item.amount.currency.code == "EUR" && report.currency.code == "EUR" && vat.gross == item.amount
            && !Expense.neverRefunded.contains(item.category)
    }

    static func itemText(_ item: Expense) -> String {
        let parts = [item.merchant, item.description].filter { !$0.isEmpty }
        return parts.isEmpty ? item.category : parts.joined(separator: ", ")
    }

    static func entryText(_ report: Report) -> String { "Report \(report.id): \(report.title) (\(report.owner))" }

    /// Every transaction adds up to zero; one that does not is a bug, never a file to book.
    static func requireBalanced(_ entry: JournalEntry) throws(ExpenseError) {
        guard let sum = Money.total(entry.postings.map(\.amount.minorUnits)), sum == 0 else {
            throw ExpenseError(.internal, "the postings of report \(entry.reportID) do not balance")
        }
    }
}
