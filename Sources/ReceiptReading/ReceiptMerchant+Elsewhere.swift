import ExpenseSupport

/// Where a receipt names its issuer outside the letterhead, read when the letterhead is a logo
/// that OCR cannot read, or reads as noise or a slogan: the company line with a legal form, often
/// at the foot ("Aldi GmbH & Co. KG, Schloß Holte"), and the business's own web or e-mail
/// address ("www.roller.de"). A person who cannot make out the logo reads these. The address also
/// says which of the top block's names is the issuer's: "Azure Interior" under a tagline, with
/// http://www.azure-interior.com at the foot.
extension ReceiptMerchant {
    /// Hosts of mail, social networks and payment services: a receipt printing one names no
    /// business by it.
    public static let commonHosts: Set<String> = [
        "gmail", "googlemail", "google", "yahoo", "hotmail", "outlook", "live", "msn", "icloud", "aol", "gmx", "web",
        "tonline", "freenet", "posteo", "protonmail", "proton", "mail", "facebook", "instagram", "twitter", "youtube",
        "linkedin", "tiktok", "paypal", "stripe", "example",
    ]
    /// Second-level labels of a country's domain: amazon.co.uk names amazon, not co.
    static let secondLevelLabels: Set<String> = ["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or"]
    /// Legal forms matched with a letter misread (GnbH, Gmbl): GmbH, the form on most German
    /// receipts, whose m and b OCR often takes for others. (Not every form: EURL would match EURO.)
    static let misreadableLegalForms: Set<String> = ["gmbh"]

    /// The business names in the text's web and e-mail addresses, in order: "www.roller.de" →
    /// roller, "http://www.azure-interior.com" → azure-interior, "help@getadblock.com" →
    /// getadblock; common hosts (`commonHosts`) left out.
    static func hostNames(_ lines: [String]) -> [(line: Int, name: String)] {
        var names: [(line: Int, name: String)] = []
        for (index, line) in lines.enumerated() {
            for token in line.split(whereSeparator: { $0.isWhitespace || "<>()[],;\"'".contains($0) }) {
                guard let host = host(in: token), let name = businessLabel(of: host), !commonHosts.contains(name.filter(\.isLetter))
                else { continue }
                names.append((index, name))
            }
        }
        return names
    }

    /// The host of a web address (www.…, http://…) or an e-mail address, lowercased.
    static func host(in token: Substring) -> String? {
        var rest = token.lowercased()[...]
        if let at = rest.lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        } else if let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
        } else if !rest.hasPrefix("www.") {
            return nil
        }
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        else { return nil }
        return String(host)
    }

    /// The label of a host that names the business: the one before its public suffix.
    static func businessLabel(of host: String) -> String? {
        var labels = host.split(separator: ".").map(String.init)
        if labels.first == "www" { labels.removeFirst() }
        guard labels.count >= 2, labels.last?.allSatisfy(\.isLetter) == true else { return nil }
        labels.removeLast()
        if labels.count >= 2, let last = labels.last, secondLevelLabels.contains(last) { labels.removeLast() }
        guard let label = labels.last, label.filter(\.isLetter).count >= 3 else { return nil }
        return label
    }

    /// A host's business label as a name: "roller" → Roller, "azure-interior" → Azure Interior.
    static func nameOfHost(_ label: String) -> String {
        label.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Whether `name` and a host's business label are the same business: folded to their letters
    /// and digits, one contains the other.
    static func agrees(_ name: String, withHost label: String) -> Bool {
        let name = folded(name)
        let host = folded(label)
        return !name.isEmpty && !host.isEmpty && (name.contains(host) || host.contains(name))
    }

    static func folded(_ text: some StringProtocol) -> String {
        ReceiptWords(text).words.joined() + text.filter(\.isASCIIDigitCharacter)
    }

    /// The issuer's company line anywhere on the receipt, outside `skipping`: the first line
    /// with a legal form, its name the words before the legal form back to a number, a colon or
    /// the line's start, without a national company's country. "UKST: 3322 Dirk Rossmann GnbH"
    /// → Dirk Rossmann, "Aldi GmbH & Co. KG, Schloß Holte" → Aldi.
    static func companyLine(_ lines: [String], _ order: ReceiptDates.SlashOrder, skipping: Set<Int>) -> (line: Int, name: String)? {
        for (index, line) in lines.enumerated() where !skipping.contains(index) {
            let tokens = line.split(whereSeparator: \.isWhitespace)
            guard let form = tokens.indices.dropFirst().first(where: { isLegalForm(tokens[$0]) }) else { continue }
            var start = form
            while start > tokens.startIndex {
                let token = tokens[start - 1]
                if token.contains(where: \.isASCIIDigitCharacter) || token.hasSuffix(":") || token.allSatisfy({ !$0.isLetter }) { break }
                start -= 1
            }
            var words = Array(tokens[start..<form])
            if words.count > 1, let last = words.last, countryWords.contains(ReceiptWords(last).phrase) { words.removeLast() }
            let name = clean(words.joined(separator: " "))
            if readsAsName(name[...], order) { return (index, name) }
        }
        return nil
    }

    /// A token that is a legal form (GmbH, Ltd., S.A.), or one OCR misread by a letter (GnbH).
    static func isLegalForm(_ token: Substring) -> Bool {
        let parts = joinedLetters(ReceiptWords(token))
        return parts.contains { part in
            legalForms.contains(part)
                || misreadableLegalForms.contains { $0.count == part.count && zip($0, part).filter { $0 != $1 }.count == 1 }
        }
    }
}
