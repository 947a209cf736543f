import ExpenseSupport

/// A problem found in a shortcut catalog, worded the one way every catalog message reads:
/// `FILE: item N (TYPE): message`, or `FILE:LINE: message` for a plist that does not parse.
public struct CatalogDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: Sendable { case error, warning }

    public var severity: Severity
    public var file: String
    /// The 1-based line, for a malformed plist.
    public var line: Int?
    /// The 1-based position of the item in UIApplicationShortcutItems.
    public var item: Int?
    public var type: String?
    public var message: String
    /// Advice that names nothing of the CLI; a coded diagnostic's hint is the app presenter's.
    public var hint: String?
    public var code: ExpenseError.Code?

    public init(
        _ severity: Severity, file: String, line: Int? = nil, item: Int? = nil, type: String? = nil,
        _ message: String, hint: String? = nil, code: ExpenseError.Code? = nil
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.item = item
        self.type = type
        self.message = message
        self.hint = hint
        self.code = code
    }

    /// `FILE` or `FILE:LINE`: where the message points.
    public var location: String { line.map { "\(file):\($0)" } ?? file }

    /// The message after the location: `item 2 (com.sap.example.x): message`.
    public var body: String {
        guard let item else { return message }
        return "item \(item) (\(type ?? "no type")): \(message)"
    }

    public var description: String { "\(location): \(body)" }
}

/// A catalog that cannot be used, with every error found in it (and the warnings beside them).
public struct CatalogError: Error, Equatable, Sendable {
    public var diagnostics: [CatalogDiagnostic]

    public init(_ diagnostics: [CatalogDiagnostic]) { self.diagnostics = diagnostics }

    public var errors: [CatalogDiagnostic] { diagnostics.filter { $0.severity == .error } }
}
