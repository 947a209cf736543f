import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The entries of a period: a report's costs when it was last approved in the period, its
/// payment when it was last reimbursed in it; each report's totals are `report show`'s
/// (`ReportDetail`), so that the payable is what the traveller is shown as due.
struct JournalExport {
    var entries: [JournalEntry] = []
    /// Entries an earlier export held, left out unless asked for again.
    var alreadyBooked: [JournalEntry] = []

    init(store: Store, from: CalendarDate, to: CalendarDate, again: Bool) throws {
        let accounts = try store.bookingAccounts()
        let booked = try store.bookedEntries()
        let period = from...to
        for bookable in try store.bookableReports() {
            let costsDay = bookable.approved.flatMap { period.contains($0) ? $0 : nil }
            let paymentDay = bookable.report.status == .reimbursed ? bookable.reimbursed.flatMap { period.contains($0) ? $0 : nil } : nil
            guard costsDay != nil || paymentDay != nil else { continue }
            let report = bookable.report
            let items = try store.expenses(.report(report.id))
            let cuts = try store.cuts(of: report.id)
            let perDiems = try store.perDiems(of: report)
            let totals = try ReportDetail(
                report: report, items: items, perDiems: perDiems, advances: try store.advances(report.id), cuts: cuts
            ).totals
            var found: [JournalEntry] = []
            if let costsDay {
                found.append(
                    try ReportPostings.costs(
                        report: report, items: items, totals: totals, on: costsDay, accounts: accounts, cuts: cuts,
                        lodgingFlats: perDiems.perDiems?.lodgingFlats))
            }
            if let paymentDay, let payment = ReportPostings.payment(report: report, totals: totals, on: paymentDay, accounts: accounts) {
                found.append(payment)
            }
            for entry in found {
                if booked.contains(BookedEntry(reportID: entry.reportID, kind: entry.kind)) {
                    alreadyBooked.append(entry)
                    if !again { continue }
                }
                entries.append(entry)
            }
        }
        entries.sort { ($0.date, $0.reportID, $0.kind == .payment ? 1 : 0) < ($1.date, $1.reportID, $1.kind == .payment ? 1 : 0) }
    }
}
