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
                    guard let next = iterator.next() else {
                        current.append(char)
                        break
                    }
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
        var scanner = ContinuationScanner()
        scanner.scan(text)
        return scanner.continuation
    }

    /// `continuation(of:)` as a state that text is fed to piece by piece, so that joining many
    /// continued lines reads each once (a script whose first line opens a quote that never
    /// closes would otherwise be read again for every line after it: quadratic time).
    /// Its words follow `words(_:)`: a `#` starts a comment only at the start of a word.
    struct ContinuationScanner {
        private var quote: Character?
        private var escaped = false
        private var lastWasEscapeAtEnd = false
        private var inComment = false
        private var inWord = false

        mutating func scan(_ text: some StringProtocol) {
            for char in text {
                lastWasEscapeAtEnd = false
                if inComment {
                    if char == "\n" {
                        inComment = false
                        inWord = false
                    }
                    continue
                }
                if escaped {
                    escaped = false
                    // A backslash-newline vanishes; anything else escaped is part of a word.
                    if char != "\n" || quote != nil { inWord = true }
                    continue
                }
                if char == "\\", quote != "'" {
                    escaped = true
                    lastWasEscapeAtEnd = true
                    continue
                }
                if let open = quote {
                    if char == open { quote = nil }
                    continue
                }
                switch char {
                case "\"", "'":
                    quote = char
                    inWord = true
                case "#" where !inWord:
                    inComment = true
                case " ", "\t", "\n", "\r":
                    inWord = false
                default:
                    inWord = true
                }
            }
        }

        var continuation: Continuation? {
            if lastWasEscapeAtEnd, escaped { return .backslash }
            return quote.map { .quote($0) }
        }
    }

    /// The commands of a script: lines joined where one ends in a backslash or inside a quote,
    /// each with the number of the physical line it starts on. Linear in the text's length.
    public static func logicalLines(_ text: String) -> [(number: Int, text: String)] {
        var result: [(Int, String)] = []
        var pending: (number: Int, text: String, scanner: ContinuationScanner)?
        // "\r\n" is one Character in Swift: split on both, or CRLF files would be one long line.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = raw[...]
            if line.hasSuffix("\r") { line.removeLast() }
            if index == 0, line.hasPrefix("#!") { continue }  // the shebang of an executable script
            if var joined = pending {
                pending = nil  // one owner of the text, so that appending does not copy it
                joined.text += "\n"
                joined.text += line
                joined.scanner.scan("\n")
                joined.scanner.scan(line)
                if joined.scanner.continuation == nil { result.append((joined.number, joined.text)) } else { pending = joined }
            } else {
                var scanner = ContinuationScanner()
                scanner.scan(line)
                if scanner.continuation == nil {
                    result.append((index + 1, String(line)))
                } else {
                    pending = (index + 1, String(line), scanner)
                }
            }
        }
        if let pending { result.append((pending.number, pending.text)) }
        return result
    }
}
