#if canImport(Glibc)
import Glibc
#endif

/// The process's standard output and error, written unbuffered so that the two interleave in
/// the order things happened. Text for people passes `TerminalText`, so that no title or
/// merchant can send the terminal an escape sequence; JSON, CSV and files' content pass exactly.
public enum Console {
    /// Text for people on standard output: messages, tables, forms.
    public static func write(_ text: String) { write(TerminalText.visible(text), to: 1) }
    /// Errors, warnings and progress for people, on standard error.
    public static func error(_ text: String) { write(TerminalText.visible(text), to: 2) }
    /// What programs read, on standard output, exactly as given: JSON, CSV, a completion script.
    public static func writeExactly(_ text: String) { write(text, to: 1) }

    /// All of standard input, for a piped script.
    public static func readStandardInput() -> String {
        String(decoding: readStandardInputBytes(), as: UTF8.self)
    }

    /// All of standard input as bytes, for a reader that checks them.
    public static func readStandardInputBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
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
