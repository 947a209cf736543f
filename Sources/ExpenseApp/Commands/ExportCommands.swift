import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `report export`: a report as CSV, JSON or a printable HTML file with its receipts.
enum ExportCommands {
    static let all: [CommandSpec] = [export]

    static let export = CommandSpec(
        ["report", "export"], abstract: "Export a report: CSV items, JSON, or a printable HTML file with its receipts.",
        discussion: "The HTML is one file (styles and receipt images inside) that prints on A4, each receipt on its own page.",
        arguments: [WorkflowCommands.idArgument],
        options: [
            .value("format", "format", "What to write.", allowed: ["csv", "json", "html"], required: true),
            .value("output", "file", "Write to this file instead of stdout.", short: "o", completion: .file),
        ],
        examples: ["expenses report export 1 --format html -o walldorf.html", "expenses report export 1 --format csv > items.csv"]
    ) { invocation, session in
        let store = try session.store()
        let report = try store.report(try session.reportID(invocation))
        let items = try store.expenses(.report(report.id))
        let text: String
        switch invocation.value("format") {
        case "html":
            text = try ReportHTML(report: report, items: items, violations: try PolicyCommands.violations(of: report, in: store),
                              events: try store.events(report.id), receipts: try receipts(of: report, items: items, in: store),
                              generatedAt: session.environment.now()).render()
        case "json":
            text = try ReportView.detailJSON(report, items: items, receipts: try ReportReceipts.of(report, items: items, in: store))
                .serialized() + "\n"
        default:
            text = Renderer(format: .csv).csv(ExpenseView.listing(items, inReport: false))
        }
        guard let path = invocation.value("output") else { return .message(text) }
        try OutputFile.write(text, to: path)
        return .message("Exported report \(report.id) to \(path)")
    }

    /// The report's receipt images, each once, with the items it belongs to.
    static func receipts(of report: Report, items: [Expense], in store: Store) throws -> [ReportHTML.Receipt] {
        guard let vault = store.receiptVault else { return [] }
        let itemIDs = Set(items.map(\.id))
        return try store.receipts(.report(report.id)).map { receipt in
            // A damaged file is not printed as if it were the receipt; verify says which.
            let bytes = try vault.read(receipt.sha256)
            guard SHA256.hex(bytes) == receipt.sha256 else {
                throw ExpenseError(.invalidData, "the file of receipt \(receipt.id) is damaged: its bytes no longer match its SHA-256",
                                   hint: "'expenses receipt verify' checks them all")
            }
            return ReportHTML.Receipt(expenseIDs: receipt.expenseIDs.filter(itemIDs.contains), mediaType: receipt.mediaType.rawValue,
                                      bytes: bytes, name: ReceiptView.name(receipt))
        }
    }
}
