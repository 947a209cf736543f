/// Messages for the mail reader's tests, written as mail programs write them.
enum MailFixtures {
    /// A tiny PDF with a text layer (what `pdftotext` reads), as a mailer would attach it.
    static let pdf = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

    static func base64(_ bytes: [UInt8], lineLength: Int = 76) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 3 * 4 + bytes.count / 57 * 2 + 8)
        var index = 0
        var column = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = UInt32(chunk[0]) << 16 | UInt32(chunk.count > 1 ? chunk[1] : 0) << 8 | UInt32(chunk.count > 2 ? chunk[2] : 0)
            output.append(alphabet[Int(value >> 18 & 63)])
            output.append(alphabet[Int(value >> 12 & 63)])
            output.append(chunk.count > 1 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            output.append(chunk.count > 2 ? alphabet[Int(value & 63)] : UInt8(ascii: "="))
            index += 3
            column += 4
            if column >= lineLength {
                output += [0x0D, 0x0A]
                column = 0
            }
        }
        return String(decoding: output, as: UTF8.self)
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

            \(base64(bytes))
            --outer--

            """
        return Array(text.replacingOccurrences("\n", "\r\n").utf8)
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
