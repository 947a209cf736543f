extension DatabaseLocation {
    /// `location` with the password of a URI's user info left out, and a `password` parameter (a
    /// URI's query, or a keyword, quoted or not) shown as `password=SHOWN`, or left out when nil.
    static func rewritingPassword(_ location: String, shownAs shown: String?) -> String {
        let password = shown.map { "password=" + $0 }
        guard let scheme = ["postgresql://", "postgres://"].first(where: location.hasPrefix) else {
            return keywordPairs(location).compactMap { $0.key == "password" ? password : $0.text }.joined(separator: " ")
        }
        var uri = location
        let start = location.index(location.startIndex, offsetBy: scheme.count)
        let authorityEnd = location[start...].firstIndex { "/?".contains($0) } ?? location.endIndex
        let authority = location[start..<authorityEnd]
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            uri = String(location[..<colon]) + String(location[at...])
        }
        guard let question = uri.firstIndex(of: "?") else { return uri }
        let query = uri[uri.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            .compactMap { $0.hasPrefix("password=") ? password : String($0) }
        return String(uri[..<question]) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The `key = value` pairs of a libpq keyword/value string, each with its text as written
    /// (a value in single quotes may hold spaces, and \' or \\ within).
    private static func keywordPairs(_ text: String) -> [(key: String, text: String)] {
        var pairs: [(key: String, text: String)] = []
        var index = text.startIndex
        func skipSpaces() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
        while true {
            skipSpaces()
            guard index < text.endIndex else { return pairs }
            let start = index
            while index < text.endIndex, text[index] != "=", !text[index].isWhitespace { index = text.index(after: index) }
            let key = String(text[start..<index])
            skipSpaces()
            if index < text.endIndex, text[index] == "=" { index = text.index(after: index) }
            skipSpaces()
            if index < text.endIndex, text[index] == "'" {
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "'" {
                    if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                    index = text.index(after: index)
                }
                if index < text.endIndex { index = text.index(after: index) }
            } else {
                while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
            }
            pairs.append((key, String(text[start..<index])))
        }
    }
}
