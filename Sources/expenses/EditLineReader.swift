import CEditLine
import ExpenseApp
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Reads REPL lines and form answers with libedit: arrows, Ctrl-A/E/W, Ctrl-R history search, TAB
/// completion, and a history file that survives the session.
///
/// libedit's callback interface is used rather than `readline()`, so that the loop can `poll()`
/// the terminal with a time limit and ask `wake` in between: a quick action handed to this
/// session runs without a key pressed, and the line being typed is set aside and given back.
final class EditLineReader: LineReader {
    private let historyPath: String
    private var lastRemembered: String?
    var wake: (() -> Bool)?
    var wakeDescriptor: Int32?
    /// The line as it was on the screen when `wake` took the terminal; typed back at the next
    /// prompt that watches `wake`.
    private var setAside: TypedLine?

    /// How often `wake` is asked while nothing is typed.
    static let wakeInterval: Int32 = 250  // milliseconds

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

    func read(prompt: String, completion: ((String) -> [String])?) -> ReplInput {
        EditLineState.interrupted = 0
        EditLineState.typed = false
        EditLineState.entered = nil
        EditLineState.fieldCompletion = completion
        defer { EditLineState.fieldCompletion = nil }
        rl_callback_handler_install(prompt) { line in
            EditLineState.entered = line.map { .line(String(cString: $0)) } ?? .end
            free(line)
        }
        // What is on the line, kept here: libedit's rl_line_buffer and rl_end tell it only after a
        // key that leaves text on it (before the first key they hold the line entered last, with
        // its newline: a hand-over at an empty prompt gave that back; `readKey`).
        var line = TypedLine(text: "", cursor: 0)
        // Given back at the prompt it was taken from, the one that watches `wake`: a handed-over
        // form's field reads first, and took the line as its answer.
        if wake != nil, let setAside {
            giveBack(setAside)
            line = setAside
            self.setAside = nil
        }
        while true {
            if EditLineState.interrupted != 0 { return interrupted() }
            if let entered = EditLineState.entered {
                rl_callback_handler_remove()
                return entered
            }
            // The terminal, and the descriptor whose news has `wake` asked at once.
            var watched = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched.count), wake == nil ? -1 : Self.wakeInterval)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .end
            }
            if ready == 0 || watched[1].revents != 0 {
                if wake?() == true { return woken(line) }
                if watched[0].revents == 0 { continue }
            }
            line = Self.readKey()
        }
    }

    /// Reads one key into libedit's line, and returns the line as it is after it.
    private static func readKey() -> TypedLine {
        // libedit updates rl_end and rl_point only after a key that leaves text on the line: after
        // Ctrl-U, or the Backspace that erased the last character, they still told the line before
        // (and rl_line_buffer still held it), and a hand-over gave the erased text back.
        rl_end = 0
        rl_point = 0
        rl_callback_read_char()
        guard let buffer = rl_line_buffer, rl_end > 0 else { return TypedLine(text: "", cursor: 0) }
        let text = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(rl_end)), as: UTF8.self)
        return TypedLine(text: text, cursor: rl_point)
    }

    /// Types a set-aside line back, its cursor where it was, and draws the prompt with it.
    private func giveBack(_ line: TypedLine) {
        // libedit never reads rl_point: what follows the cursor goes in first, then Ctrl-A (its
        // move to the line's start) is handed to it as a key, then what precedes the cursor.
        let bytes = Array(line.text.utf8)
        let cursor = min(max(Int(line.cursor), 0), bytes.count)
        let after = String(decoding: bytes[cursor...], as: UTF8.self)
        let before = String(decoding: bytes[..<cursor], as: UTF8.self)
        if !after.isEmpty {
            rl_insert_text(after)
            if !before.isEmpty {
                rl_insert(1, 0x01)
                rl_callback_read_char()
            }
        }
        rl_insert_text(before)
        // The prompt is on the screen already: back to its start (a carriage return itself, not
        // the visible "\r" that `Console.write` makes of it), and draw it with the line.
        Console.writeExactly("\r")
        rl_forced_update_display()
        EditLineState.typed = true
    }

    /// Ctrl-C: the line is dropped, and the next prompt starts on a fresh line.
    private func interrupted() -> ReplInput {
        rl_replace_line("", 0)
        rl_callback_handler_remove()
        Console.write("^C\n")
        return .interrupted(typed: EditLineState.typed)
    }

    /// Sets the line aside as it is on the screen, and leaves the prompt's line, so that what runs
    /// prints below it.
    private func woken(_ line: TypedLine) -> ReplInput {
        setAside = line.text.isEmpty ? nil : line
        rl_replace_line("", 0)
        rl_callback_handler_remove()
        Console.write("\n")
        return .woken
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

/// A line being typed, as libedit holds it.
private struct TypedLine {
    var text: String
    /// Where the cursor is in it: a byte offset, as libedit counts `rl_point`.
    var cursor: Int32
}

/// State the C callbacks reach: they cannot capture Swift context.
enum EditLineState {
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
    nonisolated(unsafe) static var typed = false
    /// What the line handler received: a line, or the end (Ctrl-D).
    nonisolated(unsafe) static var entered: ReplInput?
    nonisolated(unsafe) static var complete: ((_ before: [String], _ current: String) -> [String])?
    /// A form field's own completion, in place of the command completer's.
    nonisolated(unsafe) static var fieldCompletion: ((String) -> [String])?
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
                // Text typed, not a key that only edits or redraws (Ctrl-L, Ctrl-U): after those
                // the line is as empty as before, and Ctrl-C counts as at an empty prompt.
                if byte >= 0x20, byte != 0x7F { typed = true }
                return byte
            }
            if count < 0, errno == EINTR {
                if interrupted != 0 { return nil }  // EOF to libedit: the loop sees why
                continue
            }
            return nil
        }
    }

    static func completions(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32) -> UnsafeMutablePointer<
        UnsafeMutablePointer<CChar>?
    >? {
        rl_attempted_completion_over = 1  // never fall back to file names on our own words
        guard let buffer = rl_line_buffer else { return nil }
        let line = String(cString: buffer)
        let utf8 = Array(line.utf8)
        let before = String(decoding: utf8[..<min(Int(start), utf8.count)], as: UTF8.self)
        let current = text.map { String(cString: $0) } ?? ""
        // A form's field is one value, and a path goes on after a directory: no space after it.
        rl_completion_append_character = fieldCompletion == nil ? 32 : 0
        if let fieldCompletion {
            // A form's field is one value: everything typed so far is what is completed.
            matches = fieldCompletion(before + current)
                .map { String($0.utf8.dropFirst(before.utf8.count)) ?? $0 }
        } else if let complete {
            let words = (try? Tokenizer.words(before)) ?? before.split(separator: " ").map(String.init)
            matches = complete(words, current)
        } else {
            matches = []
        }
        nextMatch = 0
        guard !matches.isEmpty else { return nil }
        return rl_completion_matches(
            text,
            { _, state in
                if state == 0 { EditLineState.nextMatch = 0 }
                guard EditLineState.nextMatch < EditLineState.matches.count else { return nil }
                defer { EditLineState.nextMatch += 1 }
                return strdup(EditLineState.matches[EditLineState.nextMatch])
            })
    }
}
