/// A listing (the rows `report list` prints) as an HTML table: the same columns and cells, each
/// escaped. The table scrolls sideways in its box when it is wider than the screen. A listing of
/// pages to open (each row links to its own) is different on a phone: each row stands as a card
/// of "column: value" lines (`WebPage.layout`'s CSS reads each cell's `data-label`), since a row
/// wider than 390 px hid its last columns, the total among them, and broke a date in two; and the
/// whole card is its link, as a finger misses an id one digit wide. A table of figures (a
/// report's items) keeps its columns side by side for comparing them.
public enum ListingTable {
    /// - Parameter link: the page a row's first cell links to; given, the rows are cards on a phone.
    public static func html(_ listing: Listing, link: ((Int) -> String?)? = nil) -> String {
        let columns = listing.columns.indices.filter { listing.columns[$0].inTable }
        var html = "<div style=\"overflow-x:auto\"><table\(link == nil ? "" : " class=\"cards\"")>\n<thead><tr>"
        for index in columns { html += "<th>\(HTML.escape(listing.columns[index].title))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in 0..<listing.count {
            let cells = listing.row(row)
            html += "<tr>"
            for (position, index) in columns.enumerated() {
                let cell = cells[index]
                let label = link == nil ? "" : " data-label=\"\(HTML.escape(listing.columns[index].title))\""
                let text = HTML.escape(cell.display)
                let style = cell.isNumeric ? " style=\"text-align:right\"" : ""
                if position == 0, let href = link?(row) {
                    html += "<td\(label)\(style)><a href=\"\(HTML.escape(href))\">\(text)</a></td>"
                } else {
                    html += "<td\(label)\(style)>\(text)</td>"
                }
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        if listing.count == 0 { html += "<p>None.</p>\n" }
        if let note = listing.note { html += "<p>\(HTML.escape(note))</p>\n" }
        return html
    }
}
