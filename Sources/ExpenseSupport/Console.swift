#if canImport(Glibc)
import Glibc
#endif

/// The process's standard output and error, written unbuffered so that the two interleave in
/// the order things happened. Text for people passes `TerminalText`, so that no title or
/// merchant can send the terminal an escape sequence; JSON, CSV and files' content pass exactly.
/// Everything goes to and comes from `streams`: descriptors 0, 1 and 2 in the binary, others
/// for a command a test runs in process.
public enum Console {
    /// The descriptors this run reads and writes. Bound for a run (`$streams.withValue`), so that
    /// a run in process writes where it was told while nothing of the process's own changes.
    @TaskLocal public static var streams = ConsoleStreams.standard

    /// Text for people on standard output: messages, tables, forms.
    public static func write(_ text: String) { write(TerminalText.visible(text), to: streams.output) }
    /// Errors, warnings and progress for people, on standard error: on a terminal, each line
    /// wrapped between words to its width (`wrappedForTerminal`); elsewhere one line a message.
    public static func error(_ text: String) {
        let visible = TerminalText.visible(text)
        write(terminalColumns(streams.error).map { wrappedForTerminal(visible, width: $0) } ?? visible, to: streams.error)
    }

    /// The width of the terminal `descriptor` is, nil when it is none or does not say.
    public static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard isatty(descriptor) != 0, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `text`'s lines wrapped between words to `width` columns, as help is: a line keeps its
    /// indentation, its continuation lines are indented two more ("expenses: error: ..." and
    /// "hint: ..." start at the margin, what continues them two columns in), and a word longer
    /// than a line (a path, an escaped value) is never broken.
    public static func wrappedForTerminal(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard TerminalWidth.columns(String(line)) > width else { return String(line) }
            let indent = line.prefix { $0 == " " }
            let wrapped = TerminalWidth.wrapped(
                String(line.dropFirst(indent.count)), to: width - indent.count, hangingIndent: 2, breakingWords: false)
            return wrapped.map { indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
    /// What programs read, on standard output, exactly as given: JSON, CSV, a completion script.
    public static func writeExactly(_ text: String) { write(text, to: streams.output) }

    /// True when standard input, output or error (`streams`' descriptor) is a terminal.
    public static func isTerminal(_ descriptor: KeyPath<ConsoleStreams, Int32>) -> Bool {
        isatty(streams[keyPath: descriptor]) != 0
    }

    /// Where standard output is shown: its own descriptor, or the one output held back for
    /// later will be shown on (`ConsoleStreams.shownOn`).
    public static var shownOutput: Int32 { streams.shownOn ?? streams.output }

    /// All of standard input, for a piped script.
    public static func readStandardInput() -> String {
        String(decoding: readStandardInputBytes(), as: UTF8.self)
    }

    /// All of standard input as bytes, for a reader that checks them.
    public static func readStandardInputBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let input = streams.input
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    public static func write(_ text: String, to descriptor: Int32) {
        // A failure is a closed pipe (`| head`): nothing more can be said.
        // In place: a copy of a 100,000-row table's bytes was tens of MB more at its peak.
        var text = text
        _ = text.withUTF8 { FileDescriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}

/// Where a run's standard input, output and error are: the process's own, or — for a command a
/// test runs in process — files the test reads afterwards, which are no terminal.
public struct ConsoleStreams: Sendable, Equatable {
    public var input: Int32
    public var output: Int32
    public var error: Int32
    /// For output held back to be shown later (a `run --transaction`'s, until its commit): the
    /// descriptor it will be shown on, so that a table is fitted to that terminal meanwhile and
    /// a PDF is not let through to it. Nil when output goes straight where it is shown.
    public var shownOn: Int32?

    public init(input: Int32, output: Int32, error: Int32) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's standard input, output and error.
    public static let standard = ConsoleStreams(input: STDIN_FILENO, output: STDOUT_FILENO, error: STDERR_FILENO)
}
