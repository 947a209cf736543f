/// The web page's layout (issue 47): every page of `serve` is `WebPage.layout`, server-rendered,
/// usable without JavaScript at a phone's width and a desk's. The head links the manifest and
/// loads `/sw-register.js`, an external script: the Content-Security-Policy allows no inline one.
public enum WebPage {
    /// Sent with every page: scripts and styles from the server itself only, no inline script,
    /// no framing, forms posted only back to it.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    /// A link of the navigation bar.
    public struct Link: Sendable, Equatable {
        public let title: String
        public let href: String
        public init(_ title: String, _ href: String) {
            self.title = title
            self.href = href
        }
    }

    /// The whole document: `title` and the links are text (escaped here); `body` is HTML made
    /// with `HTML.escape` around every text in it. A form's fields stand one below the other,
    /// each label above its field: inline, at a phone's width each label ended up beside the
    /// field before its own. On a phone a table's cell keeps to one line (its box scrolls
    /// sideways): a date broke in two, an amount's currency fell below its figure. `heading`: false when the body begins with its own.
    public static func layout(title: String, body: String, navigation: [Link] = [], heading: Bool = true) -> String {
        let links = navigation.map { "<a href=\"\(HTML.escape($0.href))\">\(HTML.escape($0.title))</a>" }.joined(separator: " ")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) · Expenses</title>
            <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
            <script src="/sw-register.js" defer></script>
            <style>
            body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0.5rem 1rem; }
            nav a { margin-right: 1rem; }
            table { border-collapse: collapse; width: 100%; }
            td, th { padding: 0.3rem; border-bottom: 1px solid #ccc; text-align: left; }
            input, button { font-size: 1rem; padding: 0.4rem; }
            form label { display: block; margin-top: 0.6rem; }
            form input:not([type=hidden]):not([type=file]) { display: block; width: 100%; max-width: 30rem; box-sizing: border-box; }
            form button { margin-top: 0.6rem; }
            @media (max-width: 40rem) {
            table.cards, table.cards tbody { display: block; }
            table.cards thead { display: none; }
            table.cards tr { display: block; border-bottom: 1px solid #ccc; padding: 0.3rem 0; position: relative; }
            table.cards td a::after { content: ""; position: absolute; inset: 0; }
            table.cards td { display: flex; justify-content: space-between; gap: 1rem; border: none; padding: 0.1rem 0.3rem; }
            table.cards td::before { content: attr(data-label); font-weight: bold; }
            table:not(.cards) td { white-space: nowrap; }
            }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
            dl.facts dd { margin: 0; }
            h1, h2, p, li, dd { overflow-wrap: anywhere; }
            tr.due th, tr.due td { border-top: 2px solid #333; }
            </style>
            </head>
            <body>
            <nav>\(links)</nav>
            \(heading ? "<h1>\(HTML.escape(title))</h1>\n" : "")\(body)
            </body>
            </html>

            """
    }
}

/// HTML's escaping: text shown as text, markup and all.
public enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as entities: safe in an element's text and in a quoted attribute.
    /// Scalar by scalar, not Character by Character: `"` followed by a combining mark is one
    /// Character that equals no `"`, yet the browser still reads the `"` that ends the attribute.
    /// Everything else (combining marks, emoji) is kept as it is: the pages are UTF-8.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
