/// Which columns of a table are shown on a terminal of a given width, and how wide: decided from
/// what each column holds, before a row is written.
struct TableLayout {
    /// What a column holds over every row.
    struct Measure {
        /// Its widest cell or its title, in terminal columns.
        var full: Int
        /// Its title's width: no column is made narrower.
        var title: Int
        /// Nothing in any row: it says nothing, so a narrow table leaves it out without a word.
        var isEmpty: Bool
        /// Text that may be made narrower (cut or wrapped); never a date, an id or an amount.
        var narrows: Bool
        var drop: Int?
    }

    /// The shown columns, as indices into the measures, in their order.
    var shown: [Int]
    var widths: [Int]
    /// The columns with something in them that were left out, in the order they were.
    var leftOut: [Int]

    /// Below this no text column is narrowed while a column that may be left out is still shown:
    /// a merchant cut to `Hotel Ast…` beside a column of rates read as neither.
    static let comfortableColumns = 20
    /// The narrowest a text column is made when nothing else can give way.
    static let floorColumns = 10

    /// Every column at its full width when that fits `width` or no width is known. Else the empty
    /// columns are left out, then text is narrowed to `comfortableColumns` (its widest first),
    /// then columns with a `drop` are left out, the highest first, until it fits; when even that
    /// is not enough, text is narrowed to `floorColumns`.
    init(_ measures: [Measure], width: Int?) {
        shown = Array(measures.indices)
        widths = measures.map(\.full)
        leftOut = []
        guard let width, Self.total(widths) > width else { return }
        let filled = shown.filter { !measures[$0].isEmpty }
        if !filled.isEmpty { shown = filled }  // rows of nothing but empty cells keep their columns
        // The highest `drop` first; of equal ones the last column first.
        let order = shown.filter { measures[$0].drop != nil }
            .sorted { (measures[$0].drop!, $0) > (measures[$1].drop!, $1) }
        func fit(floor: Int) -> [Int] {
            Self.fitted(
                shown.map { measures[$0].full }, into: width, shrinkable: shown.map { measures[$0].narrows },
                minimums: shown.map { max(measures[$0].title, floor) })
        }
        var remaining = order[...]
        while true {
            widths = fit(floor: Self.comfortableColumns)
            if Self.total(widths) <= width { return }
            guard let next = remaining.popFirst() else { break }
            shown.removeAll { $0 == next }
            leftOut.append(next)
        }
        widths = fit(floor: Self.floorColumns)
    }

    /// A table's width: its columns and two spaces between each two.
    static func total(_ widths: [Int]) -> Int { widths.reduce(2 * max(widths.count - 1, 0), +) }

    /// Column widths that fit `total` columns with two spaces between them, taken off the widest
    /// shrinkable columns first (so that short columns stay whole, and two long ones end equal),
    /// none below its minimum.
    static func fitted(_ widths: [Int], into total: Int, shrinkable: [Bool], minimums: [Int]) -> [Int] {
        var widths = widths
        var excess = Self.total(widths) - total
        let floors = zip(minimums, widths).map { min($0, $1) }
        while excess > 0 {
            let candidates = widths.indices.filter { shrinkable[$0] && widths[$0] > floors[$0] }
            guard let most = candidates.map({ widths[$0] }).max() else { break }
            let widest = candidates.filter { widths[$0] == most }
            // Those of the widest width down to the next widest (or their floor), a column at a
            // time in turn, but no further than needed.
            let next = max(candidates.map { widths[$0] }.filter { $0 < most }.max() ?? 0, widest.map { floors[$0] }.max()!)
            var cut = min(excess, (most - next) * widest.count)
            excess -= cut
            for (offset, index) in widest.enumerated() {
                let left = widest.count - offset
                let share = (cut + left - 1) / left
                widths[index] -= share
                cut -= share
            }
        }
        return widths
    }
}
