import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// The machine's settings file, `$XDG_CONFIG_HOME/expenses/config`: `key = value` lines, `#`
/// comments and blank lines. Changing one key rewrites only its line, so a person's comments
/// and order survive `expenses config set`.
struct ConfigFile {
    enum Line: Equatable {
        case setting(key: String, value: String)
        /// A comment, a blank line: kept as written.
        case other(String)
    }

    let path: String
    private(set) var lines: [Line]

    /// Reads the file; a missing file is an empty one.
    static func read(_ path: String) throws(ExpenseError) -> ConfigFile {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            switch error {
            case .missing: return ConfigFile(path: path, lines: [])
            case .unreadable(let reason): throw ExpenseError(.noInput, "cannot read the config file \(path): \(reason)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExpenseError(.invalidData, "the config file \(path) is not UTF-8 text")
        }
        var lines: [Line] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") {
                lines.append(.other(line))
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw ExpenseError(
                    .invalidData, "expected 'key = value', found '\(trimmed)'", hint: "lines starting with # are comments",
                    location: "\(path):\(index + 1)")
            }
            let key = trimmed[..<equals].trimmingSpaces
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
            // A value in double quotes keeps its spaces at either end.
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard !key.isEmpty else {
                throw ExpenseError(.invalidData, "a setting without a key", location: "\(path):\(index + 1)")
            }
            lines.append(.setting(key: key, value: value))
        }
        if lines.last == .other("") { lines.removeLast() }  // the file's final newline
        return ConfigFile(path: path, lines: lines)
    }

    /// Each setting with its 1-based line; a key given twice counts with its last value.
    var settings: [(key: String, value: String, line: Int)] {
        lines.enumerated().compactMap { index, line in
            if case .setting(let key, let value) = line { return (key, value, index + 1) }
            return nil
        }
    }

    /// Sets `key`, in place of its first line (dropping any later duplicate), else at the end.
    mutating func set(_ key: String, _ value: String) {
        var replaced = false
        lines = lines.compactMap { line in
            guard case .setting(let existing, _) = line, existing == key else { return line }
            if replaced { return nil }
            replaced = true
            return .setting(key: key, value: value)
        }
        if !replaced { lines.append(.setting(key: key, value: value)) }
    }

    /// Removes every line of `key`; false when there was none.
    mutating func unset(_ key: String) -> Bool {
        let before = lines.count
        lines.removeAll { if case .setting(let existing, _) = $0 { return existing == key } else { return false } }
        return lines.count != before
    }

    var text: String {
        lines.map { line -> String in
            switch line {
            case .other(let text): return text
            case .setting(let key, let value):
                let quoted = value != value.trimmingSpaces || value.isEmpty ? "\"\(value)\"" : value
                return "\(key) = \(quoted)"
            }
        }.joined(separator: "\n") + "\n"
    }
}
