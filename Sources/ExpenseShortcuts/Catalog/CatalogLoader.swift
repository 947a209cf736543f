import ExpenseCore
import ExpenseSupport
import PropertyList

/// Reads and checks a catalog: every item, every key, collecting all problems before failing, so
/// that one run shows an author everything to fix.
struct CatalogLoader {
    let source: String
    let options: ShortcutCatalog.Options
    private var diagnostics: [CatalogDiagnostic] = []

    init(source: String, options: ShortcutCatalog.Options) {
        self.source = source
        self.options = options
    }

    mutating func load(_ bytes: [UInt8], localizations: ShortcutCatalog.LocalizationSource) throws(CatalogError) -> ShortcutCatalog {
        let root: PropertyListValue
        do {
            root = try PropertyList.parse(bytes)
        } catch {
            throw CatalogError([CatalogDiagnostic(.error, file: source, line: error.line, "malformed property list: \(error.message)")])
        }
        guard case .dictionary(let info) = root else {
            throw CatalogError([
                CatalogDiagnostic(.error, file: source, "the property list is \(root.typeDescription); an Info.plist is a dictionary")
            ])
        }
        let strings = try localization(info, localizations)
        guard let list = info[ShortcutItem.Key.items] else {
            warning(nil, nil, "there is no \(ShortcutItem.Key.items) array: the catalog has no quick actions")
            return ShortcutCatalog(source: source, items: [], warnings: diagnostics, localization: strings?.name)
        }
        guard case .array(let elements) = list else {
            throw CatalogError([
                CatalogDiagnostic(.error, file: source, "\(ShortcutItem.Key.items) is \(list.typeDescription), expected an array")
            ])
        }
        var items: [ShortcutItem] = []
        var firstIndexOfType: [String: Int] = [:]
        for (offset, element) in elements.enumerated() {
            let number = offset + 1
            guard let item = self.item(element, number: number, strings: strings) else { continue }
            if let first = firstIndexOfType[item.type] {
                error(
                    number, item.type, "duplicate type: item \(first) has the same \(ShortcutItem.Key.type)",
                    hint: "each quick action needs a type of its own")
                continue
            }
            firstIndexOfType[item.type] = number
            items.append(item)
        }
        if elements.count > options.maxItems {
            error(
                nil, nil, "\(elements.count) items; at most \(options.maxItems) static and dynamic quick actions are allowed",
                code: .catalogTooManyItems)
        }
        if diagnostics.contains(where: { $0.severity == .error }) { throw CatalogError(diagnostics) }
        return ShortcutCatalog(source: source, items: items, warnings: diagnostics, localization: strings?.name)
    }

    // MARK: - Items

    private mutating func item(_ element: PropertyListValue, number: Int, strings: Localization?) -> ShortcutItem? {
        guard case .dictionary(let dictionary) = element else {
            error(number, nil, "is \(element.typeDescription), expected a dictionary")
            return nil
        }
        let errorsBefore = errorCount
        let rawType = string(dictionary, ShortcutItem.Key.type, required: true, number: number, type: nil)
        var type = rawType
        if let rawType {
            type = expand(rawType, key: ShortcutItem.Key.type, number: number, type: rawType)
            if type?.trimmingSpaces.isEmpty == true {
                error(number, rawType, "\(ShortcutItem.Key.type) is empty")
            }
        }
        let label = type ?? rawType
        let title = text(dictionary, ShortcutItem.Key.title, required: true, number: number, type: label, strings: strings)
        if let title, title.trimmingSpaces.isEmpty { error(number, label, "\(ShortcutItem.Key.title) is empty") }
        let subtitle = text(dictionary, ShortcutItem.Key.subtitle, required: false, number: number, type: label, strings: strings)
        var icon = ShortcutIcon()
        if let name = string(dictionary, ShortcutItem.Key.iconType, required: false, number: number, type: label) {
            if let system = SystemIcon(plistName: name) {
                icon.type = system
            } else {
                let suggestion =
                    Suggestion.closest(to: name, among: SystemIcon.allCases.map(\.plistName))
                    ?? SystemIcon(loosely: name)?.plistName
                error(
                    number, label, "unknown icon type '\(name)'",
                    code: .unknownIconType(suggestion: suggestion))
            }
        }
        icon.file = string(dictionary, ShortcutItem.Key.iconFile, required: false, number: number, type: label)
            .flatMap { expand($0, key: ShortcutItem.Key.iconFile, number: number, type: label) }
        icon.symbolName = string(dictionary, ShortcutItem.Key.iconSymbolName, required: false, number: number, type: label)
        var userInfo = PropertyListDictionary()
        if let value = dictionary[ShortcutItem.Key.userInfo] {
            if case .dictionary(let info) = value {
                userInfo = expandStrings(info, number: number, type: label)
            } else {
                error(number, label, "\(ShortcutItem.Key.userInfo) is \(value.typeDescription), expected a dictionary")
            }
        }
        for key in dictionary.keys where !ShortcutItem.Key.all.contains(key) {
            let suggestion = Suggestion.closest(to: key, among: ShortcutItem.Key.all)
            warning(number, label, "unknown key '\(key)' is ignored", hint: suggestion.map { "did you mean '\($0)'?" })
        }
        guard errorCount == errorsBefore, let type, let title else { return nil }
        let width = TitleWidth.columns(title)
        if width > ShortcutLimits.titleColumns {
            warning(
                number, type,
                "the title '\(title)' is \(width) columns wide and will not fit one line"
                    + (subtitle == nil ? "; it wraps to two" : "; with a subtitle it is cut short with an ellipsis"),
                hint: "keep titles to \(ShortcutLimits.titleColumns) columns; put details in the subtitle")
        }
        return ShortcutItem(type: type, title: title, subtitle: subtitle, icon: icon, userInfo: userInfo)
    }

