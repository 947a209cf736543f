/// HTML character references as receipts' HTML uses them: numeric ones (`&#8364;`, `&#x20AC;`)
/// and the named ones of prices, punctuation and the letters of European languages.
enum HTMLEntities {
    static let named: [String: Unicode.Scalar] = [
        "nbsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "euro": "€", "pound": "£", "yen": "¥",
        "cent": "¢", "curren": "¤", "copy": "©", "reg": "®", "trade": "™", "ndash": "–", "mdash": "—", "hellip": "…",
        "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
        "bull": "•", "middot": "·", "times": "×", "divide": "÷", "deg": "°", "sect": "§", "para": "¶", "percnt": "%",
        "ensp": " ", "emsp": " ", "thinsp": " ", "num": "#", "dollar": "$", "commat": "@", "colon": ":", "comma": ",",
        "period": ".", "sol": "/", "lpar": "(", "rpar": ")", "plus": "+", "minus": "−", "frac12": "½", "sup2": "²",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "aring": "å", "aelig": "æ", "ccedil": "ç",
        "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï",
        "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "oslash": "ø", "oelig": "œ",
        "ugrave": "ù", "uacute": "ú", "ucirc": "û", "yuml": "ÿ", "Agrave": "À", "Aacute": "Á", "Acirc": "Â",
        "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Icirc": "Î", "Ocirc": "Ô", "OElig": "Œ",
        "Ugrave": "Ù", "Ucirc": "Û", "Ntilde": "Ñ", "Oslash": "Ø", "Aring": "Å", "AElig": "Æ",
    ]

    /// The character of the reference whose name or number is `body` (what stands between `&` and
    /// `;`), nil when it is none: "" for a soft hyphen, which only marks where a word may break.
    static func decode(_ body: String) -> String? {
        if body == "shy" { return "" }
        if let scalar = named[body] ?? named[body.lowercased()] { return String(scalar) }
        guard body.first == "#" else { return nil }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = digits.count <= 7 ? UInt32(digits.dropFirst(), radix: 16) : nil
        } else {
            value = digits.count <= 8 ? UInt32(digits) : nil
        }
        guard let value else { return nil }
        // NUL, surrogates and beyond Unicode are U+FFFD, as HTML says.
        return String(value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
