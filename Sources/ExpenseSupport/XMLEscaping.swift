extension String {
    /// The text safe inside XML or HTML, in element content and in double-quoted attributes:
    /// `&`, `<`, `>` and `"` escaped. The HTML report and the plist writer both need it.
    ///
    /// Compared scalar by scalar, not by Character: `&` followed by a combining mark is one
    /// Character that is not equal to "&", and was written raw, so that the document no longer
    /// parsed (a quick action handed over with such an argument was lost).
    public var xmlEscaped: String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