    /// A string value; a missing required key or a value of another type is an error.
    private mutating func string(
        _ dictionary: PropertyListDictionary, _ key: String, required: Bool, number: Int,
        type: String?
    ) -> String? {
        guard let value = dictionary[key] else {
            if required { error(number, type, "missing \(key) (required)") }
            return nil
        }
        guard case .string(let text) = value else {
            error(number, type, "\(key) is \(value.typeDescription), expected a string")
            return nil
        }
        return text
    }

    /// A title or subtitle: localized by the .strings table (the plist value is the key, as on
    /// iOS), then expanded.
    private mutating func text(
        _ dictionary: PropertyListDictionary, _ key: String, required: Bool, number: Int,
        type: String?, strings: Localization?
    ) -> String? {
        guard let raw = string(dictionary, key, required: required, number: number, type: type) else { return nil }
        var localized = strings?.table[raw]
        if localized == nil, let strings, let expanded = try? options.variables.expand(raw) { localized = strings.table[expanded] }
        if localized == nil, let strings, !raw.isEmpty {
            warning(number, type, "no translation of '\(raw)' in \(strings.name)")
        }
        return expand(localized ?? raw, key: key, number: number, type: type)
    }

    private mutating func expand(_ text: String, key: String, number: Int?, type: String?) -> String? {
        do {
            return try options.variables.expand(text)
        } catch {
            switch error {
            case .undefined(let name):
                self.error(
                    number, type, "undefined variable $(\(name)) in \(key)",
                    code: .undefinedVariable(name))
            case .unknownModifier(let modifier, let variable):
                self.error(
                    number, type, "unknown modifier ':\(modifier)' of $(\(variable)) in \(key)",
                    hint: "Xcode's modifiers are lower, upper, rfc1034identifier, identifier and c99extidentifier")
            case .unterminated(let reference):
                self.error(number, type, "unterminated variable reference '\(reference)' in \(key)")
            }
            return nil
        }
    }

    private mutating func expandStrings(_ dictionary: PropertyListDictionary, number: Int, type: String?) -> PropertyListDictionary {
        var result = PropertyListDictionary()
        for entry in dictionary.entries {
            result[entry.key] = expandStrings(entry.value, key: "\(ShortcutItem.Key.userInfo).\(entry.key)", number: number, type: type)
        }
        return result
    }

    private mutating func expandStrings(_ value: PropertyListValue, key: String, number: Int, type: String?) -> PropertyListValue {
        switch value {
        case .string(let text): return .string(expand(text, key: key, number: number, type: type) ?? text)
        case .array(let values): return .array(values.map { expandStrings($0, key: key, number: number, type: type) })
        case .dictionary(let dictionary): return .dictionary(expandStrings(dictionary, number: number, type: type))
        default: return value
        }
    }

    // MARK: - Localization

    /// The strings table of the first preferred language that has one, else of the plist's
    /// development region (CFBundleDevelopmentRegion), as iOS falls back.
    typealias Localization = (name: String, table: StringsFile)

    private mutating func localization(_ info: PropertyListDictionary, _ source: ShortcutCatalog.LocalizationSource)
        throws(CatalogError) -> Localization?
    {
        var languages = options.languages
        let region = info["CFBundleDevelopmentRegion"]?.stringValue.flatMap { try? options.variables.expand($0) } ?? "en"
        if !languages.contains(region) { languages.append(region) }
        for language in languages {
            let found: (name: String, bytes: [UInt8])?
            do {
                found = try source(language)
            } catch {
                let reason: String
                switch error {
                case .missing: reason = "no such file"
                case .unreadable(let why): reason = why
                }
                throw CatalogError([CatalogDiagnostic(.error, file: "\(language).lproj/InfoPlist.strings", "cannot read it: \(reason)")])
            }
            guard let found else { continue }
            do {
                return (found.name, try StringsFile.parse(found.bytes))
            } catch {
                throw CatalogError([
                    CatalogDiagnostic(.error, file: found.name, line: error.line, "malformed strings file: \(error.message)")
                ])
            }
        }
        return nil
    }

    // MARK: - Diagnostics

    private var errorCount: Int { diagnostics.count { $0.severity == .error } }

    private mutating func error(
        _ number: Int?, _ type: String?, _ message: String, hint: String? = nil,
        code: ExpenseError.Code? = nil
    ) {
        diagnostics.append(CatalogDiagnostic(.error, file: source, item: number, type: type, message, hint: hint, code: code))
    }

    private mutating func warning(_ number: Int?, _ type: String?, _ message: String, hint: String? = nil) {
        diagnostics.append(CatalogDiagnostic(.warning, file: source, item: number, type: type, message, hint: hint))
    }
}
