import Rendering

/// What a command produced, in a form every output format can render.
public indirect enum Output {
    case none
    /// Rows under columns: the same listing as a table, JSON or CSV.
    case listing(Listing)
    /// A result with more to it than rows (a report with its totals, an import's counts): one
    /// value, which the renderer asks for each format.
    case document(any Document)
    /// A message for people; in JSON, `{"message": ...}`.
    case message(String)
    /// A file's content on standard output instead of in the file (`report export` without
    /// `-o`): written exactly, in whatever format.
    case content(String)
    /// `output`, from a command that changed a trip: the report it created, changed or added to,
    /// or nil when reports went away (a deleted draft). The app's trip quick actions and a quick
    /// action's landing follow this, never the text or JSON of the result.
    case touching(report: Int64?, Output)
    /// `output`, printed in full, from a command that then fails with `status`: what it found
    /// is the reason (blocking findings of `report check`, a dry run's invalid rows).
    case failing(ExitStatus, Output)

    /// This output, marked as having changed `report` (see `touching`).
    public func touching(_ report: Int64?) -> Output { .touching(report: report, self) }

    /// This output, then the exit status `status` unless it is `.ok` (see `failing`).
    public func exiting(_ status: ExitStatus) -> Output { status == .ok ? self : .failing(status, self) }

    /// The output without its effects: what is rendered.
    public var shown: Output {
        switch self {
        case .touching(_, let inner), .failing(_, let inner): return inner.shown
        default: return self
        }
    }

    /// The exit status the command ends with once its output is printed.
    public var status: ExitStatus {
        switch self {
        case .failing(let status, _): return status
        case .touching(_, let inner): return inner.status
        default: return .ok
        }
    }

    var isContent: Bool {
        if case .content = shown { return true }
        return false
    }

    /// Whether the command changed a trip, and which: `.some(nil)` for reports that went away.
    public var touchedReport: Int64?? {
        switch self {
        case .touching(let report, _): return .some(report)
        case .failing(_, let inner): return inner.touchedReport
        default: return nil
        }
    }
}

/// What one command produced, as one value: the command fills in what happened, and the value
/// says how that reads for people and for programs. Commands never build their formats themselves.
public protocol Document {
    /// For people: the table format.
    var text: String { get }
    /// `text` handed to `emit` in pieces as it is made, for one that can be large (a
    /// 100,000-item report is never one string of tens of MB); its tables fit `width` columns
    /// when there is a terminal's width.
    func writeText(width: Int?, _ emit: (String) -> Void)
    var json: JSONValue { get }
    /// Rows for CSV; nil when it has none, and CSV prints the JSON.
    var rows: Listing? { get }
}

extension Document {
    public var rows: Listing? { nil }
    public func writeText(width: Int?, _ emit: (String) -> Void) { emit(text) }

    /// The document as a command's output.
    var output: Output { .document(self) }
}

/// The formats of `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
