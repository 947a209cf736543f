import ExpenseCore
import ExpenseSupport

/// A laptop's file is the traveller's word, and the team database takes of it only what it cannot
/// compute itself (issue 40): every row of a draft (or of no report) that the server computes is
/// asked of the server once it is written, by the checks its own write functions make
/// (`PostgresSchema.copyChecks`); the traveller's acknowledgements come only in her own name;
/// a draft has no per diems, which the server computes at its submission. A row that is not what
/// the server computes is named (the file's table and id, its report, what it says and what the
/// server computes), every one of them, and the copy refused whole (65): nothing is kept "as the
/// file says", and nothing is changed into what the file did not say.
///
/// Reports past draft (`--import-history`) were decided elsewhere and come as imported: their
/// items and frozen per diems stay as they were decided, at that database's rates.
extension TeamImport {
    /// One row of the file that the server computes otherwise.
    struct Mismatch {
        let row: String
        let why: String
    }

    /// A copied row (its id on the target) to ask the server about, once every row is written:
    /// a page of them a statement, not a round trip each.
    struct PendingCheck {
        let table: String
        let check: String
        let id: Int64
        let row: String
    }

    /// The file's item `fileID` in the file's report `report` (nil: none), copied as `id`: asked of
    /// the server while it is the traveller's to go on with.
    func checkItem(_ fileID: Int64, _ id: Int64, report: Int64?) {
        guard report.map(drafts.contains) ?? true else { return }
        pending.append(
            PendingCheck(table: "expenses", check: "copied_item_fault", id: id, row: "expenses \(fileID) (\(Self.describe(report)))"))
    }

    /// A copied advance of a draft, asked of the server.
    func checkAdvance(_ fileID: Int64, _ id: Int64, report: Int64) {
        guard drafts.contains(report) else { return }
        pending.append(
            PendingCheck(
                table: "report_advances", check: "copied_advance_fault", id: id, row: "report_advances \(fileID) (\(Self.describe(report)))"
            ))
    }

    /// An acknowledgement is its report's owner's, as the server lets only the owner make one
    /// (`report_acknowledge` writes who calls): one in anyone else's name is refused, never
    /// stored as theirs nor turned into the owner's.
    func checkAcknowledgement(report: Int64, violation: String, actor: String) -> Bool {
        guard let owner = fileOwners[report], UserName(normalizing: actor).value != owner else { return true }
        mismatches.append(
            Mismatch(
                row: "policy_acknowledgements (report \(report), \(TerminalText.visible(violation)))",
                why: "acknowledged by \(TerminalText.visible(actor)) on a report of \(TerminalText.visible(owner))'s: "
                    + "a warning is acknowledged by the report's owner alone"))
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
        mismatches = try askServer() + mismatches
        guard !mismatches.isEmpty else { return }
        let lines = mismatches.map { "  \($0.row): \($0.why)" }.joined(separator: "\n")
        throw ExpenseError(
            .invalidData,
            "\(mismatches.count) row\(mismatches.count == 1 ? "" : "s") of \(from.path) do not match what the team database computes "
                + "(the file's table, id and report: what the server says); nothing was copied:\n\(lines)",
            hint: "the file was changed by another program, or computed at other rates than the team's: "
                + "correct or remove those rows in the file (or have finance load the file's rates), and copy again")
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
                let rows = Dictionary(asked.map { ($0.id, $0.row) }, uniquingKeysWith: { first, _ in first })
                let faults = try to.query(
                    SQL(
                        verbatim: "SELECT id, \(PostgresSchema.functionSchema).\(asked[asked.startIndex].check)(id) FROM \(table) "
                            + "WHERE id IN (\(Array(repeating: "?", count: asked.count).joined(separator: ", "))) ORDER BY id",
                        arguments: asked.map { .integer($0.id) })
                ) { (id: $0.int64(0), fault: $0.optionalString(1)) }
                for fault in faults {
                    guard let why = fault.fault, let row = rows[fault.id] else { continue }
                    found.append(Mismatch(row: row, why: TerminalText.visible(why)))
                }
            }
        }
        pending = []
        return found
    }

    private static func describe(_ report: Int64?) -> String { report.map { "report \($0)" } ?? "in no report" }
}
