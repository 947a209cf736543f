#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ReportHTML {
    /// A receipt on a page of its own, headed by its number, its items and its name: an image as
    /// it is, a PDF's pages one a page (and how many more were left out), an e-mail's text, or
    /// why it cannot be shown.
    func receiptSection(_ receipt: Receipt, number: Int) -> String {
        let owners = receipt.expenseIDs.map { "item \($0)" }.joined(separator: ", ")
        var html = "<section class=\"receipt\">\n<h2>Receipt \(number) — \(escape(owners)) — \(escape(receipt.name))</h2>\n"
        switch receipt.content {
        case .image(let mediaType, let bytes):
            html += "<img src=\"\(Self.dataURL(mediaType, bytes))\" alt=\"Receipt \(number)\">\n"
        case .pages(let pages, let more):
            for (index, page) in pages.enumerated() {
                html +=
                    "<img class=\"page\" src=\"\(Self.dataURL("image/png", page))\" "
                    + "alt=\"Receipt \(number), page \(index + 1) of \(pages.count + more)\">\n"
            }
            if more > 0 {
                html +=
                    "<p class=\"generated\">… \(more) more page\(more == 1 ? "" : "s") not printed "
                    + "(receipt export writes the whole PDF).</p>\n"
            }
        case .text(let text):
            html += "<pre class=\"mail\">\(escape(text))</pre>\n"
        case .unprintable(let reason):
            html += "<p class=\"unprintable\">\(escape(reason))</p>\n"
        }
        return html + "</section>\n"
    }

    static func dataURL(_ mediaType: String, _ bytes: [UInt8]) -> String {
        "data:\(mediaType);base64,\(Data(bytes).base64EncodedString())"
    }
}
