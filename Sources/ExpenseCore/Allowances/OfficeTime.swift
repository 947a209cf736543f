import ExpenseSupport

/// Time spent at one's first place of work (one's own office) during a trip without a night
/// away: it interrupts the absence, whose hours decide the day's per diem (§ 9 Abs. 4a Satz 3
/// Nr. 3 EStG counts the absence from home and from the first place of work).
public struct OfficeTime: Hashable, Sendable, CustomStringConvertible {
    public let from: LocalDateTime
    public let to: LocalDateTime

    /// An interval that ends after it starts.
    public init(from: LocalDateTime, to: LocalDateTime) throws(ExpenseError) {
        guard from < to else {
            throw ExpenseError(.invalidData, "the office time ends (\(to)) no later than it starts (\(from))")
        }
        self.from = from
        self.to = to
    }

    /// "2026-03-02T10:00 to 2026-03-02T13:00".
    public var description: String { "\(from) to \(to)" }
}
