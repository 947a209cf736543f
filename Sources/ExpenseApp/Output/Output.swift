/// What a command produced, in a form every output format can render.
public indirect enum Output {
    case none
    /// Rows under columns: the same listing as a table, JSON or CSV.
    case listing(Listing)
    /// A document with its own text for people, its JSON, and (optionally) rows for CSV.
    case document(text: String, json: JSONValue, csv: Listing?)
    /// A document whose forms are built only when rendered, for one that can be large (a
    /// 100,000-item report): only the chosen format's is ever built, and its text is handed to
    /// `emit` in pieces, to be written as it is made.
    case deferred(text: (_ emit: (String) -> Void) -> Void, json: () -> JSONValue, csv: () -> Listing?)
    /// A message for people; in JSON, `{"message": ...}`.
    case message(String)
    /// `output`, from a command that changed a trip: the report it created, changed or added to,
    /// or nil when reports went away (a deleted draft). The app's trip quick actions and a quick
    /// action's landing follow this, never the text or JSON of the result.
    case touching(report: Int64?, Output)

    /// This output, marked as having changed `report` (see `touching`).
    public func touching(_ report: Int64?) -> Output { .touching(report: report, self) }

    /// The output without its effects: what is rendered.
    public var shown: Output {
        if case .touching(_, let inner) = self { return inner.shown }
        return self
    }

    /// Whether the command changed a trip, and which: `.some(nil)` for reports that went away.
    public var touchedReport: Int64?? {
        if case .touching(let report, _) = self { return .some(report) }
        return nil
    }
}

/// The formats of `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
