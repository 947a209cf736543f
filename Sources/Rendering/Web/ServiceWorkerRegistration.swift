/// The script that registers the service worker (`/sw-register.js`). It is a file of its own,
/// loaded with `<script src>`, because the pages' Content-Security-Policy allows no inline
/// script; without JavaScript the pages work the same, only the app is not installable.
public enum ServiceWorkerRegistration {
    /// Where the script is served.
    public static let path = "/sw-register.js"
    /// Its file name in an exported site (`shortcuts export --web`).
    public static let fileName = "sw-register.js"

    /// The script: registers `/sw.js` with the whole site as its scope, once the page has loaded.
    public static let script = """
        // expenses: registers the service worker, which makes the app installable; the pages need no JavaScript.
        "use strict";
        if ("serviceWorker" in navigator) {
          window.addEventListener("load", () => {
            navigator.serviceWorker.register("\(ServiceWorker.path)", { scope: "/" }).catch(() => {});
          });
        }

        """
}
