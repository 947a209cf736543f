/// The web app's service worker (`/sw.js`) and the script that registers it: Chromium deems a
/// site installable only when a service worker with a fetch handler controls its pages.
///
/// Network first, always: every page is a person's own (their reports, their receipts), behind
/// their session, and a phone keeps its cache after log-out or when another person uses it, so
/// no page is ever cached. Only what is the same for everybody, the manifest and the icons, is
/// kept, for the home screen and the splash screen when the network is gone; a page asked for
/// offline is a short page that says so (made here, not cached), and a form posted offline fails
/// as it would without a worker, never queued to be sent later by someone else's session.
public enum ServiceWorker {
    /// Where the worker is served: at the root, so its scope is every page.
    public static let path = "/sw.js"
    /// What is cached: public, the same for every person.
    public static let publicFiles = ["/manifest.webmanifest", "/icons/192.png", "/icons/512.png"]

    /// The worker's JavaScript; `version` names its cache, so a new server drops the old one.
    public static func script(version: String = "1") -> String {
        let cacheName = "expenses-public-" + version.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        let files = publicFiles.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // expenses: the service worker. Network first; no page is ever cached, since every page is
            // a person's own. Only the manifest and the icons are kept, for the home screen offline.
            "use strict";
            const CACHE = "\(cacheName)";
            const PUBLIC_FILES = [\(files)];

            self.addEventListener("install", (event) => {
              event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PUBLIC_FILES)).then(() => self.skipWaiting()));
            });

            self.addEventListener("activate", (event) => {
              event.waitUntil(
                caches.keys()
                  .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
                  .then(() => self.clients.claim()));
            });

            function offline() {
              return new Response(
                "<!DOCTYPE html><html><head><meta charset=\\"utf-8\\"><meta name=\\"viewport\\" content=\\"width=device-width\\">" +
                  "<title>Offline</title></head><body><h1>Offline</h1><p>expenses needs the network; try again when you have it.</p></body></html>",
                { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
            }

            self.addEventListener("fetch", (event) => {
              const request = event.request;
              const url = new URL(request.url);
              // Posts (log-in, uploads, approvals) and other sites' requests go to the network untouched.
              if (request.method !== "GET" || url.origin !== self.location.origin) return;
              if (PUBLIC_FILES.includes(url.pathname)) {
                event.respondWith(
                  fetch(request)
                    .then((response) => {
                      if (response.ok) {
                        const copy = response.clone();
                        caches.open(CACHE).then((cache) => cache.put(request, copy));
                      }
                      return response;
                    })
                    .catch(() => caches.match(request)));
                return;
              }
              event.respondWith(fetch(request).catch(() => (request.mode === "navigate" ? offline() : Response.error())));
            });

            """
    }
}
