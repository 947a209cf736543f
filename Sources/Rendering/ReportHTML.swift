import ExpenseCore
import ExpenseSupport

/// The printable expense report: one self-contained HTML file (styles and receipt images inside)
/// laid out for paper — Odoo's report layout: header, items, totals, policy notes, approvals,
/// a signature line, then each receipt on its own page.
public struct ReportHTML {
    /// A receipt to append, with the items it belongs to, as it is printed (`Content`).
    public struct Receipt {
        /// What a receipt's page shows: Chromium prints an embedded PDF as a grey box and a
        /// message not at all, so a PDF comes as pictures of its pages and an e-mail as its text.
        public enum Content {
            /// An image file, shown as it is.
            case image(mediaType: String, bytes: [UInt8])
            /// A PDF's pages drawn as PNG pictures, and how many more it has that are not printed.
            case pages([[UInt8]], more: Int)
            /// An e-mail's text, as read from its body when it was captured.
            case text(String)
            /// What stands in for a receipt that cannot be shown: why not.
            case unprintable(String)
        }

        public var expenseIDs: [Int64]
        public var content: Content
        public var name: String

        public init(expenseIDs: [Int64], content: Content, name: String) {
            self.expenseIDs = expenseIDs
            self.content = content
            self.name = name
        }
    }

    public var report: Report
    public var items: [Expense]
    public var violations: [Violation]
    public var events: [ReportEvent]
    public var receipts: [Receipt]
    /// Cash advances paid for the trip, netted in what is due.
    public var advances: [Advance]
    public var generatedAt: String
    /// The program and its version: "expenses 0.1.0".
    public var generator: String
    /// The report's per diems, day by day, when it has some; else `perDiemNote` says why not.
    public var perDiems: ReportPerDiems?
    public var perDiemNote: String?
    /// Why per diems the report earns are not computed (`ReportAllowance.missing`): what is due is
    /// then at least what it says, and the totals say so with `perDiemNote`.
    public var missingPerDiems: ExpenseError?
    /// The traveller's full name beside the report's owner (a user name): the `name` setting, or
    /// on a team database the account holder of the owner's payee; nil when not known.
    public var travellerName: String?
    /// The trip's days and the country of each, when the report has its dates and country.
    public var trip: TripSchedule?
    /// The rate per kilometre each mileage item was paid at, by item id, where it is known.
    public var mileageRates: [Int64: Money] = [:]
    /// The items its approvers cut (`ItemCut`): shown beside their own amounts, and what is due
    /// is computed from the approved ones.
    public var cuts: [ItemCut] = []
    /// The payment run that reimbursed the report and its transfer, when the reader may see them.
    public var payment: (run: PaymentRun, transfer: PaymentTransfer)?
    /// The report's approval route, each step signed or not (`signaturesSection`); none without one.
    public var signatures: [Signature] = []

    public init(
        report: Report, items: [Expense], violations: [Violation], events: [ReportEvent], receipts: [Receipt],
        generatedAt: String, generator: String, advances: [Advance] = []
    ) {
        self.advances = advances
        self.report = report
        self.items = items
        self.violations = violations
        self.events = events
        self.receipts = receipts
        self.generatedAt = generatedAt
        self.generator = generator
    }

