import ExpenseCore
import ExpenseSupport

/// How one table is read from the source and written to the target, for these two engines.
struct TablePlan {
    let table: CopiedTable
    /// The target's columns, in this order in every row's values: the table's, and `owner` last
    /// on a server where the file has none.
    let targetColumns: [String]
    let kinds: [CopiedTable.Kind]
    /// The source's select list, giving `targetColumns`, and its arguments (the default owner).
    let sourceSelect: String
    let sourceArguments: [DatabaseValue]
    /// Which of the source's rows: a person's own, from a server to a file.
    let filter: String?
    let filterArguments: [DatabaseValue]
    /// The key the source is read in order of, and the key a row has on the target.
    let pagingKey: [String]
    let lookupKey: [String]
    private let pagingIndexes: [Int]
    let lookupIndexes: [Int]
    let totalIndexes: [Int]

    init(_ table: CopiedTable, from: SQLDialect, to: SQLDialect, owner: String?) {
        self.table = table
        let ownerColumn = to == .postgresql && table.owner != .none
        targetColumns = table.columnNames + (ownerColumn ? ["owner"] : [])
        kinds = table.columns.map(\.kind) + (ownerColumn ? [.text] : [])
        var select = table.columnNames
        var arguments: [DatabaseValue] = []
        if ownerColumn {
            let owner = DatabaseValue.text(owner ?? "")
            switch (from, table.owner) {
            case (.postgresql, _), (_, .none):
                select.append("owner")
            case (.sqlite, .report):
                select.append("coalesce((SELECT r.owner FROM reports r WHERE r.id = \(table.name).report_id), ?) AS owner")
                arguments = [owner]
            case (.sqlite, .items):
                select.append(
                    """
                    coalesce((SELECT min(coalesce(r.owner, ?)) FROM expense_receipts l JOIN expenses e ON e.id = l.expense_id
                              LEFT JOIN reports r ON r.id = e.report_id WHERE l.receipt_id = \(table.name).id), ?) AS owner
                    """)
                arguments = [owner, owner]
            case (.sqlite, .person):
                select.append("? AS owner")
                arguments = [owner]
            }
        }
        sourceSelect = select.joined(separator: ", ")
        sourceArguments = arguments
        if from == .postgresql, to == .sqlite, table.owner == .person {
            filter = "owner = ?"
            filterArguments = [.text(owner ?? "")]
        } else {
            filter = nil
            filterArguments = []
        }
        let ownerKeyed = table.owner == .person
        pagingKey = table.key + (from == .postgresql && to == .postgresql && ownerKeyed ? ["owner"] : [])
        lookupKey = table.key + (to == .postgresql && ownerKeyed ? ["owner"] : [])
        let columns = targetColumns
        pagingIndexes = pagingKey.map { columns.firstIndex(of: $0)! }
        lookupIndexes = lookupKey.map { columns.firstIndex(of: $0)! }
        totalIndexes = table.totals.map { columns.firstIndex(of: $0)! }
    }

    func pagingKey(of row: [DatabaseValue]) -> [DatabaseValue] { pagingIndexes.map { row[$0] } }
    func lookupKey(of row: [DatabaseValue]) -> [DatabaseValue] { lookupIndexes.map { row[$0] } }
}
