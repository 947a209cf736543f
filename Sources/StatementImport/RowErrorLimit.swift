/// How many invalid rows an import tells one by one: the first `limit` (all their problems),
/// then only how many more there were, so that 3,000 invalid rows are not 3,000 lines before
/// the summary. Every one of them still goes to the rejects file.
public struct RowErrorLimit: Sendable, Equatable {
    public static let standard = 20

    public let limit: Int
    /// Rows told one by one so far.
    public private(set) var told = 0
    /// Rows beyond the limit, told only as a count.
    public private(set) var untold = 0

    public init(limit: Int = RowErrorLimit.standard) { self.limit = max(0, limit) }

    /// Counts one more invalid row; true when it is to be told.
    public mutating func admit() -> Bool {
        if told < limit {
            told += 1
            return true
        }
        untold += 1
        return false
    }
}
