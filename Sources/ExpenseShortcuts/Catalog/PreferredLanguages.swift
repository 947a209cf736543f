import ExpenseSupport

/// The languages a user reads, most preferred first, from the POSIX locale variables: gettext's
/// `LANGUAGE` list, then the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. `de_DE.UTF-8`
/// yields `de_DE` then `de`; the C and POSIX locales yield nothing.
public enum PreferredLanguages {
    public static func from(_ environment: [String: String]) -> [String] {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG")
        var names: [String] = []
        // gettext ignores LANGUAGE when the locale is C, and so do we.
        if let list = value("LANGUAGE"), let locale, !isPOSIX(locale) {
            names += list.split(separator: ":").map(String.init)
        }
        if let locale { names.append(locale) }
        var languages: [String] = []
        for name in names where !isPOSIX(name) {
            let base = String(name.prefix { $0 != "." && $0 != "@" })
            for candidate in [base, String(base.prefix { $0 != "_" && $0 != "-" })]
            where !candidate.isEmpty && !languages.contains(candidate) {
                languages.append(candidate)
            }
        }
        return languages
    }

    /// A browser's `Accept-Language` (`de-DE,de;q=0.9,en;q=0.8`) as the locale variables that
    /// say the same to `from`: the web page's person is asked in their browser's language, not in
    /// the server's. Tags by weight, highest first; `*`, weight 0 and malformed entries dropped.
    public static func variables(acceptLanguage header: String) -> [String: String] {
        var weighted: [(tag: String, weight: Double, order: Int)] = []
        for (order, entry) in header.split(separator: ",").prefix(20).enumerated() {
            let parts = entry.split(separator: ";").map { String($0).trimmingSpaces }
            guard let tag = parts.first, !tag.isEmpty, tag.count <= 35,
                tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if weight > 0 { weighted.append((String(tag.map { $0 == "-" ? "_" : $0 }), weight, order)) }
        }
        let tags = weighted.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.map(\.tag)
        guard let first = tags.first else { return [:] }
        return ["LC_ALL": first + ".UTF-8", "LANGUAGE": tags.joined(separator: ":")]
    }

    static func isPOSIX(_ locale: String) -> Bool {
        let base = locale.prefix { $0 != "." && $0 != "@" }
        return base == "C" || base == "POSIX"
    }

    /// Whether `name` is a language as locales write it: a lowercase ISO 639 code, then
    /// optionally `_` and a region or script (`de`, `pt_BR`, `zh_Hans`).
    public static func isLanguageName(_ name: String) -> Bool {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
            parts[0].allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.count == 1 || ((2...8).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// The `.lproj` folder names that may hold a language: `de_DE.lproj`, `de-DE.lproj`, `de.lproj`.
    static func folderNames(_ language: String) -> [String] {
        let dashed = language.replacing("_", with: "-")
        return dashed == language ? ["\(language).lproj"] : ["\(language).lproj", "\(dashed).lproj"]
    }
}
