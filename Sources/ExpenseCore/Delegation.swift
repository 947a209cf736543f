import ExpenseSupport

/// An approver's delegate for a period (issue 43): from `from` to `until`, both days included,
/// `delegate` decides the steps that wait for `approver`, and only those (no chain: the delegate's
/// own delegate gets none of them), never on a report of the delegate's own. It ends by itself.
public struct Delegation: Sendable, Equatable {
    public var id: Int64
    public var approver: String
    public var delegate: String
    public var from: CalendarDate
    public var until: CalendarDate

    public init(id: Int64, approver: String, delegate: String, from: CalendarDate, until: CalendarDate) {
        self.id = id
        self.approver = approver
        self.delegate = delegate
        self.from = from
        self.until = until
    }

    /// Whether it is in force on `day`.
    public func isActive(on day: CalendarDate) -> Bool { from <= day && day <= until }

    /// Refuses a delegation to oneself, one that ends before it starts, or one already over on `today`.
    public static func validate(
        approver: UserName, delegate: UserName, from: CalendarDate, until: CalendarDate, today: CalendarDate
    ) throws(ExpenseError) {
        guard !delegate.isSame(as: approver.value) else {
            throw ExpenseError(.invalidData, "\(approver) cannot be their own delegate", hint: "name someone else with --to")
        }
        guard from <= until else {
            throw ExpenseError(.invalidData, "the delegation ends (\(until)) before it starts (\(from))")
        }
        guard today <= until else {
            throw ExpenseError(.invalidData, "the delegation would end on \(until), which is past", hint: "today is \(today)")
        }
    }
}
