/// The build settings an Info.plist refers to as `$(NAME)` or `${NAME}`, so that an iOS app's
/// real Info.plist loads unchanged: `$(PRODUCT_BUNDLE_IDENTIFIER).showReports` becomes
/// `com.sap.example.showReports`. Xcode's modifiers `:lower`, `:upper`, `:rfc1034identifier`,
/// `:identifier` and `:c99extidentifier` apply as Xcode applies them.
public struct CatalogVariables: Sendable, Equatable {
    public var values: [String: String]

    public init(_ values: [String: String]) { self.values = values }

    /// The settings Xcode defines for every target, for an app with id `appID`; `extra` (from the
    /// config file's `var.NAME` keys) adds to them or overrides them.
    public static func standard(
        appID: String, productName: String = "expenses", version: String,
        extra: [String: String] = [:]
    ) -> CatalogVariables {
        var values = [
            "PRODUCT_BUNDLE_IDENTIFIER": appID,
            "PRODUCT_NAME": productName,
            "EXECUTABLE_NAME": productName,
            "PRODUCT_MODULE_NAME": productName,
            "TARGET_NAME": productName,
            "DEVELOPMENT_LANGUAGE": "en",
            "MARKETING_VERSION": version,
            "CURRENT_PROJECT_VERSION": version,
        ]
        values.merge(extra) { _, new in new }
        return CatalogVariables(values)
    }

    public enum Failure: Error, Equatable {
        case undefined(String)
        case unknownModifier(String, variable: String)
        case unterminated(String)
    }

    /// `text` with every reference replaced; a `$` that starts no reference is kept as it is.
    public func expand(_ text: String) throws(Failure) -> String {
        guard text.contains("$") else { return text }
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
                out.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let close: Character = rest[afterDollar] == "(" ? ")" : "}"
            let nameStart = rest.index(after: afterDollar)
            guard let end = rest[nameStart...].firstIndex(of: close) else {
                throw .unterminated(String(rest[dollar...]))
            }
            let reference = rest[nameStart..<end]
            let parts = reference.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let value = values[name] else { throw .undefined(name) }
            var expanded = value
            for modifier in parts.dropFirst() {
                expanded = try Self.apply(String(modifier), to: expanded, variable: name)
            }
            out += expanded
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    private static func apply(_ modifier: String, to value: String, variable: String) throws(Failure) -> String {
        func replacingDisallowed(_ replacement: Character, allowing extra: Set<Character>) -> String {
            String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || extra.contains($0)) ? $0 : replacement })
        }
        switch modifier {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "rfc1034identifier": return replacingDisallowed("-", allowing: ["-", "."])
        case "identifier", "c99extidentifier":
            let identifier = replacingDisallowed("_", allowing: ["_"])
            return identifier.first?.isNumber == true ? "_" + identifier : identifier
        default: throw .unknownModifier(modifier, variable: variable)
        }
    }
}
