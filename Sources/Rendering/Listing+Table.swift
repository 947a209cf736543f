import ExpenseSupport

/// A listing as an aligned table for people, fitted to the terminal's width when it has one.
extension Listing {
    /// Columns padded to their widest cell; numbers and money right-aligned. Columns for programs
    /// only (`inTable: false`) are left out. Each cell passes the terminal's gate with its line
    /// breaks shown, so that no cell can send an escape sequence.
    public var table: String {
        var text = ""
        table { text += $0 }
        return text
    }

    /// The widest a table shows one cell, in terminal columns; a longer one is cut with `…`.
    /// Without a terminal nothing else bounds a column, and a table is for people: a
    /// 100,000-character title made every row 100,000 columns wide (JSON and CSV keep it whole).
    public static let maxCellColumns = 1_000

    /// `table`, handed to `emit` in pieces of a few KiB and built a row at a time: a 100,000-row
    /// table kept every cell's text twice and padded with a new string per cell.
    /// - Parameter width: the terminal's columns, when it has a width. A wider table is made to
    ///   fit rather than wrap on the terminal (`TableLayout`): columns with nothing in them go,
    ///   text is narrowed (each column as its `fit` says: cut with `…`, wrapped over lines, or
    ///   kept whole; never a date, id or amount), and columns are left out by their `drop`, and
    ///   the table says which. Without a width it is as wide as its cells, each row one line, no
    ///   cell shown wider than `maxCellColumns`.
    public func table(width: Int? = nil, emit: (String) -> Void) {
        guard count > 0 else { return emit("(none)\n" + (note.map { $0 + "\n" } ?? "")) }
        let inTable = columns.indices.filter { columns[$0].inTable }
        func display(_ cell: Cell) -> String { TerminalText.visible(cell.display, keepingLineBreaks: false) }
        // What each column holds, over every row: its width, and whether it is free text (which
        // may be narrowed), numeric (right-aligned: numbers or amounts and only empty cells
        // besides) or empty.
        var measures = inTable.map { index in
            let title = TerminalWidth.columns(columns[index].title.uppercased())
            return TableLayout.Measure(full: title, title: title, isEmpty: true, narrows: false, drop: columns[index].drop)
        }
        var hasNumber = inTable.map { _ in false }
        var hasText = hasNumber
        for row in eachRow {
            for (position, index) in inTable.enumerated() {
                let cell = row[index]
                let text = display(cell)
                let width = TerminalWidth.columns(text)
                measures[position].full = max(measures[position].full, width)
                if width > 0 { measures[position].isEmpty = false }
                if cell.isNumeric { hasNumber[position] = true } else if !text.isEmpty { hasText[position] = true }
                if case .text = cell, !text.isEmpty, columns[index].fit != .whole { measures[position].narrows = true }
            }
        }
        for position in measures.indices { measures[position].full = min(measures[position].full, Self.maxCellColumns) }
        let layout = TableLayout(measures, width: width)
        let shown = layout.shown.map { inTable[$0] }
        let numeric = layout.shown.map { hasNumber[$0] && !hasText[$0] }
        // Only a terminal's width wraps: without one a row stays one line, a huge cell cut.
        let wraps = shown.map { width != nil && columns[$0].fit == .wrap }
        let widths = layout.widths
        // One run of spaces as wide as the widest column; a cell's padding is a prefix of it. A
        // string for every width up to the widest was quadratic in it: minutes and gigabytes.
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        var text = ""
        // Each line is added to `text` in place: a line of its own, then copied, cost a 10,000-row
        // table a fifth more time.
        func line(_ cells: [String], continued: Bool = false) {
            for (position, cell) in cells.enumerated() {
                if position > 0 { text += "  " }
                var cell = cell
                var cellWidth = TerminalWidth.columns(cell)
                if cellWidth > widths[position] {
                    cell = TerminalWidth.truncated(cell, to: widths[position])
                    cellWidth = TerminalWidth.columns(cell)
                }
                let padding = spaces.prefix(widths[position] - cellWidth)
                if numeric[position] { text += padding }
                text += cell
                if !numeric[position], position < cells.count - 1 { text += padding }
            }
            // A wrapped cell's later lines end where their text does.
            if continued { while text.utf8.last == UInt8(ascii: " ") { text.removeLast() } }
            text += "\n"
            if text.utf8.count >= 1 << 14 {
                emit(text)
                text = ""
            }
        }
        line(shown.map { columns[$0].title.uppercased() })
        let anyWraps = wraps.contains(true)
        for row in eachRow {
            let cells = shown.map { display(row[$0]) }
            guard anyWraps else {
                line(cells)
                continue
            }
            let wrapped = cells.indices.map { wraps[$0] ? TerminalWidth.wrapped(cells[$0], to: widths[$0]) : [cells[$0]] }
            for lineIndex in 0..<(wrapped.map(\.count).max() ?? 1) {
                line(wrapped.map { $0.count > lineIndex ? $0[lineIndex] : "" }, continued: lineIndex > 0)
            }
        }
        // The lines under the table wrap at the terminal's width too.
        func below(_ line: String) { text += (width.map { TerminalWidth.wrapped(line, to: $0) } ?? [line]).joined(separator: "\n") + "\n" }
        if !layout.leftOut.isEmpty {
            let titles = layout.leftOut.map { columns[inTable[$0]].title }
            below("(\(titles.joined(separator: ", ")) left out to fit \(width ?? 0) columns)")
        }
        if let note { below(note) }
        emit(text)
    }
}
