import ExpenseCore
import ExpenseSupport
import Rendering

/// How reports look in each output format.
enum ReportView {
    /// "rejected by bob at 2026-03-09T10:00:00Z: Receipt for the taxi is unreadable".
    static func decisionWords(_ event: ReportEvent) -> String {
        let done = ReportAction(rawValue: event.action)?.done.lowercased() ?? event.action
        return "\(done) by \(event.actor) at \(event.at)" + (event.reason.isEmpty ? "" : ": \(event.reason)")
    }

    /// A decision as `report show` and `inbox` write it in JSON.
    static func json(_ event: ReportEvent) -> JSONValue {
        .object([
            ("action", .string(event.action)), ("by", .string(event.actor)), ("at", .string(event.at)),
            ("reason", .string(event.reason)),
        ])
    }

    /// On a narrow terminal the item count, then the end date, give way before the title is cut.
    static let columns: [Listing.Column] = [
        .init("id", "id"), .init("title", "title"), .init("from", "from"), .init("to", "to", drop: 1),
        .init("status", "status"), .init("itemCount", "items", drop: 2), .init("total", "total"),
    ]

    static func row(_ report: Report) -> [Listing.Cell] {
        [
            .int(report.id), .text(report.title), .date(report.startDate), .date(report.endDate),
            .text(report.status.rawValue), .int(Int64(report.itemCount)), .money(report.total),
        ]
    }

    static func listing(_ reports: [Report], note: String? = nil) -> Listing {
        Listing(columns: columns, rows: reports.map(row), note: note)
    }

    static func json(_ report: Report) -> JSONValue {
        .object([
            ("id", .int(report.id)), ("title", .string(report.title)), ("purpose", .string(report.purpose)),
            ("destination", .string(report.destination)), ("from", .date(report.startDate)), ("to", .date(report.endDate)),
            ("currency", .string(report.currency.code)), ("status", .string(report.status.rawValue)),
            ("owner", .string(report.owner)), ("itemCount", .int(Int64(report.itemCount))), ("total", .money(report.total)),
            ("createdAt", .string(report.createdAt)), ("updatedAt", .string(report.updatedAt)),
            ("fromTime", .string(report.startTime.map(TripTime.clock))), ("toTime", .string(report.endTime.map(TripTime.clock))),
            ("country", .string(report.country?.code)), ("place", .string(report.place)), ("overnight", .bool(report.overnight)),
        ])
    }

}

/// `report show`: the header, the items with their receipts, the receipts missing, the per
/// diems, and the totals. Only the format asked for is ever built, and its text is written as it is made: a
/// 100,000-item report's text, JSON and CSV rows held at once took hundreds of MB.
struct ReportDetail: Document {
    let report: Report
    let items: [Expense]
    let receipts: ReportReceipts
    let perDiems: ReportAllowance
    let advances: [Advance]
    /// The last approval or rejection: who, when and why, so a rejected report is no dead end.
    let decision: ReportEvent?
    /// The version read with it (read first, so that it is never newer than what is shown),
    /// which a step on the report names (`--seen`); nil where none was read (an export).
    let version: ReportVersion?
    /// What a team database's server found at its latest submission (`Store.serverFindings`).
    let findings: [Violation]
    /// The cost centres it and its items are charged to.
    let charges: ReportCharges
    /// The items its approvers cut (`ItemCut`): what is due is computed from the approved amounts.
    let cuts: [ItemCut]
    /// Who decides on it, step by step, since its submission (`Store.approvalSteps`).
    let route: [ApprovalStep]
    let totals: ReportTotals

    /// - Throws: when the totals do not fit (bad data naming the report).
    init(
        report: Report, items: [Expense], receipts: ReportReceipts = .none, perDiems: ReportAllowance, advances: [Advance] = [],
        decision: ReportEvent? = nil, version: ReportVersion? = nil, findings: [Violation] = [], charges: ReportCharges = .none,
        cuts: [ItemCut] = [], route: [ApprovalStep] = []
    ) throws {
        self.report = report
        self.findings = findings
        self.charges = charges
        self.cuts = cuts
        self.route = route
        self.decision = decision
        self.version = version
        self.items = items
        self.receipts = receipts
        self.perDiems = perDiems
        self.advances = advances
        totals = try ReportTotals(
            items: items, reportCurrency: report.currency, reportID: report.id, perDiems: perDiems.total(in: report.currency),
            advances: try AdvanceView.total(advances, report), missingPerDiems: perDiems.missing, cuts: cuts)
    }

