import ExpenseCore
import ExpenseSupport

/// An RFC 5322 message as MIME (RFC 2045–2046) lays it out: its headers and the leaf parts of its
/// `multipart/*` tree, each with its headers and where its body is in the message's bytes, not yet
/// decoded. Attached messages (`message/rfc822`) are walked into as parts are. Nesting and the
/// number of parts are bounded (`MailLimits`): what lies beyond is not read, and `notes` says so.
public struct MailMessage: Sendable {
    /// One part that is not a multipart: a body, an attachment.
    public struct Leaf: Sendable {
        public var headers: MailHeaders
        /// Lower case, "text/plain" when the part says none (RFC 2045 5.2).
        public var contentType: MIMEValue
        public var disposition: MIMEValue?
        public var transferEncoding: String
        /// Where the encoded body is in the message's bytes.
        public var body: Range<Int>
        /// A part of a `multipart/related` after its first: what the HTML body shows (a logo).
        public var isRelated: Bool

        /// The Content-ID, without its angle brackets: what the HTML names it by (`cid:...`).
        public var contentID: String? {
            headers.value(of: "content-id").map { $0.trimmingCharacters(in: " \t<>") }.flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The attachment's file name: Content-Disposition's filename, else Content-Type's name.
        public var filename: String? {
            let name = disposition?.parameters["filename"] ?? contentType.parameters["name"]
            return name.map(EncodedWords.decode).map(Self.safeName).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// A name without directories or control characters: it only names the receipt.
        static func safeName(_ name: String) -> String {
            let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
            return String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init))
        }
    }

    public let bytes: [UInt8]
    public let headers: MailHeaders
    public private(set) var leaves: [Leaf] = []
    /// What was not read, in words: parts nested too deep, parts beyond the limit.
    public private(set) var notes: [String] = []
    private var partCount = 0

    public static func parse(_ bytes: [UInt8], limits: MailLimits = MailLimits()) throws -> MailMessage {
        guard bytes.count <= limits.maximumMessageBytes else {
            throw ExpenseError(
                .invalidData,
                "the message is \(bytes.count >> 20) MiB, more than the \(limits.maximumMessageBytes >> 20) MiB an e-mail receipt may be",
                hint: "save its attachment and capture that file")
        }
        var start = 0
        // An mbox "From " line, as procmail and fetchmail hand a delivery over.
        if bytes.starts(with: Array("From ".utf8)) {
            while start < bytes.count, bytes[start] != 0x0A { start += 1 }
            start = min(start + 1, bytes.count)
        }
        let (headers, body) = try MailHeaders.parse(bytes, from: start, to: bytes.count, limits: limits)
        var message = MailMessage(bytes: bytes, headers: headers)
        try message.walk(headers: headers, body: body..<bytes.count, depth: 0, defaultType: "text/plain", related: false, limits: limits)
        return message
    }

    private init(bytes: [UInt8], headers: MailHeaders) {
        self.bytes = bytes
        self.headers = headers
    }

    /// - Parameter related: the part is a resource of a `multipart/related` (not its first part, the body).
    private mutating func walk(
        headers: MailHeaders, body: Range<Int>, depth: Int, defaultType: String, related: Bool, limits: MailLimits
    ) throws {
        partCount += 1
        guard partCount <= limits.maximumParts else {
            if partCount == limits.maximumParts + 1 { notes.append("the parts after the first \(limits.maximumParts) were not read") }
            return
        }
        var contentType = MIMEValue(headers.value(of: "content-type") ?? defaultType)
        if !contentType.value.contains("/") { contentType = MIMEValue(defaultType) }
        let encoding = (headers.value(of: "content-transfer-encoding") ?? "7bit").lowercased().trimmingCharacters(in: " \t\"")
        if contentType.value.hasPrefix("multipart/") || contentType.value == "message/rfc822" {
            guard depth < limits.maximumDepth else {
                notes.append("parts nested deeper than \(limits.maximumDepth) levels were not read")
                return
            }
        }
        if contentType.value.hasPrefix("multipart/") {
            guard let boundary = contentType.parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 200 else {
                notes.append("a multipart part without a boundary was not read")
                return
            }
            let childType = contentType.value == "multipart/digest" ? "message/rfc822" : "text/plain"
            for (position, part) in Self.split(bytes, body, boundary: Array(boundary.utf8)).enumerated() {
                guard partCount <= limits.maximumParts else { break }
                let (partHeaders, partBody) = try MailHeaders.parse(bytes, from: part.lowerBound, to: part.upperBound, limits: limits)
                try walk(
                    headers: partHeaders, body: partBody..<part.upperBound, depth: depth + 1, defaultType: childType,
                    related: contentType.value == "multipart/related" && position > 0, limits: limits)
            }
        } else if contentType.value == "message/rfc822", ["7bit", "8bit", "binary"].contains(encoding) {
            let (inner, innerBody) = try MailHeaders.parse(bytes, from: body.lowerBound, to: body.upperBound, limits: limits)
            try walk(
                headers: inner, body: innerBody..<body.upperBound, depth: depth + 1, defaultType: "text/plain", related: false,
                limits: limits)
        } else {
            let disposition = headers.value(of: "content-disposition").map(MIMEValue.init)
            leaves.append(
                Leaf(
                    headers: headers, contentType: contentType, disposition: disposition, transferEncoding: encoding, body: body,
                    isRelated: related))
        }
    }

