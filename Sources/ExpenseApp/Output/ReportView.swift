import ExpenseCore
import ExpenseSupport

/// How reports look in each output format.
enum ReportView {
    static let columns: [Listing.Column] = [
        .init("id", "id"), .init("title", "title"), .init("from", "from"), .init("to", "to"),
        .init("status", "status"), .init("itemCount", "items"), .init("total", "total"),
    ]

    static func row(_ report: Report) -> [Listing.Cell] {
        [.int(report.id), .text(report.title), .date(report.startDate), .date(report.endDate),
         .text(report.status.rawValue), .int(Int64(report.itemCount)), .money(report.total)]
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
        ])
    }

    /// A one-report result (created, edited): a line for people, the whole report for programs.
    static func document(_ message: String, _ report: Report) -> Output {
        .document(text: message, json: json(report), csv: listing([report]))
    }

    static func dates(_ report: Report) -> String {
        switch (report.startDate, report.endDate) {
        case let (start?, end?): return "\(start) to \(end)"
        case let (start?, nil): return "from \(start)"
        case let (nil, end?): return "until \(end)"
        case (nil, nil): return "-"
        }
    }

    /// `report show`: the header, the items with their receipts, the receipts missing, and the
    /// totals. Each form is built only when it is rendered: a 100,000-item report's text, JSON
    /// and CSV rows held at once took hundreds of MB.
    static func detail(_ report: Report, items: [Expense], receipts: ReportReceipts = .none) throws -> Output {
        let totals = try ReportTotals(items: items, reportCurrency: report.currency, reportID: report.id)
        return .deferred(text: { detailText(report, items: items, receipts: receipts, totals: totals, emit: $0) },
                         json: { detailJSON(report, items: items, receipts: receipts, totals: totals) },
                         csv: { ExpenseView.listing(items, inReport: false) })
    }

    /// `report show --format json` (and `report export --format json`).
    static func detailJSON(_ report: Report, items: [Expense], receipts: ReportReceipts = .none) throws -> JSONValue {
        detailJSON(report, items: items, receipts: receipts,
                   totals: try ReportTotals(items: items, reportCurrency: report.currency, reportID: report.id))
    }

    private static func detailText(_ report: Report, items: [Expense], receipts: ReportReceipts, totals: ReportTotals,
                                   emit: (String) -> Void) {
        var text = "Report \(report.id): \(report.title)\n"
        let header: [(String, String)] = [
            ("Purpose", report.purpose), ("Destination", report.destination), ("Dates", dates(report)),
            ("Status", report.status.rawValue), ("Owner", report.owner), ("Currency", report.currency.code),
        ]
        for (label, value) in header where !value.isEmpty {
            text += "  " + (label + ":").padding(13) + value + "\n"
        }
        let listing = ExpenseView.listing(items, inReport: true)
        let table = Listing(columns: listing.columns + [.init("receipts", "receipts")], count: listing.count) { index in
            listing.row(index) + [receipts.cell(items[index].id)]
        }
        emit(text + "\n")
        Renderer(format: .table).table(table, emit: emit)
        text = ""
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
        text += "\nTotals by original currency:\n"
        if totals.byOriginalCurrency.isEmpty { text += "  (no items)\n" }
        let amounts = totals.byOriginalCurrency.map(\.displayString)
        let width = max(amounts.map(\.count).max() ?? 0, 1)
        for (money, amount) in zip(totals.byOriginalCurrency, amounts) {
            text += "  \(money.currency.code)  " + amount.leftPadding(width) + "\n"
        }
        let summary: [(String, Money)] = [
            ("Total in \(report.currency.code):", totals.total), ("  due to employee:", totals.dueToEmployee),
            ("  paid by company:", totals.paidByCompany),
        ]
        let summaryWidth = summary.map { $0.1.displayString.count }.max() ?? 0
        for (label, money) in summary {
            text += label.padding(22) + money.displayString.leftPadding(summaryWidth) + " \(money.currency.code)\n"
        }
        emit(text)
    }

    private static func detailJSON(_ report: Report, items: [Expense], receipts: ReportReceipts, totals: ReportTotals) -> JSONValue {
        .object([
            ("report", json(report)),
            ("items", .array(items.map { item in
                guard case .object(var members) = ExpenseView.json(item) else { return ExpenseView.json(item) }
                members.append(("receiptIds", .array((receipts.byItem[item.id] ?? []).map { .int($0) })))
                members.append(("receiptMissing", .bool(receipts.isMissing(item.id))))
                return .object(members)
            })),
            ("receiptsMissing", .array(receipts.missing.flatMap(\.expenseIDs).map { .int($0) })),
            ("totals", .object([
                ("byCurrency", .array(totals.byOriginalCurrency.map { .money($0) })),
                ("total", .money(totals.total)), ("dueToEmployee", .money(totals.dueToEmployee)),
                ("paidByCompany", .money(totals.paidByCompany)),
            ])),
        ])
    }
}

extension String {
    /// Pads on the right to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    /// Pads on the left to `width` characters.
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