    /// "item 12: 23.50 EUR approved at 0.00 EUR by bob at 2026-03-09T10:00:00Z: minibar is private",
    /// the time as people read it; "by dave for bob" when a delegate cut it.
    func cutWords(_ cut: ItemCut) -> String {
        let original = items.first { $0.id == cut.expenseID }?.conversion?.converted
        return "item \(cut.expenseID): " + (original.map { "\($0) " } ?? "") + "approved at \(cut.approved) by \(cut.cutBy)"
            + (cut.onBehalfOf.map { " for \($0)" } ?? "") + " at \(LocalTime.forPeople(cut.cutAt)): \(cut.reason)"
    }

    /// The header's labels and values (an empty one is not shown), as `report show` prints
    /// them and serve's report page shows them.
    var header: [(label: String, value: String)] {
        [
            ("Purpose", report.purpose), ("Destination", report.destination), ("Dates", report.dateRange),
            ("Country", report.country?.code ?? ""), ("Place", report.place ?? ""),
            ("Nights away", report.overnight ? "" : "none: over midnight without a night"),
            ("Status", report.status.rawValue), ("Owner", report.owner), ("Currency", report.currency.code),
            ("Charged to", charges.reportLine), ("Version", version?.description ?? ""),
        ]
    }

    /// The totals' lines under the items as `report show` prints them, and serve's report page
    /// shows them (the one computation of both): a label ("Total in EUR:", "Due to employee:"),
    /// the figure with its bound ("at least 120.00"), the currency's code, and whether it is the
    /// line of what is due (to the traveller, or back from them).
    var summary: [(label: String, figure: String, currency: String, isDue: Bool)] {
        // With per diems or advances, what is due is the items paid personally and the per diems, less the advances;
        // without per diems that cannot be computed, it is at least (or, owed back, at most) what it says.
        var summary: [(String, Money)] = [("Total in \(report.currency.code):", totals.total)]
        let due = AdvanceView.due(totals)
        var dueLine = 1
        if perDiems.perDiems == nil && advances.isEmpty && totals.isComplete && cuts.isEmpty {
            summary.append(due)
            summary.append(("  paid by company:", totals.paidByCompany))
        } else {
            summary.append(("  paid personally:", totals.paidPersonally))
            summary.append(("  paid by company:", totals.paidByCompany))
            if perDiems.perDiems != nil { summary.append(("Per diems:", totals.perDiems)) }
            if !advances.isEmpty { summary.append(("Advances paid:", totals.advances)) }
            if !cuts.isEmpty { summary.append(("Cut on approval:", totals.cut)) }
            dueLine = summary.count
            summary.append((due.0.trimmingSpaces.prefix(1).uppercased() + due.0.trimmingSpaces.dropFirst(), due.1))
        }
        return summary.indices.map { index in
            let (label, money) = summary[index]
            let isDue = index == dueLine
            return (label, (isDue ? AdvanceView.bound(totals) : "") + money.displayString, money.currency.code, isDue)
        }
    }

    var text: String {
        var text = ""
        writeText(width: nil) { text += $0 }
        return text
    }

    func writeText(width: Int?, _ emit: (String) -> Void) {
        var text = "Report \(report.id): \(report.title)\n"
        for (label, value) in header where !value.isEmpty {
            text += "  " + (label + ":").padding(13) + value + "\n"
        }
        // While it is on its route, the route says who decided which step.
        if let decision, report.status != .submitted || route.isEmpty {
            var local = decision
            local.at = LocalTime.forPeople(decision.at)
            text += "  " + "Decision:".padding(13) + ReportView.decisionWords(local) + "\n"
            if report.status == .rejected {
                text += "  " + "".padding(13) + "reopen it to change and submit it again: expenses report reopen \(report.id)\n"
            }
        }
        text += ApprovalRouteView.text(route, status: report.status)
        let listing = ExpenseView.listing(items, inReport: true)
        let table = Listing(columns: listing.columns + [.init("receipts", "receipts", drop: 4)], count: listing.count) { index in
            listing.row(index) + [receipts.cell(items[index].id)]
        }
        if !findings.isEmpty { text += "\n" + ServerFindingsView.text(findings, report: report) }
        emit(text + "\n")
        table.table(width: width, emit: emit)
        text = charges.text
        if !receipts.missing.isEmpty {
            text += "\nReceipts missing (\(receipts.missing.first?.severity == .blocking ? "blocks submission" : "policy warning")):\n"
            for violation in receipts.missing {
                text += "  \(violation.message)\n"
                if text.utf8.count >= 1 << 14 {
                    emit(text)
                    text = ""
                }
            }
        }
        if !cuts.isEmpty {
            text += "\nCut on approval (what is due counts the approved amounts):\n"
            for cut in cuts { text += "  \(cutWords(cut))\n" }
        }
        text += VATView.text(VATTotals(items))
        text += PerDiemView.text(perDiems, report: report, width: width)
        text += AdvanceView.text(advances)
        text += "\nTotals by original currency:\n"
        if totals.byOriginalCurrency.isEmpty { text += "  (no items)\n" }
        let amounts = totals.byOriginalCurrency.map(\.displayString)
        let width = max(amounts.map(\.count).max() ?? 0, 1)
        for (money, amount) in zip(totals.byOriginalCurrency, amounts) {
            text += "  \(money.currency.code)  " + amount.leftPadding(width) + "\n"
        }
        let summary = self.summary
        let summaryWidth = summary.map { $0.figure.count }.max() ?? 0
        let labelWidth = max(22, (summary.map { $0.label.count }.max() ?? 0) + 1)
        for line in summary {
            text += line.label.padding(labelWidth) + line.figure.leftPadding(summaryWidth) + " \(line.currency)\n"
        }
        if let incomplete = AdvanceView.incomplete(totals) { text += "  incomplete: \(incomplete)\n" }
        emit(text)
    }

