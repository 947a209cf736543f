import ExpenseCore
import ExpenseSupport

/// The receipts in an e-mail: each PDF or picture attached (told by its decoded bytes, not its
/// Content-Type, which may lie), else the message itself, whose text is its HTML part rendered to
/// text, else its plain text. Mail filters pipe in whatever arrives, so a part that cannot be
/// decoded is refused with its reason and the others are still read; only when nothing is left
/// to capture is the message refused.
public struct MailReceipts: Sendable {
    public var receipts: [MailReceipt]
    /// The parts refused or not read, in words, for a warning.
    public var refused: [String]
    /// Who sent it and when: what a receipt whose text says neither may fall back on.
    public var senderName: String?
    public var senderAddress: String?
    public var subject: String?
    public var date: CalendarDate?

    public static func read(_ bytes: [UInt8], limits: MailLimits = MailLimits()) throws -> MailReceipts {
        let message = try MailMessage.parse(bytes, limits: limits)
        var receipts: [MailReceipt] = []
        var refused = message.notes
        var brokenAttachments: [String] = []
        var html: String?
        var plain: String?
        let shown = shownContentIDs(message)
        for (position, leaf) in message.leaves.enumerated() {
            let type = leaf.contentType.value
            let isText = type.hasPrefix("text/") && leaf.filename == nil && leaf.disposition?.value != "attachment"
            let label = leaf.filename.map { "'\($0)'" } ?? "part \(position + 1) (\(type))"
            let encoded = message.bytes[leaf.body]
            let decoded: [UInt8]
            switch leaf.transferEncoding {
            case "base64":
                guard let bytes = TransferEncoding.base64(encoded) else {
                    let reason = "\(label) is not valid base64 and was not read"
                    refused.append(reason)
                    if !isText { brokenAttachments.append(reason) }
                    continue
                }
                decoded = bytes
            case "quoted-printable": decoded = TransferEncoding.quotedPrintable(encoded)
            default: decoded = Array(encoded)
            }
            // A body says it is text: a picture's magic bytes cannot be text, but a text may quote
            // "%PDF-" in its first KiB, so a body is a PDF only when it starts as one.
            if let mediaType = MediaSniffer.mediaType(of: decoded), mediaType != .message,
                !isText || mediaType != .pdf || decoded.starts(with: Array("%PDF-".utf8))
            {
                // A picture the HTML body shows (a logo, a tracking pixel) is part of it, not a receipt.
                let inBody = leaf.isRelated && leaf.filename == nil || leaf.contentID.map(shown.contains) ?? false
                if mediaType != .pdf, leaf.disposition?.value != "attachment", inBody { continue }
                let name = leaf.filename ?? "attachment-\(receipts.count + 1).\(mediaType.fileExtension)"
                receipts.append(MailReceipt(bytes: decoded, mediaType: mediaType, name: name, text: nil))
            } else if type == "text/html", html == nil, leaf.disposition?.value != "attachment" {
                html = HTMLText.text(of: MailCharset.decode(decoded, charset: leaf.contentType.parameters["charset"] ?? "utf-8"))
            } else if type == "text/plain", plain == nil, leaf.disposition?.value != "attachment" {
                plain = MailCharset.decode(decoded, charset: leaf.contentType.parameters["charset"] ?? "us-ascii")
            } else if leaf.filename != nil || !type.hasPrefix("text/") {
                refused.append("\(label) is not a receipt: \(MediaSniffer.describe(decoded))")
            }
        }
        if receipts.isEmpty {
            if let first = brokenAttachments.first {
                throw ExpenseError(
                    .invalidData, "the message's attachment cannot be read: \(first)",
                    hint: "ask the sender again, or save the attachment from your mail program and capture the file")
            }
            let text = [html, plain].compactMap { $0 }.first { !$0.trimmingSpaces.isEmpty } ?? ""
            receipts.append(MailReceipt(bytes: bytes, mediaType: .message, name: "message.eml", text: text))
        }
        return MailReceipts(
            receipts: receipts, refused: refused, senderName: message.senderName, senderAddress: message.senderAddress,
            subject: message.subject, date: message.date)
    }

    /// The Content-IDs the HTML bodies show (`src="cid:logo@shop"`).
    static func shownContentIDs(_ message: MailMessage) -> Set<String> {
        var ids: Set<String> = []
        for leaf in message.leaves where leaf.contentType.value == "text/html" {
            let encoded = message.bytes[leaf.body]
            let bytes: [UInt8] =
                switch leaf.transferEncoding {
                case "base64": TransferEncoding.base64(encoded) ?? []
                case "quoted-printable": TransferEncoding.quotedPrintable(encoded)
                default: Array(encoded)
                }
            let marker = Array("cid:".utf8)
            var index = 0
            while index + marker.count <= bytes.count, ids.count < 1000 {
                guard bytes[index] | 0x20 == UInt8(ascii: "c"), bytes[index..<index + marker.count].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                var end = index + marker.count
                while end < bytes.count, end - index < 1000, ![0x22, 0x27, 0x20, 0x3E, 0x29, 0x0D, 0x0A].contains(bytes[end]) { end += 1 }
                ids.insert(String(decoding: bytes[(index + marker.count)..<end], as: UTF8.self))
                index = end
            }
        }
        return ids
    }

    /// The text of a message captured as a receipt: its HTML body rendered, else its plain text
    /// ("" when it has neither, or is no message).
    public static func text(ofMessage bytes: [UInt8], limits: MailLimits = MailLimits()) -> (text: String, mail: MailReceipts?) {
        guard MailMessage.looksLikeMessage(bytes), let mail = try? read(bytes, limits: limits) else { return ("", nil) }
        return (mail.receipts.first { $0.mediaType == .message }?.text ?? "", mail)
    }
}
