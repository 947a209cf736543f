import ExpenseCore
import ExpenseSupport

extension TeamImport {
    /// The trips' rows of the copied reports, as the file has them: stops, meals, nights at the
    /// lodging flat, office hours, and the per diems frozen with a report past draft (copied while every report is still a draft, before
    /// its history moves it on, so that it keeps what it was submitted with).
    func copyTrips(_ reportIDs: [Int64: Int64]) throws -> [DatabaseCopy.Tally] {
        try ["report_stops", "report_meals", "report_nights", "report_office", "report_allowances"].map { name in
            guard let table = CopiedTable.all.first(where: { $0.name == name }) else {
                throw ExpenseError(.internal, "the copy does not know the table \(name)")
            }
            let columns = table.columns.filter { $0.name != "report_id" }
            let list = columns.map(\.name).joined(separator: ", ")
            var tally = DatabaseCopy.Tally(name)
            let order = table.key.joined(separator: ", ")
            let rows = try source.db.query(SQL(verbatim: "SELECT report_id, \(list) FROM \(name) ORDER BY \(order)")) { row in
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
                guard let id = reportIDs[row.report] else {
                    if copiedBefore.contains(row.report) { tally.present += 1 }
                    continue
                }
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
            return tally
        }
    }

    /// The copied trips' stops in a country the team database has no per-diem rate for on that
    /// day (none from that day or before): the copy goes ahead, but the report's per diems cannot
    /// be computed there until finance loads one, which the app says. Each report and country
    /// once, at its first such day.
    func missingAllowanceRates(_ reports: [Report], _ reportIDs: [Int64: Int64]) throws -> [DatabaseCopy.MissingRate] {
        let byTeamID = Dictionary(uniqueKeysWithValues: reports.compactMap { report in reportIDs[report.id].map { ($0, report) } })
        guard !byTeamID.isEmpty else { return [] }
        let ids = byTeamID.keys.sorted()
        return try target.db.query(
            SQL(
                verbatim: """
                    SELECT s.report_id, s.country, min(s.date) FROM report_stops s
                    WHERE s.report_id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))
                      AND NOT EXISTS (SELECT 1 FROM allowance_rates a WHERE a.country = s.country AND a.valid_from <= s.date)
                    GROUP BY s.report_id, s.country ORDER BY s.report_id, s.country
                    """, arguments: ids.map { .integer($0) })
        ) { row in
            let report = byTeamID[row.int64(0)]
            return DatabaseCopy.MissingRate(
                report: report?.id ?? 0, title: report?.title ?? "", copiedAs: row.int64(0), country: row.string(1),
                date: row.string(2))
        }
    }
}
