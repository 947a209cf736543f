/// What a command produced, in a form every output format can render.
public enum Output {
    case none
    /// Rows under columns: the same listing as a table, JSON or CSV.
    case listing(Listing)
    /// A document with its own text for people, its JSON, and (optionally) rows for CSV.
    case document(text: String, json: JSONValue, csv: Listing?)
    /// A message for people; in JSON, `{"message": ...}`.
    case message(String)
}

/// The formats of `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
