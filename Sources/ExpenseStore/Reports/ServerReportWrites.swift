import ExpenseCore
import ExpenseSupport

/// Report writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerReportWrites: ReportWrites {
    unowned let store: Store

    func insertReport(_ report: Report, owner: UserName, at stamp: String) throws -> Int64 {
        // A new report is a draft of whoever the server let in; its trip is set in the same transaction.
        try store.write {
            let made = try ServerWrites.reportNew.call(
                on: store.db, report.title, report.purpose, report.destination, report.startDate?.description,
                report.endDate?.description, report.currency.code, stamp)
            try setTrip(made, report, stamp)
            return made
        }
    }

    /// The times of day go first and come back last: the server holds each call's result to
    /// `Report.validate` (a time with its day, a one-day trip not back before it leaves, a trip
    /// without a night over one midnight with both times), and new days under the old times, or
    /// new times on the old days, may not be.
    func updateReport(_ report: Report) throws {
        var untimed = report
        untimed.startTime = nil
        untimed.endTime = nil
        untimed.overnight = true
        try setTrip(report.id, untimed, store.now())
        try ServerWrites.reportEdit.call(
            on: store.db, report.id, report.title, report.purpose, report.destination, report.startDate?.description,
            report.endDate?.description, report.currency.code, store.now())
        try setTrip(report.id, report, store.now())
    }

    func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int {
        Int(try ServerWrites.reportDelete.call(on: store.db, id, deletingItems ? 1 : 0, store.now()))
    }

    /// Sets the trip of the server's report `id` to `report`'s: the times of day (`HH:MM`), the
    /// country and place, and whether it has nights away.
    private func setTrip(_ id: Int64, _ report: Report, _ stamp: String) throws {
        try ServerWrites.reportTrip.call(
            on: store.db, id, report.startTime.map(TripTime.clock), report.endTime.map(TripTime.clock), report.country?.code,
            report.place, report.overnight ? 1 : 0, stamp)
    }
}
