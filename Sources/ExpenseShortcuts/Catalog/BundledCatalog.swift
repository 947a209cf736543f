import ExpenseSupport

/// The catalog compiled into the binary from Data/Shortcuts.plist, with its localizations, so an
/// installed or copied `expenses` has its quick actions from any directory.
public enum BundledCatalog {
    /// How messages name it.
    public static let source = "Data/Shortcuts.plist (built in)"

    /// The `InfoPlist.strings` tables compiled in, by language. A language is one symlink under
    /// Sources/ExpenseShortcuts/Resources, one line in Package.swift and one line here.
    static let localizations: [String: [UInt8]] = [
        "de": PackageResources.Shortcuts_de_strings
    ]

    /// The languages compiled in, sorted.
    public static var languages: [String] { localizations.keys.sorted() }

    /// The compiled-in `InfoPlist.strings` of a language, named as messages name it; the app's own
    /// default dynamic items (`AppShortcuts`) take their titles from the same tables.
    static func localization(_ language: String) throws(FileBytes.Failure) -> (name: String, bytes: [UInt8])? {
        localizations[language].map { ("Data/\(language).lproj/InfoPlist.strings (built in)", $0) }
    }

    public static func load(options: ShortcutCatalog.Options) throws(CatalogError) -> ShortcutCatalog {
        try ShortcutCatalog.parse(
            PackageResources.Shortcuts_plist, source: source, localizations: localization,
            options: options)
    }
}
