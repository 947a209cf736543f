import ExpenseSupport
import PropertyList

/// The static quick actions: the `UIApplicationShortcutItems` of an Info.plist, with variables
/// expanded and titles localized. Immutable at run time, as on iOS and Android.
public struct ShortcutCatalog: Equatable, Sendable {
    /// The file it came from, as messages name it.
    public var source: String
    public var items: [ShortcutItem]
    /// Things that load but may not look right (a title too long for one line).
    public var warnings: [CatalogDiagnostic]
    /// The `.strings` table titles came from (`de.lproj/InfoPlist.strings`); nil when none applied.
    public var localization: String?

    public init(source: String, items: [ShortcutItem], warnings: [CatalogDiagnostic] = [], localization: String? = nil) {
        self.source = source
        self.items = items
        self.warnings = warnings
        self.localization = localization
    }

    public func item(_ type: String) -> ShortcutItem? { items.first { $0.type == type } }

    /// What loading needs from the settings and the environment.
    public struct Options: Sendable {
        public var variables: CatalogVariables
        /// Most preferred first (see `PreferredLanguages`).
        public var languages: [String]
        /// The cap on static and dynamic items together (`shortcuts.max-total`).
        public var maxItems: Int

        public init(variables: CatalogVariables, languages: [String], maxItems: Int = ShortcutLimits.standard.maxTotal) {
            self.variables = variables
            self.languages = languages
            self.maxItems = maxItems
        }
    }

    /// Finds the `InfoPlist.strings` of a language; returns the name to show and its bytes.
    public typealias LocalizationSource = (_ language: String) throws(FileBytes.Failure) -> (name: String, bytes: [UInt8])?

    /// Loads the catalog at `path`; localizations come from `<lang>.lproj/InfoPlist.strings`
    /// beside it. Both must be regular files, refused at once otherwise: the path may come from
    /// a launch row, and a FIFO there froze the REPL that took the launch (`FileBytes.read`'s
    /// `regularOnly`).
    public static func load(path: String, options: Options) throws(CatalogError) -> ShortcutCatalog {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: PropertyListLimits.fileBytes, regularOnly: true)
        } catch {
            switch error {
            case .missing: throw CatalogError([CatalogDiagnostic(.error, file: path, "no such file")])
            case .unreadable(let reason): throw CatalogError([CatalogDiagnostic(.error, file: path, "cannot read it: \(reason)")])
            }
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let localizations: LocalizationSource = { (language: String) throws(FileBytes.Failure) in
            for folder in PreferredLanguages.folderNames(language) {
                let candidate = (directory.isEmpty ? "" : directory + "/") + folder + "/InfoPlist.strings"
                if FileBytes.isFile(candidate) {
                    return (candidate, try FileBytes.read(candidate, limit: PropertyListLimits.fileBytes, regularOnly: true))
                }
            }
            return nil
        }
        return try parse(bytes, source: path, localizations: localizations, options: options)
    }

    /// The languages a catalog at `path` has titles in: each `<lang>.lproj/InfoPlist.strings`
    /// beside it, as the locale names of POSIX and desktop entries (`de`, `pt_BR` for
    /// `pt-BR.lproj`). Folders that name no language (`Base.lproj`, Xcode's old `German.lproj`)
    /// are left out.
    public static func languages(besideCatalogAt path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let base = directory.isEmpty ? "" : directory + "/"
        var languages: [String] = []
        for name in FileBytes.names(inDirectory: directory.isEmpty ? "/" : directory) where name.hasSuffix(".lproj") {
            let language = String(name.dropLast(".lproj".count)).replacing("-", with: "_")
            guard PreferredLanguages.isLanguageName(language), !languages.contains(language),
                FileBytes.isFile(base + name + "/InfoPlist.strings")
            else { continue }
            languages.append(language)
        }
        return languages
    }

    /// Reads catalog bytes named `source`, localized through `localizations`.
    public static func parse(
        _ bytes: [UInt8], source: String, localizations: LocalizationSource,
        options: Options
    ) throws(CatalogError) -> ShortcutCatalog {
        var loader = CatalogLoader(source: source, options: options)
        return try loader.load(bytes, localizations: localizations)
    }
}

/// The caps of DESIGN.md's quick actions: at most `maxTotal` static and dynamic items, of which
/// the first `maxVisible` are shown (static first, then dynamic by rank).
public struct ShortcutLimits: Equatable, Sendable {
    public var maxVisible: Int
    public var maxTotal: Int

    public init(maxVisible: Int, maxTotal: Int) {
        self.maxVisible = maxVisible
        self.maxTotal = maxTotal
    }

    /// iOS shows four; Android allows fifteen static and dynamic shortcuts per launcher icon.
    public static let standard = ShortcutLimits(maxVisible: 4, maxTotal: 15)

    /// The longest title, in terminal columns, that fits one line of a quick-action menu: Android's
    /// recommended maximum for a long label, and about what an iPhone menu shows.
    public static let titleColumns = 25
}
