import ExpenseCore
import ExpenseSupport

extension TeamImport {
    /// The trips' rows of the copied reports, as the file has them: stops, meals, and the per
    /// diems frozen with a report past draft (copied while every report is still a draft, before
    /// its history moves it on, so that it keeps what it was submitted with).
    func copyTrips(_ reportIDs: [Int64: Int64]) throws -> [DatabaseCopy.Tally] {
        try ["report_stops", "report_meals", "report_allowances"].map { name in
            guard let table = CopiedTable.all.first(where: { $0.name == name }) else {
                throw ExpenseError(.internal, "the copy does not know the table \(name)")
            }
            let columns = table.columns.filter { $0.name != "report_id" }
            let list = columns.map(\.name).joined(separator: ", ")
            var tally = DatabaseCopy.Tally(name)
            let rows = try source.db.query(SQL(verbatim: "SELECT report_id, \(list) FROM \(name) ORDER BY report_id, date")) { row in
                (
                    report: row.int64(0),
                    values: columns.indices.map { index -> DatabaseValue in
                        let at = index + 1
                        if row.isNull(at) { return .null }
                        return columns[index].kind == .integer ? .integer(row.int64(at)) : .text(row.string(at))
                    }
                )
            }
            for row in rows {
                guard let id = reportIDs[row.report] else { continue }
                if name == "report_allowances", case .text(let date) = row.values.first,
                    !checkAllowance(report: row.report, date: date)
                {
                    continue
                }
                try target.db.execute(
                    SQL(
                        verbatim: "INSERT INTO \(name) (report_id, \(list)) VALUES (?\(String(repeating: ", ?", count: columns.count)))",
                        arguments: [.integer(id)] + row.values))
                tally.copied += 1
            }
            tally.rows = tally.copied
            return tally
        }
    }
}