    var json: JSONValue {
        .object([
            ("report", ReportView.json(report)),
            ("version", version.map { .int($0.lastEvent) } ?? .null),
            (
                "items",
                .array(
                    items.map { item in
                        guard case .object(var members) = ExpenseView.json(item) else { return ExpenseView.json(item) }
                        members.append(("receiptIds", .array((receipts.byItem[item.id] ?? []).map { .int($0) })))
                        members.append(("receiptMissing", .bool(receipts.isMissing(item.id))))
                        return .object(members)
                    })
            ),
            ("receiptsMissing", .array(receipts.missing.flatMap(\.expenseIDs).map { .int($0) })),
            ("perDiems", PerDiemView.json(perDiems, report: report)),
            ("advances", .array(advances.map(AdvanceView.json))),
            ("serverFindings", ServerFindingsView.json(findings)),
            ("costCentres", charges.json),
            (
                "cuts",
                .array(
                    cuts.map { cut in
                        .object([
                            ("itemId", .int(cut.expenseID)),
                            ("amount", items.first { $0.id == cut.expenseID }?.conversion.map { .money($0.converted) } ?? .null),
                            ("approved", .money(cut.approved)), ("reason", .string(cut.reason)), ("by", .string(cut.cutBy)),
                            ("onBehalfOf", .string(cut.onBehalfOf)), ("at", .string(cut.cutAt)),
                        ])
                    })
            ),
            ("route", ApprovalRouteView.json(route, status: report.status)),
            (
                "decision",
                decision.map(ReportView.json) ?? .null
            ),
            (
                "totals",
                .object([
                    ("byCurrency", .array(totals.byOriginalCurrency.map { .money($0) })),
                    ("total", .money(totals.total)), ("dueToEmployee", .money(totals.dueToEmployee)),
                    ("paidByCompany", .money(totals.paidByCompany)), ("perDiems", .money(totals.perDiems)),
                    ("advances", .money(totals.advances)), ("cut", .money(totals.cut)), ("approved", .money(totals.approved)),
                    ("dueToCompany", .money(totals.dueToCompany)),
                    ("complete", .bool(totals.isComplete)), ("incomplete", .string(AdvanceView.incomplete(totals))),
                    ("vatByRate", VATView.json(VATTotals(items))),
                ])
            ),
        ])
    }

    var rows: Listing? { ExpenseView.listing(items, inReport: false) }
}

/// A report created or changed: a line for people, the whole report for programs.
struct ReportResult: Document {
    let message: String
    let report: Report

    var text: String { message }
    var json: JSONValue { ReportView.json(report) }
    var rows: Listing? { ReportView.listing([report]) }
}

/// `report delete`: the report and what became of its items.
struct ReportDeletion: Document {
    let id: Int64
    let items: Int
    let itemsDeleted: Bool

    var text: String {
        let detail =
            items == 0
            ? ""
            : itemsDeleted
                ? " and its \(items) item\(items == 1 ? "" : "s")"
                : "; its \(items) item\(items == 1 ? " is" : "s are") now unassigned"
        return "Deleted report \(id)\(detail)"
    }

    var json: JSONValue {
        .object([("deleted", .int(id)), ("items", .int(Int64(items))), ("itemsDeleted", .bool(itemsDeleted))])
    }
}

extension String {
    /// Pads on the right to `width` terminal columns.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - TerminalWidth.columns(self))) }
    /// Pads on the left to `width` terminal columns.
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - TerminalWidth.columns(self))) + self }
}
