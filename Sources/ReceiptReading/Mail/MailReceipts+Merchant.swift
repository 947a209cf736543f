import ExpenseSupport

/// The merchant of a message that is its own receipt, as a person reads it: the payee or shop the
/// body names ("You sent a payment of $12.00 USD to Joe's Pizza", "Ihre Bestellung bei Musterladen"),
/// else the one the subject names, else the sender's display name when it is a business, else
/// the name at the top of the body's text. A payment service's receipt (PayPal, Stripe, Square,
/// Apple, Google Pay) names the merchant in its body, so the service itself is only the fallback.
extension MailReceipts {
    /// Mailboxes anyone may have: a name writing from one is a person, not a business.
    public static let personalMailDomains: Set<String> = [
        "gmail", "googlemail", "yahoo", "ymail", "hotmail", "outlook", "live", "msn", "icloud", "me", "mac", "aol",
        "gmx", "web", "t-online", "freenet", "posteo", "mailbox", "proton", "protonmail", "pm", "mail", "yandex",
        "orange", "free", "laposte", "wanadoo", "libero", "bluewin", "fastmail", "zoho",
    ]
    /// Words of a sender's name that name the mailbox, not the business: "Uber Receipts",
    /// "Deutsche Bahn no-reply", "PayPal Service"; dropped from the name.
    public static let mailboxWords: Set<String> = [
        "noreply", "donotreply", "reply", "notification", "notifications", "mailer", "receipts", "receipt", "billing",
        "payments", "orders", "order", "support", "service", "services", "team", "info", "accounts", "sales", "news",
        "newsletter", "kundenservice", "rechnung", "rechnungen", "bestellung", "bestellungen", "buchung", "factures",
    ]

    /// The merchant: the payee the body names, else the subject's, else the sender's business
    /// name (or `read`, the name at the top of the text, when it names the sender more fully),
    /// else `read`, else the sender's name or address.
    public func merchant(text: String, read: String?) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).prefix(200)
        if let payee = lines.lazy.compactMap({ ReceiptMerchant.payee(in: $0) }).first { return payee }
        if let payee = subject.flatMap({ ReceiptMerchant.payee(in: $0[...]) }) { return payee }
        guard let business = businessSender else { return read ?? senderName }
        // The text's letterhead names the sender more fully: "Cafe Central" sent as "Cafe".
        if let read, ReceiptWords(read).contains(phrase: ReceiptWords(business).phrase) { return read }
        return business
    }

    /// The sender's display name when it names a business: without "no-reply", and not a person
    /// writing from a personal mailbox or from one that bears their name (jane.doe@company.example).
    var businessSender: String? {
        guard let senderName, let senderAddress, senderName.lowercased() != senderAddress else { return nil }
        var tokens = senderName.split(whereSeparator: \.isWhitespace)
        // "Joe's Pizza via PayPal": the business is the one before.
        if let via = tokens.firstIndex(where: { $0.lowercased() == "via" }), via > 0 { tokens = Array(tokens[..<via]) }
        let kept = tokens.filter { token in
            let words = ReceiptWords(token).words
            return words.isEmpty || !Self.mailboxWords.contains(words.joined())
        }
        let name = ReceiptMerchant.clean(kept.joined(separator: " "))
        guard name.filter(\.isLetter).count >= 2 else { return nil }
        if ReceiptMerchant.hasLegalForm(ReceiptWords(name)) { return name }
        let parts = senderAddress.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { return name }
        // The domain's own name: gmail of gmail.com, yahoo of yahoo.co.uk.
        let labels = parts[1].split(separator: ".").dropLast()
        let provider = labels.last.flatMap { ["co", "com", "net", "org", "ne", "or"].contains($0) ? labels.dropLast().last : $0 }
        if let provider, Self.personalMailDomains.contains(String(provider)) { return nil }
        let mailbox = ReceiptWords(parts[0]).words
        let domain = ReceiptWords(parts[1]).words
        let named = ReceiptWords(name).words.contains { $0.count >= 2 && mailbox.contains($0) && !domain.contains($0) }
        return named ? nil : name
    }
}
