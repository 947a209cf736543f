import ExpenseCore
import ExpenseSupport

/// A laptop's file is the traveller's word, and the team database takes of it only what it cannot
/// compute itself (issue 40): every row that the server computes is asked of the server once it is
/// written, by the checks its own write functions make (`PostgresSchema.copyChecks`), in drafts,
/// in items of no report, and in the reports past draft that `--import-history` brings, at the
/// server's rates of each item's and day's date (its rate tables are dated, so a report decided
/// in March is computed at March's rates). A draft has no per diems, which the server computes at
/// its submission; a report past draft's frozen per diems are each day's as the server computes
/// it. An acknowledgement comes only in its report owner's name, and never as the acceptance of
/// a finding of the server's (an approver's, made on the team database after a submission there).
/// A row that is not what the server computes is named (the file's table and id, its report, what
/// it says and what the server computes), every one of them, and the copy refused whole (65):
/// nothing is kept "as the file says", and nothing is changed into what the file did not say.
/// History cannot be corrected by the traveller, so the refusal tells the administrator what can
/// be done instead: copy without `--import-history`, or have finance load the rates of that time.
extension TeamImport {
    /// One row of the file that the server computes otherwise.
    struct Mismatch {
        let row: String
        let why: String
        /// Of a report past draft: history, which the file's owner cannot correct.
        var decided = false
    }

    /// A copied row (its id on the target) to ask the server about, once every row is written:
    /// a page of them a statement, not a round trip each.
    struct PendingCheck {
        let table: String
        let check: String
        let id: Int64
        let row: String
        var decided = false
    }

    /// The file's item `fileID` in the file's report `report` (nil: none), copied as `id`: asked of
    /// the server, whatever its report's status.
    func checkItem(_ fileID: Int64, _ id: Int64, report: Int64?) {
        pending.append(
            PendingCheck(
                table: "expenses", check: "copied_item_fault", id: id, row: "expenses \(fileID) (\(Self.describe(report)))",
                decided: isDecided(report)))
    }

    /// A copied advance, asked of the server.
    func checkAdvance(_ fileID: Int64, _ id: Int64, report: Int64) {
        pending.append(
            PendingCheck(
                table: "report_advances", check: "copied_advance_fault", id: id,
                row: "report_advances \(fileID) (\(Self.describe(report)))",
                decided: isDecided(report)))
    }

    /// An acknowledgement is its report's owner's, as the server lets only the owner make one
    /// (`report_acknowledge` writes who calls): one in anyone else's name is refused, never
    /// stored as theirs nor turned into the owner's. The acceptance of one of the server's own
    /// findings (`PolicyRule.isServers`, `finding_accept`) is refused in anyone's name: the
    /// finding is made at a submission on the team database, which a file's report never had.
    func checkAcknowledgement(report: Int64, violation: String, actor: String) -> Bool {
        if let rule = PolicyRule(rawValue: String(violation.prefix { $0 != ":" })), rule.isServers {
            mismatches.append(
                Mismatch(
                    row: "policy_acknowledgements (report \(report), \(TerminalText.visible(violation)))",
                    why: "an acceptance of the team database's own finding, by \(TerminalText.visible(actor)): "
                        + "an approver accepts it there, after the report is submitted there; a file cannot bring one",
                    decided: isDecided(report)))
            return false
        }
        guard let owner = fileOwners[report], UserName(normalizing: actor).value != owner else { return true }
        mismatches.append(
            Mismatch(
                row: "policy_acknowledgements (report \(report), \(TerminalText.visible(violation)))",
                why: "acknowledged by \(TerminalText.visible(actor)) on a report of \(TerminalText.visible(owner))'s: "
                    + "a warning is acknowledged by the report's owner alone", decided: isDecided(report)))
        return false
    }

