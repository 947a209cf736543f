/// A listing (the rows `report list` prints) as an HTML table: the same columns and cells, each
/// escaped; a row may link to its own page. On a desk the table scrolls sideways in its box when
/// it is wider; on a phone each row stands as a card of "column: value" lines (`WebPage.layout`'s
/// CSS reads each cell's `data-label`), since a row wider than 390 px hides its last columns, the
/// total among them, and a date breaks in two; there the whole card is its link, as a finger
/// misses an id one digit wide.
public enum ListingTable {
    /// - Parameter link: the page a row's first cell links to, if any.
    public static func html(_ listing: Listing, link: (Int) -> String? = { _ in nil }) -> String {
        let columns = listing.columns.indices.filter { listing.columns[$0].inTable }
        var html = "<div style=\"overflow-x:auto\"><table class=\"listing\">\n<thead><tr>"
        for index in columns { html += "<th>\(HTML.escape(listing.columns[index].title))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in 0..<listing.count {
            let cells = listing.row(row)
            html += "<tr>"
            for (position, index) in columns.enumerated() {
                let cell = cells[index]
                let label = " data-label=\"\(HTML.escape(listing.columns[index].title))\""
                let text = HTML.escape(cell.display)
                let style = cell.isNumeric ? " style=\"text-align:right\"" : ""
                if position == 0, let href = link(row) {
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
