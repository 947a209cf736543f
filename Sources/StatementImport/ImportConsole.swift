import ExpenseSupport

/// The output of a running import: row lines for stdout (a dry run), messages for stderr
/// (invalid rows) and the progress line. Buffered, because a large statement can have a
/// million row lines, and the progress line is erased before anything else reaches the terminal.
public final class ImportConsole {
    public let meter: ProgressMeter
    private var standardOutput: [UInt8] = []
    private var standardError: [UInt8] = []
    private static let bufferLimit = 1 << 16

    public init(meter: ProgressMeter) { self.meter = meter }

    public func out(_ text: String) {
        standardOutput.append(contentsOf: text.utf8)
        if standardOutput.count >= Self.bufferLimit { flush() }
    }

    public func err(_ text: String) {
        standardError.append(contentsOf: text.utf8)
        if standardError.count >= Self.bufferLimit { flush() }
    }

    /// Called for every row; redraws the progress line when it is due.
    @inline(__always)
    public func progress(rows: Int, bytes: Int) {
        guard rows & 1023 == 0 || rows < 1024, meter.isDue else { return }
        flush()
        meter.draw(rows: rows, bytes: bytes)
    }

    public func flush() {
        guard !standardOutput.isEmpty || !standardError.isEmpty else { return }
        meter.erase()
        if !standardOutput.isEmpty {
            Console.write(String(decoding: standardOutput, as: UTF8.self), to: Console.streams.output)
            standardOutput.removeAll(keepingCapacity: true)
        }
        if !standardError.isEmpty {
            Console.error(String(decoding: standardError, as: UTF8.self))
            standardError.removeAll(keepingCapacity: true)
        }
    }

    /// Writes what is buffered and erases the progress line.
    public func finish() {
        flush()
        meter.erase()
    }
}
