/// What the import writers of one bulk insert (`Store.withInsertTriggersInBulk`) added, counted
/// as they wrote: rows in all, items and converted amounts per report, the categories and batches. With it the stand-in
/// for the per-row triggers need not read every new row back (1,700 instructions a row, against
/// 170 for counting them), and it is trusted only when it accounts for every new row.
final class BulkInsertTally {
    private(set) var rows: Int64 = 0
    private var reports: [Int64: (items: Int64, total: Int128)] = [:]
    /// The categories and batches the rows name: their parents, checked once each where the
    /// foreign keys are set aside (`Store.requireParents`).
    private(set) var categories: Set<String> = []
    private(set) var batches: Set<Int64> = []

    func add(category: String) {
        categories.insert(category)
    }

    func add(batch: Int64) {
        batches.insert(batch)
    }

    func add(rows: Int64) {
        self.rows += rows
    }

    /// `items` of the rows went into `report`, with `total` as their converted sum.
    func add(items: Int64, total: Int128, to report: Int64) {
        let before = reports[report] ?? (0, 0)
        reports[report] = (before.items + items, before.total + total)
    }

    /// Per report, in order of id: its new items and their converted sum (clamped to Int64, which
    /// `Report.requireTotalFits` then refuses).
    var additions: [(report: Int64, items: Int64, total: Int64)] {
        reports.keys.sorted().map { report in
            let added = reports[report]!
            return (report, added.items, Int64(clamping: added.total))
        }
    }
}
