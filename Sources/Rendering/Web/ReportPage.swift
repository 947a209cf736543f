/// A report's page on the web (`/reports/{id}`): what `report show` prints, as HTML a phone and
/// a desk read. Pure: it is given the figures as the command computed and worded them (its
/// listings, its totals' lines, its sections' lines), so that the page can never show money
/// the command would print differently; it lays them out and escapes every text.
public struct ReportPage {
    /// A line of the totals: "Total in EUR:", "120.00", "EUR"; the due line stands out.
    public struct Figure {
        public let label: String
        public let amount: String
        public let currency: String
        public let isDue: Bool
        public init(_ label: String, _ amount: String, _ currency: String, isDue: Bool = false) {
            self.label = label
            self.amount = amount
            self.currency = currency
            self.isDue = isDue
        }
    }

    /// A section of lines under a heading (the receipts missing, the advances, the server's
    /// findings); `aligned` keeps the command's columns (a VAT table, the approval route).
    public struct Section {
        public let title: String
        public let lines: [String]
        public let aligned: Bool
        public init(_ title: String, _ lines: [String], aligned: Bool = false) {
            self.title = title
            self.lines = lines
            self.aligned = aligned
        }
    }

    /// The per diems: how they were computed, day by day, and their total; or why there are none.
    public struct PerDiems {
        public let heading: String
        public let days: Listing?
        public let lines: [String]
        public init(heading: String, days: Listing?, lines: [String]) {
            self.heading = heading
            self.days = days
            self.lines = lines
        }
    }

    public let id: Int64
    /// The header's labels and values as `report show` has them: purpose, dates, status, owner…
    public let facts: [(label: String, value: String)]
    /// The items, the columns `report show` prints (and the description), receipts among them.
    public let items: Listing
    /// Before the per diems: findings, receipts missing, cuts, VAT, items charged otherwise.
    public let sections: [Section]
    public let perDiems: PerDiems?
    /// After the per diems: the advances.
    public let advances: Section?
    /// What was spent in each currency: "USD", "12.00".
    public let byCurrency: [(currency: String, amount: String)]
    public let totals: [Figure]
    /// Why what is due is not complete (its per diems cannot be computed), if it is not.
    public let incomplete: String?
    /// Steps the viewer can take on it now: "Take photo", "Add an expense".
    public let actions: [WebPage.Link]

    public init(
        id: Int64, facts: [(label: String, value: String)], items: Listing, sections: [Section] = [], perDiems: PerDiems? = nil,
        advances: Section? = nil, byCurrency: [(currency: String, amount: String)], totals: [Figure], incomplete: String? = nil,
        actions: [WebPage.Link] = []
    ) {
        self.id = id
        self.facts = facts
        self.items = items
        self.sections = sections
        self.perDiems = perDiems
        self.advances = advances
        self.byCurrency = byCurrency
        self.totals = totals
        self.incomplete = incomplete
        self.actions = actions
    }

    /// The page's body for `WebPage.layout` (whose title is the report's).
    public var body: String {
        var html = ""
        if !actions.isEmpty {
            html += "<p class=\"actions\">"
            html += actions.map { "<a href=\"\(HTML.escape($0.href))\">\(HTML.escape($0.title))</a>" }.joined(separator: " · ")
            html += "</p>\n"
        }
        html += "<dl class=\"facts\">\n"
        for fact in facts where !fact.value.isEmpty {
            html += "<dt>\(HTML.escape(fact.label))</dt><dd>\(HTML.escape(fact.value))</dd>\n"
        }
        html += "</dl>\n<h2>Items</h2>\n" + ListingTable.html(items)
        for section in sections { html += Self.html(section) }
        if let perDiems {
            html += "<h2>Per diems</h2>\n<p>\(HTML.escape(perDiems.heading))</p>\n"
            if let days = perDiems.days { html += ListingTable.html(days) }
            for line in perDiems.lines { html += "<p>\(HTML.escape(line))</p>\n" }
        }
        if let advances { html += Self.html(advances) }
        html += "<h2>Totals</h2>\n<div style=\"overflow-x:auto\"><table class=\"totals\">\n"
        for spent in byCurrency {
            html += "<tr><th>Spent in \(HTML.escape(spent.currency))</th>"
            html += "<td style=\"text-align:right\">\(HTML.escape(spent.amount)) \(HTML.escape(spent.currency))</td></tr>\n"
        }
        for figure in totals {
            let label = HTML.escape(figure.label.trimmingSpaces)
            let amount = "\(HTML.escape(figure.amount)) \(HTML.escape(figure.currency))"
            html +=
                figure.isDue
                ? "<tr class=\"due\"><th><strong>\(label)</strong></th><td style=\"text-align:right\"><strong>\(amount)</strong></td></tr>\n"
                : "<tr><th>\(label)</th><td style=\"text-align:right\">\(amount)</td></tr>\n"
        }
        html += "</table></div>\n"
        if let incomplete { html += "<p role=\"note\">Incomplete: \(HTML.escape(incomplete))</p>\n" }
        return html
    }

    private static func html(_ section: Section) -> String {
        var html = "<h2>\(HTML.escape(section.title))</h2>\n"
        if section.aligned {
            html += "<pre style=\"overflow-x:auto\">\(HTML.escape(section.lines.joined(separator: "\n")))</pre>\n"
        } else {
            html += "<ul>\n" + section.lines.map { "<li>\(HTML.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        return html
    }
}
