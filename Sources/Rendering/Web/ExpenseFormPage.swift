/// The add-expense form (`/expenses/new`), empty or prefilled from a receipt: what OCR read is
/// put in the fields for the person to check, and what the receipt's own arithmetic doubts is
/// shown above them, so a misread total is seen before it is booked. Posted to `/expenses` with
/// the CSRF token; a receipt it came from rides along as a hidden field. Body HTML only.
public enum ExpenseFormPage {
    /// The fields as shown: the strings typed or read, not yet checked (the server checks them
    /// as `expense add` does).
    public struct Fields: Equatable, Sendable {
        public var date = ""
        public var amount = ""
        public var currency = ""
        public var merchant = ""
        public var category = ""
        public var description = ""
        public var reportID: Int64?
        public var receiptID: Int64?

        public init(
            date: String = "", amount: String = "", currency: String = "", merchant: String = "", category: String = "",
            description: String = "", reportID: Int64? = nil, receiptID: Int64? = nil
        ) {
            self.date = date
            self.amount = amount
            self.currency = currency
            self.merchant = merchant
            self.category = category
            self.description = description
            self.reportID = reportID
            self.receiptID = receiptID
        }
    }

    /// - Parameter problem: why the fields as sent were refused (`expense add`'s words), shown above them.
    public static func body(
        _ fields: Fields, csrfToken: String, doubts: [String] = [], heading: String = "Add an expense", problem: String? = nil
    ) -> String {
        func input(_ name: String, _ label: String, _ value: String, type: String = "text", extra: String = "") -> String {
            "<label for=\"\(name)\">\(label)</label>\n<input type=\"\(type)\" id=\"\(name)\" name=\"\(name)\" value=\"\(HTML.escape(value))\"\(extra)>"
        }
        var lines = ["<h1>\(HTML.escape(heading))</h1>"]
        if let problem { lines.append("<p role=\"alert\">\(HTML.escape(problem))</p>") }
        if !doubts.isEmpty {
            lines.append("<div class=\"doubts\" role=\"alert\"><p>Check the total:</p><ul>")
            lines += doubts.map { "<li>\(HTML.escape($0))</li>" }
            lines.append("</ul></div>")
        }
        lines.append("<form method=\"post\" action=\"/expenses\">")
        lines.append("<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrfToken))\">")
        if let reportID = fields.reportID { lines.append("<input type=\"hidden\" name=\"report\" value=\"\(reportID)\">") }
        if let receiptID = fields.receiptID { lines.append("<input type=\"hidden\" name=\"receipt\" value=\"\(receiptID)\">") }
        lines.append(input("date", "Date", fields.date, type: "date", extra: " required"))
        lines.append(input("amount", "Amount", fields.amount, extra: " inputmode=\"decimal\" required"))
        lines.append(input("currency", "Currency", fields.currency, extra: " maxlength=\"3\" autocapitalize=\"characters\""))
        lines.append(input("merchant", "Merchant", fields.merchant))
        lines.append(input("category", "Category", fields.category, extra: " required"))
        lines.append(input("description", "Description", fields.description))
        lines.append("<button type=\"submit\">Add the expense</button>")
        lines.append("</form>")
        return lines.joined(separator: "\n") + "\n"
    }
}
