import ExpenseSupport

/// The double-entry postings of an approved report, built from the same settlement `report
/// show` prints (`ReportTotals`), so that the payable is what the traveller is shown as due.
///
/// Each item posts to its category's account; with VAT at a German rate (7 %, 19 %) in an
/// item whose currency is the report's euro, its net does, and each rate's tax to that rate's
/// input VAT account. A foreign bill's VAT (another currency, or a rate no German return
/// knows) is not reclaimable in a German return: such an item posts its gross. Per diems and
/// mileage carry no input VAT and post their amount; the lodging flats among the per diems
/// (nights without a bill) post to the lodging category's account, not the meal allowances'. Items the company paid are credited to
/// its clearing account, advances to the advance account, and what is due to the traveller to
/// the payable: the credit that balances the report (a debit when the traveller owes money back).
/// An item an approver cut (`ItemCut`) posts its approved amount, its VAT scaled in proportion
/// (rounded half away from zero); a company card's still clears the whole charge, the cut coming
/// off the payable (`ReportTotals.dueToEmployee`).
public enum ReportPostings {
    /// The report's costs on `date` (its approval).
    /// - Parameter lodgingFlats: the part of `totals.perDiems` that is lodging flats.
    public static func costs(
        report: Report, items: [Expense], totals: ReportTotals, on date: CalendarDate, accounts: BookingAccounts,
        cuts: [ItemCut] = [], lodgingFlats: Money? = nil
    ) throws(ExpenseError) -> JournalEntry {
        let approved = Dictionary(cuts.map { ($0.expenseID, $0.approved.minorUnits) }, uniquingKeysWith: { _, last in last })
        let currency = report.currency
        var postings: [Posting] = []
        let document = "R\(report.id)"
        for item in items {
            let itemDocument = "\(document)-I\(item.id)"
            let text = itemText(item)
            guard let charged = item.conversion?.converted, charged.currency == currency else {
                throw ExpenseError(.invalidData, "item \(item.id) of report \(report.id) has no amount in \(currency.code)")
            }
            let cost = Money(minorUnits: approved[item.id] ?? charged.minorUnits, currency: currency)
            let account = accounts.account(category: item.category)
            if let vat = item.vat, reclaimable(vat, item: item, report: report) {
                var tax: Int64 = 0
                for part in vat.parts {
                    guard let role = AccountRole.inputVAT(part.rate) else { continue }
                    let share = Money(
                        minorUnits: scaled(part.tax.minorUnits, by: cost.minorUnits, of: charged.minorUnits), currency: currency)
                    tax += share.minorUnits
                    postings.append(Posting(account: accounts.account(role), amount: share, document: itemDocument, text: text))
                }
                postings.append(
                    Posting(
                        account: account, amount: Money(minorUnits: cost.minorUnits - tax, currency: currency),
                        document: itemDocument, text: text))
            } else {
                postings.append(Posting(account: account, amount: cost, document: itemDocument, text: text))
            }
            if item.paidBy == .company {
                postings.append(
                    Posting(
                        account: accounts.account(.card), amount: Money(minorUnits: -charged.minorUnits, currency: currency),
                        document: itemDocument, text: text))
            }
        }
        let lodging = lodgingFlats?.minorUnits ?? 0
        let meals = Money(minorUnits: totals.perDiems.minorUnits - lodging, currency: currency)
        if meals.minorUnits != 0 {
            postings.append(Posting(account: accounts.account(.perDiem), amount: meals, document: document, text: "Per diems"))
        }
        if lodging != 0 {
            postings.append(
                Posting(
                    account: accounts.account(category: Category.lodging), amount: Money(minorUnits: lodging, currency: currency),
                    document: document, text: "Lodging flats"))
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

    /// `amount` times `part` over `whole`, rounded half away from zero: an item's tax as its
    /// approved part of it; the whole amount when nothing was cut.
    static func scaled(_ amount: Int64, by part: Int64, of whole: Int64) -> Int64 {
        guard part != whole, whole != 0 else { return amount }
        // A tax and a part of its item are both at most the item's amount: the quotient fits.
        let (quotient, remainder) = whole.dividingFullWidth(amount.multipliedFullWidth(by: part))
        guard remainder.magnitude >= whole.magnitude - remainder.magnitude else { return quotient }
        let negative = ((amount < 0) != (part < 0)) != (whole < 0)
        return quotient + (negative ? -1 : 1)
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
