import CEditLine
#if canImport(Glibc)
import Glibc
#endif
import ExpenseApp
import ExpenseStore

/// Reads REPL lines with libedit: arrows, Ctrl-A/E/W, Ctrl-R history search, TAB completion, and
/// a history file that survives the session.
final class EditLineReader: LineReader {
    private let historyPath: String
    private var lastRemembered: String?

    init(historyPath: String, completer: @escaping (_ before: [String], _ current: String) -> [String]) {
        self.historyPath = historyPath
        // libedit decodes typed bytes by the locale: in the "C" locale a UTF-8 "é" is dropped.
        // Take the user's locale, and UTF-8 when theirs is plain C/POSIX.
        if let name = setlocale(LC_CTYPE, ""), ["C", "POSIX"].contains(String(cString: name)) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        EditLineState.complete = completer
        rl_readline_name = UnsafePointer(strdup("expenses"))
        rl_catch_signals = 0
        // Our own getc, so that Ctrl-C (SIGINT interrupting read) ends the line instead of being lost.
        rl_getc_function = { _ in EditLineState.getCharacter() }
        rl_attempted_completion_function = { text, start, end in EditLineState.completions(text, start, end) }
        using_history()
        stifle_history(1000)
        read_history(historyPath)
        if history_length > 0, let entry = history_get(history_base + history_length - 1), let line = entry.pointee.line {
            lastRemembered = String(cString: line)
        }
    }

    func read(prompt: String) -> ReplInput {
        EditLineState.interrupted = 0
        EditLineState.typed = false
        guard let raw = readline(prompt) else {
            if EditLineState.interrupted != 0 {
                Console.write("^C\n")
                return .interrupted(typed: EditLineState.typed)
            }
            return .end
        }
        defer { free(raw) }
        return .line(String(cString: raw))
    }

    /// Adds a line to the history file, unless it repeats the last one or starts with a space
    /// (HISTCONTROL=ignoreboth, as in bash and psql).
    func remember(_ line: String) {
        guard !line.hasPrefix(" "), !line.allSatisfy(\.isWhitespace), line != lastRemembered else { return }
        add_history(line)
        lastRemembered = line
        write_history(historyPath)
    }
}

/// State the C callbacks reach: they cannot capture Swift context.
enum EditLineState {
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
    nonisolated(unsafe) static var typed = false
    nonisolated(unsafe) static var complete: ((_ before: [String], _ current: String) -> [String])?
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var nextMatch = 0

    /// One typed character as a Unicode scalar value. libedit hands what this returns to its
    /// line as a wide character, so a UTF-8 sequence is decoded here, not passed byte by byte.
    static func getCharacter() -> Int32 {
        guard let first = readByte() else { return -1 }
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1 else { return Int32(first) }
        var bytes = [first]
        for _ in 1..<length {
            guard let next = readByte() else { return -1 }
            bytes.append(next)
        }
        guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return Int32(first) }
        return Int32(scalar.value)
    }

    private static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count == 1 {
                typed = true
                return byte
            }
            if count < 0, errno == EINTR {
                if interrupted != 0 { return nil }   // EOF to libedit: readline returns; we know why
                continue
            }
            return nil
        }
    }

    static func completions(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1   // never fall back to file names on our own words
        guard let complete, let buffer = rl_line_buffer else { return nil }
        let line = String(cString: buffer)
        let utf8 = Array(line.utf8)
        let before = String(decoding: utf8[..<min(Int(start), utf8.count)], as: UTF8.self)
        let current = text.map { String(cString: $0) } ?? ""
        let words = (try? Tokenizer.words(before)) ?? before.split(separator: " ").map(String.init)
        matches = complete(words, current)
        nextMatch = 0
        guard !matches.isEmpty else { return nil }
        return rl_completion_matches(text, { _, state in
            if state == 0 { EditLineState.nextMatch = 0 }
            guard EditLineState.nextMatch < EditLineState.matches.count else { return nil }
            defer { EditLineState.nextMatch += 1 }
            return strdup(EditLineState.matches[EditLineState.nextMatch])
        })
    }
}
