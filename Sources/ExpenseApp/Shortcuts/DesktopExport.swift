import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// The desktop entry of a session's quick actions, as `shortcuts export --desktop` and
/// `shortcuts install` write it. A launcher picks a title by the desktop's language, not by the
/// LANG of whoever wrote the file: `Name=` is the catalog's development language (English) and
/// each translation there is becomes `Name[lang]=` — a static item's from the catalog's
/// `<lang>.lproj` folders (German built in), one of the app's defaults from the tables of
/// Data/AppShortcuts.plist, an item the app made from the app's own strings.
enum DesktopExport {
    /// The quick actions to export, titled in the catalog's development language: the set
    /// `shortcuts list` shows, but not in the user's language; `maxVisible` overrides the setting.
    static func shortcuts(in session: Session, catalogPath: String?, maxVisible: Int? = nil) throws -> ShortcutSet {
        let shortcuts = try session.shortcuts(catalogPath: catalogPath, languages: [])
        guard let maxVisible else { return shortcuts }
        return ShortcutSet(
            catalog: shortcuts.catalog, dynamic: shortcuts.dynamic,
            limits: ShortcutLimits(maxVisible: maxVisible, maxTotal: shortcuts.limits.maxTotal))
    }

    /// An entry for `shortcuts` (of `shortcuts(in:catalogPath:)`) run by `command`, with every
    /// translation known of their titles and of the entry's own description.
    static func entry(
        for shortcuts: [ShortcutSet.Entry], in session: Session, catalogPath: String?,
        command: [String], launchOptions: [String]
    ) throws -> DesktopEntry {
        let titles = try translations(of: shortcuts, in: session, catalogPath: catalogPath)
        var entry = DesktopEntry(shortcuts: shortcuts, command: command, launchOptions: launchOptions) { titles[$0.item.type] ?? [:] }
        for language in AppStrings.languages {
            entry.genericName.translations[language] = AppStrings.translate(entry.genericName.value, into: language)
            entry.comment.translations[language] = AppStrings.translate(entry.comment.value, into: language)
        }
        return entry
    }

    /// The titles of `shortcuts` in other languages, by type, then by locale: a static item's
    /// from the catalog loaded in that language, one of the app's defaults from `AppShortcuts`
    /// loaded so, another app item's ("Add expense to <trip>") from `AppStrings`. A user's own
    /// items have only the title they were given.
    static func translations(
        of shortcuts: [ShortcutSet.Entry], in session: Session,
        catalogPath: String?
    ) throws -> [String: [String: String]] {
        let file = try session.catalogFile(path: catalogPath)
        let catalogLanguages = file.map(ShortcutCatalog.languages(besideCatalogAt:)) ?? BundledCatalog.languages
        var result: [String: [String: String]] = [:]
        for language in Set(catalogLanguages + AppShortcuts.languages + AppStrings.languages).sorted() {
            var localized: ShortcutCatalog?
            if catalogLanguages.contains(language) {
                do {
                    localized = try session.loadCatalog(path: catalogPath, languages: [language])
                } catch let error as CatalogError {
                    // The catalog itself loaded: only this language's table is broken.
                    for diagnostic in error.errors {
                        Console.error(
                            "expenses: warning: \(diagnostic.location): \(diagnostic.body); the desktop entry has no '\(language)' titles\n"
                        )
                    }
                }
            }
            for shortcut in shortcuts {
                let title: String?
                switch shortcut.kind {
                case .static: title = localized?.item(shortcut.item.type)?.title
                case .app:
                    // One of the app's defaults has its title from AppShortcuts.plist's tables;
                    // what it writes itself ("Add expense to <trip>"), from its strings.
                    let defaults = AppShortcuts.languages.contains(language) ? try session.appShortcuts(languages: [language]) : nil
                    title = defaults?.item(shortcut.item.type)?.title ?? AppStrings.translate(shortcut.item.title, into: language)
                case .dynamic: title = nil
                }
                guard let title, title != shortcut.item.title else { continue }
                result[shortcut.item.type, default: [:]][language] = title
            }
        }
        return result
    }
}
