import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The terminal a table is printed on, when standard output is one: how wide it is (tables are
/// shortened to fit rather than wrapped) and how high (a longer text goes through the pager).
struct Screen {
    /// `$COLUMNS` when set to a number, else the terminal's width; nil when output is no terminal.
    var columns: Int?
    /// `$LINES` or the terminal's height, when there is a pager to use; else nil.
    var rows: Int?
    var pager: [String]?
    var environment = Environment(variables: [:])

    init() {}

    init(_ environment: Environment, paging: Bool) {
        self.environment = environment
        var size = winsize()
        let shown = Console.shownOutput
        let isTerminal = isatty(shown) != 0
        if !isTerminal || ioctl(shown, UInt(TIOCGWINSZ), &size) != 0 { size = winsize() }
        columns = Self.number(environment["COLUMNS"]) ?? (size.ws_col > 0 ? Int(size.ws_col) : nil)
        // Held output is paged, if at all, as a whole when it is shown (`HeldOutput.release`).
        let held = Console.streams.shownOn != nil
        guard isTerminal, paging, !held, let pager = Pager.command(environment) else { return }
        rows = Self.number(environment["LINES"]) ?? (size.ws_row > 0 ? Int(size.ws_row) : nil)
        self.pager = pager
    }

    private static func number(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// Where a table's text goes: through the pager once it has more lines than the screen,
    /// else straight to standard output.
    func writer() -> PagedWriter? {
        guard let pager, let rows else { return nil }
        return PagedWriter(pager: pager, rows: rows, environment: environment)
    }
}
