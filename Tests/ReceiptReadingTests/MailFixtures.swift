import Foundation

/// Messages for the mail reader's tests, written as mail programs write them.
enum MailFixtures {
    /// A tiny PDF with a text layer (what `pdftotext` reads), as a mailer would attach it.
    static let pdf = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// A message with a text body and one attachment, lines ended by CRLF.
    static func withAttachment(
        _ bytes: [UInt8], contentType: String = "application/pdf", filename: String = "Rechnung.pdf"
    ) -> [UInt8] {
        let text = """
            Return-Path: <noreply@bahn.de>
            From: "Deutsche Bahn" <noreply@bahn.de>
            To: traveller@example.com
            Subject: Ihre Rechnung
            Date: Fri, 20 Mar 2026 14:03:11 +0100
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="outer"

            This is a multi-part message in MIME format.
            --outer
            Content-Type: text/plain; charset=utf-8

            Anbei Ihre Rechnung.
            --outer
            Content-Type: \(contentType); name="\(filename)"
            Content-Disposition: attachment; filename="\(filename)"
            Content-Transfer-Encoding: base64


            """
        // Only the short text has its line ends changed: the attachment's base64 has CRLF already.
        return Array(text.replacingOccurrences("\n", "\r\n").utf8) + Array(base64(bytes).utf8) + Array("\r\n--outer--\r\n".utf8)
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
