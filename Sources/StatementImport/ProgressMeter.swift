import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The progress line of an import on stderr — rows, rows per second, a bar and the time left —
/// drawn only when stderr is a terminal, at most ten times a second, and erased at the end, so
/// that pipes and logs never see it.
public final class ProgressMeter {
    public let isEnabled: Bool
    private let totalBytes: Int
    private let stopwatch = Stopwatch()
    private var lastDraw = -1.0
    public private(set) var isVisible = false

    public init(enabled: Bool = Console.isTerminal(\.error), totalBytes: Int) {
        isEnabled = enabled
        self.totalBytes = totalBytes
    }

    /// True when the line should be drawn again (the first time at once).
    public var isDue: Bool { isEnabled && (lastDraw < 0 || stopwatch.seconds - lastDraw >= 0.1) }

    public func draw(rows: Int, bytes: Int) {
        guard isEnabled else { return }
        let seconds = stopwatch.seconds
        lastDraw = seconds
        Console.write(
            "\r" + Self.line(rows: rows, bytes: bytes, totalBytes: totalBytes, seconds: seconds) + "\u{1B}[K", to: Console.streams.error)
        isVisible = true
    }

    public func erase() {
        guard isVisible else { return }
        Console.write("\r\u{1B}[K", to: Console.streams.error)
        isVisible = false
    }

    /// "  412,113 rows  318,020 rows/s  [########------------]  41%  ETA 0:03"; without a size
    /// (a pipe) only rows and speed.
    public static func line(rows: Int, bytes: Int, totalBytes: Int, seconds: Double) -> String {
        var text = "  \(Money.format(Int64(rows), digits: 0, grouping: true)) rows"
        if seconds > 0, rows > 0 {
            text += "  \(Money.format(Int64(Double(rows) / seconds), digits: 0, grouping: true)) rows/s"
        }
        guard totalBytes > 0 else { return text }
        let fraction = min(1, Double(bytes) / Double(totalBytes))
        let filled = Int(fraction * 20)
        text += "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
        text += "  \(Int(fraction * 100))%"
        if fraction > 0, seconds > 0 {
            let left = Int((seconds / fraction - seconds).rounded())
            text += "  ETA \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
        }
        return text
    }
}
