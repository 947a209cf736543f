import ExpenseCore

/// A report's status as its column stores it, by name: `draft`, `submitted`, ...
extension ReportStatus: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(rawValue) }
}