    /// The bodies of a multipart's parts: between its delimiter lines (`--boundary`), the line
    /// break before each delimiter belonging to it. A missing close delimiter (`--boundary--`)
    /// ends the last part at the end of the body.
    static func split(_ bytes: [UInt8], _ body: Range<Int>, boundary: [UInt8]) -> [Range<Int>] {
        let delimiter = Array("--".utf8) + boundary
        var parts: [Range<Int>] = []
        var partStart: Int?
        var lineStart = body.lowerBound
        while lineStart < body.upperBound {
            var lineEnd = lineStart
            while lineEnd < body.upperBound, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if bytes[lineStart] == UInt8(ascii: "-"), lineEnd - lineStart >= delimiter.count,
                bytes[lineStart..<lineStart + delimiter.count].elementsEqual(delimiter)
            {
                var after = lineStart + delimiter.count
                let closes = after + 1 < lineEnd && bytes[after] == UInt8(ascii: "-") && bytes[after + 1] == UInt8(ascii: "-")
                if closes { after += 2 }
                // Only blanks may follow a delimiter; anything else is a longer boundary's line.
                if bytes[after..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    if let start = partStart {
                        var end = lineStart
                        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
                        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                        parts.append(start..<max(start, end))
                    }
                    if closes { return parts }
                    partStart = min(lineEnd + 1, body.upperBound)
                }
            }
            lineStart = lineEnd + 1
        }
        if let start = partStart, start < body.upperBound { parts.append(start..<body.upperBound) }
        return parts
    }

    // MARK: - Recognition

    /// Fields a message's header section starts with, of which a message has at least two.
    static let messageFields: Set<String> = [
        "return-path", "received", "from", "to", "cc", "date", "subject", "mime-version", "message-id", "delivered-to",
        "reply-to", "sender", "content-type", "x-original-to", "dkim-signature", "authentication-results", "arc-seal",
    ]

    /// Whether `bytes` are an e-mail message, told by content: header fields from the first line
    /// (after an mbox "From " line), at least two of a message's own (From, Date, Received...),
    /// and the blank line that ends them, within the first 64 KiB.
    public static func looksLikeMessage(_ bytes: [UInt8]) -> Bool {
        let window = min(bytes.count, 64 << 10)
        var index = 0
        if bytes.starts(with: Array("From ".utf8)) {
            while index < window, bytes[index] != 0x0A { index += 1 }
            index += 1
        }
        var known = 0
        var fields = 0
        while index < window {
            var lineEnd = index
            while lineEnd < window, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            guard lineEnd < window || window == bytes.count else { return false }
            var contentEnd = lineEnd
            if contentEnd > index, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if contentEnd == index { return fields >= 2 && known >= 2 }
            if bytes[index] == 0x20 || bytes[index] == 0x09 {
                guard fields > 0 else { return false }
            } else if let colon = MailHeaders.fieldNameEnd(bytes, index, contentEnd) {
                fields += 1
                let name = String(decoding: bytes[index..<colon], as: UTF8.self).lowercased()
                if messageFields.contains(name) || name.hasPrefix("x-") && fields > 1 { known += 1 }
            } else {
                return false
            }
            index = lineEnd + 1
        }
        return false
    }

    // MARK: - Who, what, when

    /// The Subject, encoded words decoded.
    public var subject: String? { headers.text(of: "subject") }

    /// The sender: its display name when it has one ("Deutsche Bahn" <noreply@bahn.de>), else its address.
    public var senderName: String? {
        guard let from = headers.text(of: "from")?.trimmingSpaces, !from.isEmpty else { return nil }
        if let open = from.firstIndex(of: "<") {
            let name = from[..<open].trimmingCharacters(in: " \t\"'")
            if !name.isEmpty { return name }
            let address = from[from.index(after: open)...].prefix { $0 != ">" }
            return address.isEmpty ? nil : String(address)
        }
        return from
    }

    /// The sender's address, lower case: between the angle brackets, else the whole field.
    public var senderAddress: String? {
        guard let from = headers.text(of: "from")?.trimmingSpaces, !from.isEmpty else { return nil }
        let address = from.firstIndex(of: "<").map { from[from.index(after: $0)...].prefix { $0 != ">" } } ?? Substring(from)
        return address.contains("@") ? address.trimmingSpaces.lowercased() : nil
    }

    /// The Date field's day, as the sender's clock had it.
    public var date: CalendarDate? { headers.value(of: "date").flatMap(MailDate.day) }
}
