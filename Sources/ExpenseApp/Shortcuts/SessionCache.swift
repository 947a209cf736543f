import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

/// What a session reads at most once: the config file and the quick-action catalogs. Nothing is
/// read before a command needs it, so start-up and `help` stay free of file access.
struct SessionCache {
    var settings: Settings?
    var configFile: ConfigFile?
    /// By catalog path ("" is the built-in catalog), then NUL and the languages asked for, if any.
    var catalogs: [String: ShortcutCatalog] = [:]
    /// The app's default dynamic quick actions, by NUL and the languages asked for ("" for the user's).
    var appShortcuts: [String: AppShortcuts] = [:]
    /// The trip the app's own quick actions were last refreshed for, as they show it, to skip
    /// refreshing again after every line of a script that adds expenses to one trip.
    var refreshedTrip: TripShortcuts.Shown?
}

extension Session {
    /// `$XDG_CONFIG_HOME/expenses/config`.
    var configPath: String { environment.configFile }

    func configFile() throws -> ConfigFile {
        if let file = cache.configFile { return file }
        let file = try ConfigFile.read(configPath)
        cache.configFile = file
        return file
    }

    /// The settings in force: the config file over the defaults.
    public func settings() throws -> Settings {
        if let settings = cache.settings { return settings }
        let file = try configFile()
        let settings = try Settings(file: file)
        for unknown in Settings.unknownKeys(in: file) {
            let suggestion = Suggestion.closest(to: unknown.key, among: Settings.keys.map(\.name))
            Console.error(
                "expenses: warning: \(file.path):\(unknown.line): unknown setting '\(unknown.key)' is ignored"
                    + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "\n")
        }
        cache.settings = settings
        return settings
    }

    /// Forgets the settings after `config set`, so the rest of a session uses the new ones.
    func forgetSettings() {
        cache.settings = nil
        cache.configFile = nil
        cache.catalogs = [:]
        cache.appShortcuts = [:]
    }

    /// The static catalog: `path` when given (`--catalog`), else the `shortcuts.catalog` setting,
    /// else the built-in one. Errors in it are printed, all of them, then thrown (exit 65).
    /// - Parameter languages: the titles' languages, most preferred first; nil for the user's
    ///   (LANG), none for the catalog's development language.
    public func catalog(path: String? = nil, languages: [String]? = nil) throws -> ShortcutCatalog {
        do {
            return try loadCatalog(path: path, languages: languages)
        } catch let error as CatalogError {
            throw CatalogMessages.reportable(error)
        }
    }

    /// The file of the catalog `catalog(path:)` loads: `path`, else the setting's; nil for the built-in one.
    func catalogFile(path: String?) throws -> String? {
        try path.map(environment.path) ?? settings().catalogPath.map { $0.hasPrefix("/") ? $0 : environment.configDirectory + "/" + $0 }
    }

    /// The catalog as `catalog(path:)` chooses it, reporting nothing: its errors are thrown.
    func loadCatalog(path: String?, languages: [String]? = nil) throws -> ShortcutCatalog {
        let settings = try settings()
        let chosen = try catalogFile(path: path)
        let key = (chosen ?? "") + (languages.map { "\u{0}" + $0.joined(separator: ":") } ?? "")
        if let catalog = cache.catalogs[key] { return catalog }
        let options = ShortcutCatalog.Options(
            variables: settings.catalogVariables,
            languages: languages ?? PreferredLanguages.from(environment.variables),
            maxItems: settings.limits.maxTotal)
        let catalog: ShortcutCatalog
        if let chosen {
            catalog = try ShortcutCatalog.load(path: chosen, options: options)
        } else {
            catalog = try BundledCatalog.load(options: options)
        }
        cache.catalogs[key] = catalog
        return catalog
    }

    /// The app's own default dynamic quick actions (`AppShortcuts`), with the catalog's variables;
    /// titles in `languages` as `catalog(path:languages:)` takes them.
    func appShortcuts(languages: [String]? = nil) throws -> AppShortcuts {
        let key = languages.map { "\u{0}" + $0.joined(separator: ":") } ?? ""
        if let defaults = cache.appShortcuts[key] { return defaults }
        let options = ShortcutCatalog.Options(
            variables: try settings().catalogVariables,
            languages: languages ?? PreferredLanguages.from(environment.variables))
        let defaults: AppShortcuts
        do {
            defaults = try AppShortcuts.load(options: options)
        } catch {
            throw CatalogMessages.reportable(error)
        }
        cache.appShortcuts[key] = defaults
        return defaults
    }

    /// Static and dynamic quick actions together, under the configured caps; static titles, and
    /// those of the app's defaults, in `languages` as `catalog(path:languages:)` takes them. The
    /// app's defaults stand in until it publishes them; reading writes nothing.
    public func shortcuts(catalogPath: String? = nil, languages: [String]? = nil) throws -> ShortcutSet {
        let catalog = try catalog(path: catalogPath, languages: languages)
        let settings = try settings()
        let defaults = try appShortcuts(languages: languages)
        let store = existingStore()
        var shortcuts = ShortcutSet(
            catalog: catalog,
            dynamic: try store?.dynamicShortcuts(with: defaults)
                ?? defaults.compose(stored: [], records: []), limits: settings.limits)
        // Not yet published (a database with trip items from before the app had defaults): they
        // stand where the app's next refresh puts them.
        if try !(store?.hasPublished(defaults) ?? false) { try TripShortcuts.arrange(&shortcuts, appID: settings.appID) }
        return shortcuts
    }
}

/// How a catalog's errors and warnings reach stderr: in the format of the runner's errors.
enum CatalogMessages {
    static func print(_ diagnostic: CatalogDiagnostic) {
        let label = diagnostic.severity == .error ? "error" : "warning"
        Console.error(
            "expenses: \(label): \(diagnostic.location): \(diagnostic.body)\n"
                + (ErrorPresenter.hint(diagnostic).map { "hint: \($0)\n" } ?? ""))
    }

    /// A catalog that does not load: every error is printed as `expenses: error: FILE: item N
    /// (TYPE): message`, so that one run shows everything to fix; the last one is returned for the
    /// runner to print, with the exit status of bad data.
    static func reportable(_ error: CatalogError) -> ExpenseError {
        let errors = error.errors
        for diagnostic in error.diagnostics where diagnostic != errors.last { print(diagnostic) }
        guard let last = errors.last else { return ExpenseError(.invalidData, "the catalog does not load") }
        var reportable = ExpenseError(.invalidData, last.body, hint: last.hint, location: last.location)
        reportable.code = last.code
        return reportable
    }

    /// Prints a catalog's warnings (for the commands that manage quick actions, not for launches).
    static func print(_ catalog: ShortcutCatalog) {
        for warning in catalog.warnings { print(warning) }
    }
}
