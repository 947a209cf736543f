/// Text put into a page's HTML, escaped: `&`, `<`, `>`, `"` and `'` become character
/// references, so a title, a merchant or a file name with markup shows as the text it is,
/// in an element or in a quoted attribute. Everything else (combining marks, emoji) is kept as
/// it is: the pages are UTF-8. The pages of the take-photo path use it until the layout's own
/// escaping (`HTML.escape`, beside `WebPage`) is merged, and can then call that instead.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
