import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// What a `run --transaction` script's lines print, held back until the transaction ends: its
/// lines' results say what they wrote ("Created report 1"), which is true only once it is
/// committed. On the commit it is printed as it would have been, in order; on a rollback it is
/// dropped. It waits in an unnamed temporary file, not in memory, since a line may print a
/// large listing; meanwhile tables are fitted to the terminal it will be shown on, and on the
/// commit it goes through the pager as a whole when it is longer than the screen.
struct HeldOutput {
    private let descriptor: Int32?

    /// A temporary file to hold the output in; when none can be made, output is not held.
    init() {
        guard let file = tmpfile() else {
            descriptor = nil
            return
        }
        let copy = dup(fileno(file))
        fclose(file)
        descriptor = copy >= 0 ? copy : nil
    }

    /// Runs `body` with standard output going to the held file (standard error is not held:
    /// a failing line's error is said when it fails).
    func holding<T>(_ body: () throws -> T) rethrows -> T {
        guard let descriptor else { return try body() }
        var streams = Console.streams
        streams.shownOn = streams.shownOn ?? streams.output
        streams.output = descriptor
        return try Console.$streams.withValue(streams, operation: body)
    }

    /// Prints what was held, as it was written, through `screen`'s pager when it has one and
    /// the text is longer than the screen, and lets the file go.
    func release(on screen: Screen) {
        guard let descriptor else { return }
        defer { close(descriptor) }
        guard lseek(descriptor, 0, SEEK_SET) == 0, case .success(let bytes) = FileDescriptor.readAll(descriptor) else { return }
        guard let pager = screen.writer() else {
            _ = FileDescriptor.writeAll(bytes, to: Console.streams.output)
            return
        }
        pager.write(String(decoding: bytes, as: UTF8.self))
        pager.finish()
    }

    /// Drops what was held.
    func discard() {
        if let descriptor { close(descriptor) }
    }
}
