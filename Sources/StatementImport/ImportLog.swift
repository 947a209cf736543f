import StatementReading

/// What became of one row of a statement.
public enum ImportRowStatus: String, Sendable {
    case new, duplicate, invalid, skipped
}

/// What a dry run tells as it goes: each row as it is read (a statement can have millions, so
/// nothing is collected), and the outcome at the end. The app prints it in the session's format.
public protocol ImportLog: AnyObject {
    func row(file: String, line: Int, status: ImportRowStatus, _ row: MappedRow)
    func end(_ outcome: StatementImporter.Outcome)
}
