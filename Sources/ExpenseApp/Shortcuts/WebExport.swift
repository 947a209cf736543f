import ExpenseShortcuts
import ExpenseSupport
import Rendering

/// The web app's installable files, made from the same quick actions as the desktop entry
/// (`DesktopExport`): the manifest, whose `shortcuts` a phone shows on a long press of the
/// installed app's icon, the service worker, the icons, and the page that links them.
/// `shortcuts export --web DIR` writes them for inspection; `expenses serve` serves the same.
enum WebExport {
    /// The app items of a person's own trips (and their approvals) that the manifest lists after
    /// the static ones; the app keeps them current as it does for the launcher.
    static let personalActions: Set<String> = [TripShortcuts.openAction, TripShortcuts.addAction, "approveReports"]

    /// The manifest for the session's person: titles in the user's language (LANG) as `shortcuts
    /// list` shows them. showReports and takePhoto are there even when the person removed or
    /// disabled the app's "Take a Picture" item: on a phone, taking the photo is what the app is for.
    /// - Parameter personal: false for a browser nobody is logged in on: the static items only,
    ///   without reading anyone's trips from the database.
    static func manifest(in session: Session, catalogPath: String?, personal: Bool = true) throws -> WebAppManifest {
        let shortcuts =
            personal
            ? try session.shortcuts(catalogPath: catalogPath)
            : ShortcutSet(
                catalog: try session.catalog(path: catalogPath), dynamic: try session.appShortcuts().compose(stored: [], records: []),
                limits: try session.settings().limits)
        let entries = ShortcutCommands.inUserLanguage(shortcuts.entries(), session)
        let defaults = try session.appShortcuts()
        let personal = entries.filter { entry in
            entry.kind == .app && personalActions.contains(entry.item.type.split(separator: ".").last.map(String.init) ?? "")
        }
        return WebAppManifest(
            items: entries.map(\.item) + defaults.defaults.map(\.item), tripItems: personal.map(\.item),
            language: try language(in: session, catalogPath: catalogPath))
    }

    /// The language the titles are in: the user's first that the catalog or the app translates
    /// into, else English, the catalog's development language.
    static func language(in session: Session, catalogPath: String?) throws -> String {
        let file = try session.catalogFile(path: catalogPath)
        let known = Set(
            (file.map(ShortcutCatalog.languages(besideCatalogAt:)) ?? BundledCatalog.languages) + AppShortcuts.languages
                + AppStrings.languages)
        let preferred = PreferredLanguages.from(session.environment.variables).first { known.contains($0) }
        return (preferred ?? "en").replacingScalars { $0 == "_" ? "-" : nil }
    }

    /// The files of the export, by their path under the directory, in the order they are written.
    static func files(_ manifest: WebAppManifest) -> [(path: String, bytes: [UInt8])] {
        let page = ManifestPreviewPage.html(
            name: manifest.name, language: manifest.language, themeColor: manifest.themeColor,
            shortcuts: manifest.shortcuts.map { ($0.name, $0.url) })
        return [
            ("manifest.webmanifest", Array(manifest.render().utf8)),
            ("sw.js", Array(ServiceWorker.script().utf8)),
            (ServiceWorkerRegistration.fileName, Array(ServiceWorkerRegistration.script.utf8)),
        ]
            + WebAppManifest.iconSizes.map { ("icons/\($0).png", AppIconImage.png(size: $0)) }
            + [("index.html", Array(page.utf8))]
    }
}