    /// A draft's per diems are the server's to compute when it is submitted: a row of them is not
    /// the file's to bring.
    func checkAllowance(report: Int64, date: String) -> Bool {
        guard drafts.contains(report) else { return true }
        mismatches.append(
            Mismatch(
                row: "report_allowances (report \(report), \(TerminalText.visible(date)))",
                why: "a per diem in a draft: the team database computes a draft's per diems when it is submitted"))
        return false
    }

    /// Refuses the copy when a row was not what the server computes, naming every one.
    func refuseMismatches() throws {
        mismatches = try askServer() + askServerAboutPerDiems() + mismatches
        guard !mismatches.isEmpty else { return }
        let history =
            mismatches.contains { $0.decided }
            ? "; a report past draft is history its owner cannot change: copy without --import-history (the drafts alone), "
                + "or have finance load the rate table of that time (the rates of its items' and days' dates)"
            : ""
        let lines = mismatches.map { "  \($0.row): \($0.why)" }.joined(separator: "\n")
        throw ExpenseError(
            .invalidData,
            "\(mismatches.count) row\(mismatches.count == 1 ? "" : "s") of \(from.path) do not match what the team database computes "
                + "(the file's table, id and report: what the server says); nothing was copied:\n\(lines)",
            hint: "the file was changed by another program, or computed at other rates than the team's: "
                + "correct or remove those rows in the file (or have finance load the file's rates), and copy again\(history)")
    }

    /// The server's word on every pending row, in the order they were copied.
    private func askServer() throws -> [Mismatch] {
        var found: [Mismatch] = []
        var start = 0
        while start < pending.count {
            let page = pending[start..<min(start + DatabaseCopy.pageSize, pending.count)]
            start += page.count
            for table in Set(page.map(\.table)).sorted() {
                let asked = page.filter { $0.table == table }
                let rows = Dictionary(asked.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                let faults = try to.query(
                    SQL(
                        verbatim: "SELECT id, \(PostgresSchema.functionSchema).\(asked[asked.startIndex].check)(id) FROM \(table) "
                            + "WHERE id IN (\(Array(repeating: "?", count: asked.count).joined(separator: ", "))) ORDER BY id",
                        arguments: asked.map { .integer($0.id) })
                ) { (id: $0.int64(0), fault: $0.optionalString(1)) }
                for fault in faults {
                    guard let why = fault.fault, let asked = rows[fault.id] else { continue }
                    found.append(Mismatch(row: asked.row, why: TerminalText.visible(why), decided: asked.decided))
                }
            }
        }
        pending = []
        return found
    }

    /// Each copied report past draft's frozen per diems, as the server computes them
    /// (`copied_per_diem_faults`): a page of reports a statement.
    private func askServerAboutPerDiems() throws -> [Mismatch] {
        let copies = decided.keys.sorted()
        var found: [Mismatch] = []
        var start = 0
        while start < copies.count {
            let page = copies[start..<min(start + DatabaseCopy.pageSize, copies.count)]
            start += page.count
            let faults = try to.query(
                SQL(
                    verbatim: "SELECT r.id, f.pf_date, f.pf_fault FROM reports r "
                        + "CROSS JOIN LATERAL \(PostgresSchema.functionSchema).copied_per_diem_faults(r.id) f "
                        + "WHERE r.id IN (\(Array(repeating: "?", count: page.count).joined(separator: ", "))) ORDER BY r.id, f.pf_date",
                    arguments: page.map { .integer($0) })
            ) { (id: $0.int64(0), date: $0.optionalString(1), fault: $0.string(2)) }
            for fault in faults {
                let report = decided[fault.id] ?? fault.id
                let day = fault.date.map { ", \(TerminalText.visible($0))" } ?? ""
                found.append(
                    Mismatch(row: "report_allowances (report \(report)\(day))", why: TerminalText.visible(fault.fault), decided: true))
            }
        }
        return found
    }

    /// Whether the file's report `report` is past draft (nil: an item of no report, which is not).
    private func isDecided(_ report: Int64?) -> Bool { report.map { !drafts.contains($0) } ?? false }

    private static func describe(_ report: Int64?) -> String { report.map { "report \($0)" } ?? "in no report" }
}
