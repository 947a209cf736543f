import ExpenseCore
import ExpenseSupport
import Rendering

/// serve's report page made of `report show`'s own `ReportDetail`: its header, its listings, its
/// totals' lines and its sections' words, so that the page shows the money the command prints,
/// never a second computation of it. `ReportPage` (Rendering) lays it out and escapes it.
extension ReportDetail {
    var webPage: ReportPage {
        var facts = header
        if let decision, report.status != .submitted || route.isEmpty {
            var local = decision
            local.at = LocalTime.forPeople(decision.at)
            facts.append(("Decision", ReportView.decisionWords(local)))
        }
        // The items as the command lists them, with their description (a phone has room below).
        let listing = ExpenseView.listing(items, inReport: true)
        let columns = listing.columns.map { column in
            column.key == "description"
                ? Listing.Column(column.key, column.title, inTable: true, drop: column.drop, fit: column.fit) : column
        }
        let table = Listing(columns: columns + [.init("receipts", "receipts")], count: listing.count) { index in
            listing.row(index) + [receipts.cell(items[index].id)]
        }
        var sections: [ReportPage.Section] = []
        let route = ApprovalRouteView.text(self.route, status: report.status).split(separator: "\n").map { String($0.dropFirst(15)) }
        if !route.isEmpty { sections.append(.init("Route", route)) }
        if !findings.isEmpty { sections.append(Self.section(ServerFindingsView.text(findings, report: report))) }
        if !receipts.missing.isEmpty {
            let blocks = receipts.missing.first?.severity == .blocking
            sections.append(
                .init("Receipts missing (\(blocks ? "blocks submission" : "policy warning"))", receipts.missing.map(\.message)))
        }
        if !cuts.isEmpty { sections.append(.init("Cut on approval (what is due counts the approved amounts)", cuts.map(cutWords))) }
        let vat = VATView.text(VATTotals(items))
        if !vat.isEmpty { sections.append(Self.section(vat, aligned: true)) }
        if !charges.text.isEmpty { sections.append(Self.section(charges.text)) }
        return ReportPage(
            id: report.id, facts: facts, items: table, sections: sections, perDiems: webPerDiems,
            advances: advances.isEmpty ? nil : .init("Advances", advances.map(AdvanceView.line)),
            byCurrency: totals.byOriginalCurrency.map { ($0.currency.code, $0.displayString) },
            totals: summary.map { ReportPage.Figure($0.label, $0.figure, $0.currency, isDue: $0.isDue) },
            incomplete: AdvanceView.incomplete(totals),
            actions: report.status == .draft
                ? [.init("Take photo", "/receipts/new?report=\(report.id)"), .init("Add an expense", "/expenses/new?report=\(report.id)")]
                : [])
    }

    /// The per diems as `PerDiemView.text` words them: day by day and their total, or why none.
    private var webPerDiems: ReportPage.PerDiems {
        switch perDiems {
        case .computed(let perDiems):
            let notes = PerDiemView.unlisted(perDiems).map { "\($0.code) is not in the per-diem table: Luxembourg's rate" }
            return .init(
                heading: perDiems.frozen ? "Frozen when it was submitted." : "Computed from the trip; frozen when it is submitted.",
                days: PerDiemView.listing(perDiems, reportCurrency: report.currency),
                lines: notes + ["Per diems total: \(perDiems.total)"])
        case .none(let reason):
            return .init(
                heading: "None: " + PerDiemView.words(reason, report: report), days: nil,
                lines: PerDiemView.hint(reason, report: report).map { [$0] } ?? [])
        }
    }

    /// A section of `report show`'s text ("Heading:" and its indented lines) as the page's.
    private static func section(_ text: String, aligned: Bool = false) -> ReportPage.Section {
        var lines = text.split(separator: "\n").map(String.init)
        let first = lines.isEmpty ? "" : lines.removeFirst()
        let title = first.hasSuffix(":") ? String(first.dropLast()) : first
        return .init(title, lines.map { String($0.dropFirst(2)) }, aligned: aligned)
    }
}