    public func render() throws -> String {
        let advanced = Money.total(advances.map(\.conversion.converted.minorUnits)).map { Money(minorUnits: $0, currency: report.currency) }
        let totals = try ReportTotals(
            items: items, reportCurrency: report.currency, reportID: report.id, perDiems: perDiems?.total, advances: advanced,
            missingPerDiems: missingPerDiems, cuts: cuts)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Expense report \(report.id): \(escape(report.title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>Expense report \(report.id): \(escape(report.title))</h1>
            <table class="facts">
            """
        let traveller = travellerName.map { $0 == report.owner ? $0 : "\($0) (\(report.owner))" } ?? report.owner
        let facts: [(String, String)] = [
            ("Traveller", traveller), ("Purpose", report.purpose), ("Destination", report.destination),
            ("Dates", report.dateRange), ("Stops", stops ?? ""), ("Status", report.status.rawValue), ("Reimbursed", reimbursement ?? ""),
            ("Currency", report.currency.code),
        ]
        for (label, value) in facts where !value.isEmpty {
            html += "<tr><th>\(label)</th><td>\(escape(value))</td></tr>\n"
        }
        // The colophon goes at the top: at the end, one short line would spill onto a page of its own.
        html +=
            "</table>\n<p class=\"generated\">Generated \(escape(generatedAt)) by \(escape(generator)); "
            + "\(receipts.count) receipt\(receipts.count == 1 ? "" : "s") attached.</p>\n</header>\n<h2>Items</h2>\n"
        html += itemsTable()
        html += cutsTable()
        html += perDiemTable()
        html += advancesTable()
        html += "<h2>Totals</h2>\n<table class=\"totals\">\n"
        for money in totals.byOriginalCurrency {
            html +=
                "<tr><th>Spent in \(money.currency.code)</th><td class=\"num\">\(money.displayString) \(money.currency.code)</td></tr>\n"
        }
        html += """
            <tr class="grand"><th>Total in \(report.currency.code)</th><td class="num">\(totals.total)</td></tr>

            """
        if perDiems != nil {
            html += "<tr><th>Per diems</th><td class=\"num\">\(totals.perDiems)</td></tr>\n"
        }
        if !cuts.isEmpty {
            html += "<tr><th>Cut on approval</th><td class=\"num\">\(totals.cut)</td></tr>\n"
        }
        html += """
            \(advancesRows(totals))
            <tr><th>Paid by the company</th><td class="num">\(totals.paidByCompany)</td></tr>
            </table>

            """
        html += vatTable()
        html += "<h2>Policy notes</h2>\n"
        if violations.isEmpty {
            html += "<p>The report meets the expense policy.</p>\n"
        } else {
            html += "<ul class=\"policy\">\n"
            for violation in violations {
                html += "<li class=\"\(violation.severity.rawValue)\"><b>\(violation.severity.rawValue)</b> \(escape(violation.message))"
                if let reason = violation.acknowledgement { html += " <i>(acknowledged: \(escape(reason)))</i>" }
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        html += signaturesSection()
        html += historySection()
        html += """
            <p class="certify">Certified honest and conform. Date and signature:</p>

            """
        for (index, receipt) in receipts.enumerated() { html += receiptSection(receipt, number: index + 1) }
        return html + "</body>\n</html>\n"
    }

    /// The input VAT in the items by currency and rate (`VATTotals`): what finance reclaims.
    private func vatTable() -> String {
        let totals = VATTotals(items)
        guard !totals.isEmpty else { return "" }
        var html = """
            <h2>VAT</h2>
            <table class="items vat"><thead><tr><th>Rate</th><th class="num">Net</th><th class="num">VAT</th>\
            <th class="num">Gross</th></tr></thead><tbody>

            """
        for line in totals.lines {
            html +=
                "<tr><td>\(line.rate) %</td><td class=\"num\">\(line.net)</td><td class=\"num\">\(line.tax)</td>"
                + "<td class=\"num\">\(line.gross)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private func itemsTable() -> String {
        guard !items.isEmpty else { return "<p>No items.</p>\n" }
        // The VAT column only where an item has VAT: a narrow page keeps its merchants whole.
        let withVAT = items.contains { $0.vat != nil }
        var html = """
            <table class="items"><thead><tr><th>#</th><th>Date</th><th>Category</th><th>Merchant</th><th>Description</th>\
            <th>Paid by</th><th class="num">Amount</th>\(withVAT ? "<th class=\"num\">VAT</th>" : "")<th class="num">Rate</th>\
            <th class="num">\(report.currency.code)</th></tr></thead><tbody>

            """
        for item in items {
            let rate = item.conversion.map { $0.source == .same ? "" : $0.rate.description } ?? ""
            html +=
                "<tr><td>\(item.id)</td><td class=\"date\">\(item.date)</td><td>\(escape(item.category))</td><td>\(escape(item.merchant))</td>"
                + "<td>\(descriptionCell(item))</td><td>\(item.paidBy.rawValue)</td><td class=\"num\">\(item.amount)</td>"
                + (withVAT
                    ? "<td class=\"num\">\(item.vat.map { $0.parts.map { "\($0.rate) %: \($0.tax.displayString)" }.joined(separator: "<br>") } ?? "")</td>"
                    : "")
                + "<td class=\"num\">\(rate)</td><td class=\"num\">\(item.conversion?.converted.displayString ?? "")</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The items the approvers cut: each one's own amount, the approved one, who cut it (for
    /// whom) and why.
    private func cutsTable() -> String {
        guard !cuts.isEmpty else { return "" }
        var html = """
            <h2>Cut on approval</h2>
            <table class="items cuts"><thead><tr><th>#</th><th class="num">\(report.currency.code)</th>\
            <th class="num">Approved</th><th>By</th><th>Reason</th></tr></thead><tbody>

            """
        for cut in cuts {
            let original = items.first { $0.id == cut.expenseID }?.conversion?.converted.displayString ?? ""
            let by = cut.cutBy + (cut.onBehalfOf.map { " for \($0)" } ?? "")
            html +=
                "<tr><td>\(cut.expenseID)</td><td class=\"num\">\(original)</td><td class=\"num\">\(cut.approved.displayString)</td>"
                + "<td>\(escape(by))</td><td>\(escape(cut.reason))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The description, with the item's `detail` on a line of its own below it.
    func descriptionCell(_ item: Expense) -> String {
        guard let detail = detail(of: item) else { return escape(item.description) }
        return (item.description.isEmpty ? "" : escape(item.description) + "<br>") + "<span class=\"detail\">\(escape(detail))</span>"
    }

    /// What a checker needs beyond the description: a journey's distance, vehicle, places and
    /// rate per kilometre; a lodging bill's nights.
    func detail(of item: Expense) -> String? {
        if let journey = item.journey {
            return journey.summary + (mileageRates[item.id].map { ", \($0) a km" } ?? "")
        }
        guard item.category == "lodging" else { return nil }
        let nights = item.nights ?? 1
        return "\(nights) night\(nights == 1 ? "" : "s")"
    }

    /// The per diems day by day, before the totals: date, place, meals provided, rate,
    /// deductions, amount, the night's lodging flat when a night has one, the day in the report's
    /// currency when a rate is in another, and why
    /// (`PerDiem.Day.why`: the rule that gave the day its kind, the place's rate, the lodging flat,
    /// a day shared), which says the kind in words.
    private func perDiemTable() -> String {
        guard let perDiems else {
            return perDiemNote.map { "<h2>Per diems</h2>\n<p>None: \(escape($0)).</p>\n" } ?? ""
        }
        let converted = perDiems.days.contains { $0.perDiem.amount.currency != report.currency }
        let lodging = perDiems.days.contains { $0.perDiem.lodging.minorUnits != 0 }
        var html = """
            <h2>Per diems</h2>
            <table class="items perdiems"><thead><tr><th>Date</th><th>Place</th><th>Meals provided</th>\
            <th class="num">Rate</th><th class="num">Deductions</th><th class="num">Amount</th>\
            \(lodging ? "<th class=\"num\">Lodging</th>" : "")\
            \(converted ? "<th class=\"num\">\(report.currency.code)</th>" : "")<th>Why</th></tr></thead><tbody>

            """
        for day in perDiems.days {
            let perDiem = day.perDiem
            html +=
                "<tr><td class=\"date\">\(perDiem.date)</td><td>\(escape(perDiem.place.map { "\(perDiem.country) \($0)" } ?? perDiem.country.code))</td>"
                + "<td>\(perDiem.meals.isEmpty ? "" : escape(perDiem.meals.description))</td><td class=\"num\">\(perDiem.rate)</td>"
                + "<td class=\"num\">\(perDiem.deductions.minorUnits == 0 ? "" : "−\(perDiem.deductions)")</td>"
                + "<td class=\"num\">\(perDiem.amount)</td>"
                + (lodging ? "<td class=\"num\">\(perDiem.lodging.minorUnits == 0 ? "" : "\(perDiem.lodging)")</td>" : "")
                + (converted ? "<td class=\"num\">\(day.converted.displayString)</td>" : "")
                + "<td>\(escape(perDiem.why.joined(separator: "; ")))</td></tr>\n"
        }
        let frozen = perDiems.frozen ? "frozen when the report was submitted" : "computed from the trip; frozen when it is submitted"
        return html
            + "</tbody></table>\n<p class=\"generated\">Per diems total \(perDiems.total), \(frozen).</p>\n"
    }

    func escape(_ text: String) -> String { text.xmlEscaped }

    static let style = """
        @page { size: A4; margin: 15mm; }
        body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #111; margin: 0; }
        h1 { font-size: 16pt; margin: 0 0 8pt; }
        h2 { font-size: 12pt; margin: 14pt 0 6pt; border-bottom: 1px solid #999; }
        table { border-collapse: collapse; }
        table.facts th { text-align: left; padding-right: 12pt; font-weight: normal; color: #555; }
        table.items, table.history { width: 100%; }
        table.items th, table.items td, table.history th, table.history td { border-bottom: 1px solid #ccc; padding: 3pt 4pt; text-align: left; }
        thead { display: table-header-group; }
        tr { page-break-inside: avoid; }
        .date { white-space: nowrap; }
        .num { text-align: right !important; font-variant-numeric: tabular-nums; white-space: nowrap; }
        table.totals th { text-align: left; font-weight: normal; padding-right: 24pt; }
        table.totals tr.grand th, table.totals tr.grand td { font-weight: bold; border-top: 1px solid #111; }
        ul.policy li.blocking b { color: #b00; }
        ul.policy li.warning b { color: #a60; }
        .certify { margin-top: 12pt; padding-top: 18pt; border-bottom: 1px solid #111; width: 60%; break-inside: avoid; }
        .generated { color: #777; font-size: 8pt; }
        .detail { color: #555; font-size: 9pt; }
        section.receipt { page-break-before: always; }
        section.receipt img { display: block; max-width: 100%; max-height: 240mm; margin: 0 auto; }
        section.receipt img.page + img.page { page-break-before: always; }
        section.receipt img.page { border: 1px solid #ccc; }
        pre.mail { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 9pt; white-space: pre-wrap; overflow-wrap: anywhere; }
        p.unprintable { border: 1px solid #b00; padding: 8pt; }
        """
}

extension ReportHTML {
    /// The advances paid, a short table before the totals; nothing when there were none.
    func advancesTable() -> String {
        guard !advances.isEmpty else { return "" }
        var html =
            "<h2>Advances</h2>\n<table class=\"advances\"><thead><tr><th>No.</th><th>Date</th><th class=\"num\">Amount</th>"
            + "<th class=\"num\">In \(report.currency.code)</th></tr></thead><tbody>\n"
        for advance in advances {
            html +=
                "<tr><td>\(advance.id)</td><td>\(advance.date)</td><td class=\"num\">\(advance.amount)</td>"
                + "<td class=\"num\">\(advance.conversion.converted)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The advances' total and what is due, to the employee or back to the company.
    func advancesRows(_ totals: ReportTotals) -> String {
        var html = advances.isEmpty ? "" : "<tr><th>Advances paid</th><td class=\"num\">\(totals.advances)</td></tr>\n"
        if totals.dueToEmployee.minorUnits < 0 {
            html +=
                "<tr><th>Due back to the company</th><td class=\"num\">\(totals.isComplete ? "" : "at most ")\(totals.dueToCompany)</td></tr>"
        } else {
            html +=
                "<tr><th>Due to the employee</th><td class=\"num\">\(totals.isComplete ? "" : "at least ")\(totals.dueToEmployee)</td></tr>"
        }
        if !totals.isComplete {
            html +=
                "\n<tr><th colspan=\"2\">Incomplete: without the per diems; \(escape(perDiemNote ?? "they are not computed")).</th></tr>"
        }
        return html
    }
}
