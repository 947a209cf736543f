import ExpenseShortcuts
import ExpenseSupport
import Rendering
import WebServing

/// What makes the web page an installable app, served: the manifest (the logged-in person's, with
/// their trip items; the static quick actions for a browser nobody is logged in on), the service
/// worker and the script that registers it, and the icons. The same files as `shortcuts export
/// --web DIR` writes (`WebExport`).
final class WebAssets: @unchecked Sendable {
    private unowned let application: WebApplication
    let serviceWorker = HTTPResponse.bytes(Array(ServiceWorker.script().utf8), contentType: "text/javascript; charset=utf-8")
        .adding("Cache-Control", "no-cache")
    let registration = HTTPResponse.bytes(Array(ServiceWorkerRegistration.script.utf8), contentType: "text/javascript; charset=utf-8")
        .adding("Cache-Control", "no-cache")
    /// Drawn once, when `serve` starts.
    private let icons: [String: HTTPResponse] = Dictionary(
        uniqueKeysWithValues: WebAppManifest.iconSizes.map {
            ("\($0).png", HTTPResponse.bytes(AppIconImage.png(size: $0), contentType: "image/png").adding("Cache-Control", "max-age=86400"))
        })

    init(application: WebApplication) { self.application = application }

    func icon(_ file: String) -> HTTPResponse { icons[file] ?? .text("not found\n", status: 404) }

    /// `/manifest.webmanifest`: the pages link it with credentials, so a logged-in browser gets the
    /// person's own; the titles are in the browser's language (`Accept-Language`) where the
    /// catalog or the app has it, as `shortcuts list` gives them in LANG's.
    func manifest(_ request: HTTPRequest) -> HTTPResponse {
        let configuration = application.configuration
        var environment = configuration.environment
        if let header = request.header("Accept-Language") {
            environment.variables.merge(PreferredLanguages.variables(acceptLanguage: header)) { $1 }
        }
        do {
            let made = try Session(environment: environment, databaseOverride: configuration.location.portable)
            let manifest =
                if let session = application.sessions.session(request.cookies[WebApplication.sessionCookie]) {
                    try session.withStore { store in
                        try made.adopt(store)
                        return try WebExport.manifest(in: made, catalogPath: nil)
                    }
                } else {
                    try WebExport.manifest(in: made, catalogPath: nil, personal: false)
                }
            return .json(manifest.render(), contentType: "application/manifest+json").adding("Cache-Control", "no-store")
                .adding("Vary", "Cookie, Accept-Language")
        } catch {
            let message = (error as? ExpenseError)?.message ?? "\(error)"
            return .text("the manifest cannot be made: \(message)\n", status: 500)
        }
    }
}
