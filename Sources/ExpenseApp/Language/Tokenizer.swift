/// Splits a command line into words the way a POSIX shell would for the parts people use:
/// "double" and 'single' quotes, backslash escapes, `#` comments at the start of a word.
public enum Tokenizer {
    public enum Failure: Error, Equatable {
        /// The line ends inside a quote; the character is the open quote.
        case unterminatedQuote(Character)
    }

    /// Why a line is not finished: it ends in a backslash or inside a quote, so more must be read.
    public enum Continuation: Equatable {
        case backslash
        case quote(Character)
    }

    /// The words of `line`; throws when a quote is left open.
    public static func words(_ line: String) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var iterator = line.makeIterator()
        while let char = iterator.next() {
            if let open = quote {
                if char == open {
                    quote = nil
                } else if char == "\\", open == "\"" {
                    guard let next = iterator.next() else { current.append(char); break }
                    // In double quotes a backslash escapes only what the shell lets it escape.
                    if next == "\"" || next == "\\" || next == "$" || next == "`" {
                        current.append(next)
                    } else if next != "\n" {
                        current.append(char)
                        current.append(next)
                    }
                } else {
                    current.append(char)
                }
                continue
            }
            switch char {
            case "\"", "'":
                quote = char
                inWord = true
            case "\\":
                // A backslash-newline is a line continuation and vanishes, as in a shell.
                if let next = iterator.next(), next != "\n" {
                    current.append(next)
                    inWord = true
                }
            case "#" where !inWord:
                if !current.isEmpty { words.append(current) }
                return words
            case " ", "\t", "\n", "\r":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(char)
                inWord = true
            }
        }
        if let quote { throw .unterminatedQuote(quote) }
        if inWord { words.append(current) }
        return words
    }

    /// Whether `text` needs another line: it ends with an unescaped backslash or inside a quote.
    public static func continuation(of text: String) -> Continuation? {
        var quote: Character?
        var escaped = false
        var lastWasEscapeAtEnd = false
        var inComment = false
        for char in text {
            lastWasEscapeAtEnd = false
            if inComment { if char == "\n" { inComment = false }; continue }
            if escaped {
                escaped = false
                continue
            }
            if char == "\\", quote != "'" {
                escaped = true
                lastWasEscapeAtEnd = true
                continue
            }
            if let open = quote {
                if char == open { quote = nil }
            } else if char == "\"" || char == "'" {
                quote = char
            } else if char == "#" {
                inComment = true
            }
        }
        if lastWasEscapeAtEnd, escaped { return .backslash }
        return quote.map { .quote($0) }
    }
}
