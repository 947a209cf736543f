import PropertyList

/// The app's own text in other languages — what it writes itself rather than reads from a catalog:
/// the titles of the quick actions it keeps current ("Add expense to %@") and its desktop entry's
/// description. The tables are `Data/<lang>.lproj/Localizable.strings` compiled in, keyed by the
/// English text as iOS keys `NSLocalizedString`; `%@` stands for one value such as a trip's title.
public enum AppStrings {
    /// A language is one symlink under Sources/ExpenseShortcuts/Resources, one line in
    /// Package.swift and one line here.
    static let tables: [String: StringsFile] = {
        let sources: [String: [UInt8]] = [
            "de": PackageResources.Localizable_de_strings
        ]
        // A table that does not parse is a build mistake the tests catch; the app stays English.
        return sources.compactMapValues { try? StringsFile.parse($0) }
    }()

    /// The languages there are tables for, sorted.
    public static var languages: [String] { tables.keys.sorted() }

    /// `english` in `language`: its own entry, else the first entry with a `%@` whose text
    /// around it matches, with the value in its place ("Add expense to Munich" → "Ausgabe zu
    /// Munich hinzufügen"); nil when the table has neither.
    public static func translate(_ english: String, into language: String) -> String? {
        guard let table = tables[language] else { return nil }
        if let exact = table[english] { return exact }
        for (key, translation) in table.table.sorted(by: { $0.key < $1.key }) {
            guard let value = value(of: english, in: key) else { continue }
            return translation.replacing("%@", with: value)
        }
        return nil
    }

    /// What `%@` stands for when `text` has the form of `format`, which holds exactly one `%@`.
    static func value(of text: String, in format: String) -> String? {
        let parts = format.split(separator: "%@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let prefix = parts[0]
        let suffix = parts[1]
        guard text.count > prefix.count + suffix.count, text.hasPrefix(prefix), text.hasSuffix(suffix) else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
