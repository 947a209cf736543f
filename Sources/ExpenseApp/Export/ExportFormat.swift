/// What `report export` writes: named by `--format`, or told by the output file's extension
/// (`-o trip.html`), so that the name a person gives the file is enough.
enum ExportFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case csv, json, html, pdf

    static var valueName: String { "format" }

    static let names = allCases.map(\.rawValue)

    /// The format a file's extension names, case aside: `.html` or `.htm`, `.csv`, `.json`,
    /// `.pdf`; nil for another extension or none.
    static func of(path: String) -> ExportFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return .html
        case "csv": return .csv
        case "json": return .json
        case "pdf": return .pdf
        default: return nil
        }
    }
}
