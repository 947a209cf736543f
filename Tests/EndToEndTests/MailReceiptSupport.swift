import Foundation

/// E-mails for the mail receipt tests, written as mail programs write them, with a real PDF (a
/// text layer pdftotext reads) attached.
enum MailSamples {
    /// A one-page PDF 1.4 whose text object prints `lines` in Helvetica.
    static func pdf(_ lines: [String]) -> Data {
        let shown = lines.map { "(\($0)) Tj T*" }.joined(separator: " ")
        let content = "BT /F1 12 Tf 14 TL 50 750 Td \(shown) ET"
        return file(
            of: [
                "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
                "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            ].map { Data($0.utf8) })
    }

    /// A scan: a one-page PDF that is only a greyscale JPEG (`width` × `height` pixels drawn at
    /// 300 dpi), with no text layer.
    static func scannedPDF(jpeg: Data, width: Int, height: Int) -> Data {
        let pageWidth = Double(width) * 72 / 300
        let pageHeight = Double(height) * 72 / 300
        let content = "q \(pageWidth) 0 0 \(pageHeight) 0 0 cm /Im1 Do Q"
        return file(of: [
            Data("<< /Type /Catalog /Pages 2 0 R >>".utf8), Data("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Data(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(pageWidth) \(pageHeight)] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>"
                    .utf8),
            Data(
                "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length \(jpeg.count) >>\nstream\n"
                    .utf8) + jpeg + Data("\nendstream".utf8),
            Data("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream".utf8),
        ])
    }

    /// A PDF 1.4 file of `objects`, numbered from 1 (the first the catalog), its xref offsets exact.
    private static func file(of objects: [Data]) -> Data {
        var file = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.count)
            file += Data("\(index + 1) 0 obj\n".utf8) + object + Data("\nendobj\n".utf8)
        }
        let xref = file.count
        var tail = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        tail += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return file + Data(tail.utf8)
    }

    static let invoice = pdf(["SNCF Voyageurs", "Facture du 20/03/2026", "TVA 20,0 % 4,50", "TOTAL TTC 27,00 EUR"])

    /// A message with a line of text and `attachment` as base64, lines ended by CRLF.
    static func withAttachment(
        _ attachment: Data, contentType: String = "application/pdf", filename: String = "facture.pdf", subject: String = "Votre facture"
    ) -> Data {
        let head = """
            Return-Path: <noreply@sncf.fr>
            Received: from mail.sncf.fr by mx.example.com; Fri, 20 Mar 2026 14:03:12 +0100
            From: "SNCF" <noreply@sncf.fr>
            To: traveller@example.com
            Subject: \(subject)
            Date: Fri, 20 Mar 2026 14:03:11 +0100
            Message-ID: <\(UUID().uuidString)@sncf.fr>
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="=_b1"

            --=_b1
            Content-Type: text/plain; charset=utf-8

            Bonjour, voici votre facture.
            --=_b1
            Content-Type: \(contentType); name="\(filename)"
            Content-Disposition: attachment; filename="\(filename)"
            Content-Transfer-Encoding: base64


            """
        let body = attachment.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return Data((head.replacingOccurrences(of: "\n", with: "\r\n") + body + "\r\n--=_b1--\r\n").utf8)
    }

    /// A message that is itself the receipt: HTML with a script, a table with the total.
    static func html(merchant: String = "Taxi Berlin", total: String = "27,00", day: String = "20.03.2026") -> Data {
        Data(
            """
            From: "\(merchant)" <rides@taxi.example>
            Date: Fri, 20 Mar 2026 23:10:00 +0100
            Subject: Your ride
            MIME-Version: 1.0
            Content-Type: multipart/alternative; boundary=alt

            --alt
            Content-Type: text/plain; charset=utf-8

            Your ride: see the HTML part.
            --alt
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: quoted-printable

            <html><head><script>document.write("SCRIPTTEXT")</script></head><body>
            <h1>\(merchant)</h1><p>Fahrt am \(day)</p>
            <table><tr><td>Fahrpreis</td><td>24,00 &euro;</td></tr>
            <tr><td>MwSt 7 %</td><td>1,77 &euro;</td></tr>
            <tr><td>Total</td><td>\(total) =E2=82=AC</td></tr></table>
            </body></html>
            --alt--

            """.utf8)
    }
}
