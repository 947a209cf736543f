/// Escaping compares Unicode scalars, never Characters: `"\r\n"` is one Character that equals
/// neither "\r" nor "\n", and `&` or `"` followed by a combining mark is one Character that is not
/// equal to "&" or "\"". Compared as Characters, such text slipped through raw and broke out of
/// what it was written into (a desktop entry gained a line of its own; a stored launch no longer
/// parsed; a CSV row split in two).
extension String {
    /// The text with each scalar that `replacement` returns a string for replaced by it.
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { out.append(contentsOf: replaced.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// Whether any scalar of the text is one of `scalars`.
    public func containsScalar(in scalars: Set<Unicode.Scalar>) -> Bool {
        unicodeScalars.contains { scalars.contains($0) }
    }

    /// The text safe inside XML or HTML, in element content and in double-quoted attributes:
    /// `&`, `<`, `>` and `"` escaped. The HTML report and the plist writer both need it.
    public var xmlEscaped: String {
        replacingScalars { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            default: return nil
            }
        }
    }
}
