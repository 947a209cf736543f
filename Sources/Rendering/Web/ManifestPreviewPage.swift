import ExpenseSupport

/// The page `shortcuts export --web DIR` writes beside the manifest, so that a browser can load
/// the export as a site and say what it makes of it (Chromium's manifest parser and its
/// installability checks): it links the manifest and the icons, loads the script that registers
/// the service worker, and lists the quick actions as links. Every text is escaped; the
/// Content-Security-Policy allows scripts from the site's own files only, never inline.
public enum ManifestPreviewPage {
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// `shortcuts`: each quick action's title and the path it opens, in the manifest's order.
    public static func html(
        name: String, language: String?, themeColor: String, shortcuts: [(title: String, url: String)],
        manifestPath: String = "/manifest.webmanifest"
    ) -> String {
        let items = shortcuts.map { "<li><a href=\"\($0.url.xmlEscaped)\">\($0.title.xmlEscaped)</a></li>" }
        return """
            <!DOCTYPE html>
            <html lang="\((language ?? "en").xmlEscaped)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy.xmlEscaped)">
            <meta name="theme-color" content="\(themeColor.xmlEscaped)">
            <title>\(name.xmlEscaped)</title>
            <link rel="manifest" href="\(manifestPath.xmlEscaped)">
            <link rel="icon" type="image/png" sizes="192x192" href="/icons/192.png">
            <link rel="apple-touch-icon" href="/icons/192.png">
            <script src="\(ServiceWorkerRegistration.path)"></script>
            </head>
            <body>
            <h1>\(name.xmlEscaped)</h1>
            <p>The quick actions of the installed app:</p>
            <ul id="shortcuts">
            \(items.joined(separator: "\n"))
            </ul>
            </body>
            </html>

            """
    }
}
