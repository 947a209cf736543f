import ExpenseSupport

/// A script's bytes as text. Decoding replaced bytes that are not UTF-8 with U+FFFD, so a path
/// on such a line named another file (an export written under another name); a script with
/// one is refused at its first such line (65), before any line runs.
enum ScriptText {
    static func decode(_ bytes: [UInt8], name: String) throws(ExpenseError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var number = 1
        var start = 0
        for end in bytes.indices where bytes[end] == UInt8(ascii: "\n") || end == bytes.count - 1 {
            let line = Array(bytes[start...end])
            if String(validating: line, as: UTF8.self) == nil {
                let shown = line.last == UInt8(ascii: "\n") ? Array(line.dropLast()) : line
                throw ExpenseError(
                    .invalidData, "not valid UTF-8: '\(ProcessArguments.visible(shown))'",
                    hint: "save the script as UTF-8; nothing of it was run", location: "\(name):\(number)")
            }
            number += 1
            start = end + 1
        }
        throw ExpenseError(.invalidData, "not valid UTF-8", hint: "save the script as UTF-8; nothing of it was run", location: name)
    }
}
