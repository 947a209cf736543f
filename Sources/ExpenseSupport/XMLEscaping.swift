extension String {
    /// The text safe inside XML or HTML, in element content and in double-quoted attributes:
    /// `&`, `<`, `>` and `"` escaped. The HTML report and the plist writer both need it.
    public var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
