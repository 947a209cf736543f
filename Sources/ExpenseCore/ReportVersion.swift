import ExpenseSupport

/// The version of a report that a person read before deciding on it: the id of its audit log's
/// last entry (0 before any). A step on someone else's report (approve, reject, reimburse) names
/// the version its taker read, and is refused when the report has another one now, so that
/// nobody approves or pays what they did not see.
///
/// Why the last entry, and not a hash of the items or the total: a report that is no draft
/// cannot change (its items, advances, receipts and per diems are frozen), and every way back
/// to a draft and forward again (recall, reopen, submit) is a logged step, so the last entry
/// moves with every change a submitted report can undergo; a total alone would not (an item
/// swapped for another of the same amount), and a hash of everything would have to be computed
/// alike by both engines from every row. The entry's id is the log's own sequence, never used
/// twice, so another report's version never passes for this one's. The refusal names the total
/// as it is now, which is what the person would otherwise have decided on.
public struct ReportVersion: Sendable, Hashable, CustomStringConvertible {
    /// The id of the report's last audit entry; 0 when it has none.
    public let lastEvent: Int64

    public init(lastEvent: Int64) {
        self.lastEvent = lastEvent
    }

    public var description: String { "\(lastEvent)" }

    /// A version as `report show` prints it: a whole number, 0 or more.
    public static func parse(_ text: String) throws(ExpenseError) -> ReportVersion {
        guard let value = Int64(text.trimmingSpaces), value >= 0 else {
            throw ExpenseError(
                .invalidData, "'\(text)' is not a report version",
                hint: "a version is a whole number, as the report shows it ('version 17')")
        }
        return ReportVersion(lastEvent: value)
    }

    /// Refuses a step on `report`, whose version is this one now, decided on `seen`: in the
    /// words the team server's `require_seen` uses.
    public func requireSeen(_ seen: ReportVersion, of report: Report) throws(ExpenseError) {
        guard seen != self else { return }
        throw ExpenseError(
            .changed, "report \(report.id) changed since you read it: its total is now \(report.total); read it again",
            hint: "its version is now \(self); decide on what it holds now")
    }
}
