import ExpenseSupport

/// The payee a receipt names in words: "You sent a payment of £4.49 GBP to La Barbiera",
/// "Payment received by OYO", "Ihre Bestellung bei Musterladen". What a payment service's receipt
/// (PayPal, Stripe, Square) and a shop's e-mail name the merchant by, and a person reads first.
extension ReceiptMerchant {
    /// Phrases that name the payee or shop right after them, folded as ReceiptWords folds; `*`
    /// stands for up to `skippedWords` words between (the amount's currency). The longer first.
    public static let payeePhrases: [[String]] = [
        "payment of * to", "amounting to * to", "you sent * to", "you paid * to", "you paid", "your payment to", "payment sent to",
        "payment to", "your order from", "your order with", "your order at", "your receipt from", "receipt from",
        "your purchase from", "your purchase at", "your purchase with", "thanks for shopping at", "thanks for shopping with",
        "thank you for shopping at", "thank you for shopping with", "thank you for choosing", "thanks for choosing",
        "thanks for riding with", "thank you for riding with", "zahlung an", "ihre bestellung bei", "ihr einkauf bei",
        "votre commande chez", "votre achat chez", "votre paiement a", "vous avez envoye un paiement de * a",
        "su pedido en", "il tuo ordine da", "payment received by", "received by",
        // Who a bank transfer pays: an invoice's payment details name its issuer.
        "account holder", "kontoinhaber", "titulaire du compte", "beneficiary", "beguenstigter", "beneficiaire",
        "rekeninghouder", "titular de la cuenta", "intestatario", "payable to",
        // Who a seller acts for: "e-Luscious Nederland B.V. i.o.v. Saeco.com".
        "on behalf of", "im auftrag von", "i o v", "iov", "in opdracht van", "pour le compte de", "per conto di",
        "en nombre de",
    ].map { $0.split(separator: " ").map(String.init) }
    static let skippedWords = 3
    /// The most of a line looked at for a payee: a sentence, not a megabyte without a line break.
    static let maximumLineCharacters = 2000
    /// Words after a payee that end its name: the sentence goes on.
    static let payeeEnds: Set<String> = [
        "for", "on", "of", "is", "has", "was", "and", "at", "with", "paid", "through", "via", "using", "fur", "fuer", "ist",
        "wurde", "vom", "am", "und",
        "pour", "le", "du", "et", "est", "a", "por", "el", "y", "per", "il", "e",
    ]
    /// What a phrase's object is when it is no payee: "You paid us", "Payment to your card".
    static let notPayees: Set<String> = [
        "you", "your", "us", "me", "them", "ihnen", "uns", "vous", "nous", "be", "with", "using", "by", "to",
    ]
    /// The payee or shop a line names after one of `payeePhrases`.
    static func payee(in line: Substring) -> String? {
        let line = line.prefix(maximumLineCharacters)
        let words = foldedWords(line)
        for phrase in payeePhrases {
            for start in words.indices {
                guard let end = match(phrase, words, from: start) else { continue }
                // "Kontoinhaber: Muster GmbH": the label's colon is not the name's.
                let rest = line[words[end - 1].range.upperBound...].drop { $0 == ":" || $0.isWhitespace }
                if let name = payeeName(rest) { return name }
            }
        }
        return nil
    }

    /// Where `phrase` matched at `start` ends (the index of the word after it), or nil.
    private static func match(_ phrase: [String], _ words: [(word: String, range: Range<String.Index>)], from start: Int) -> Int? {
        var index = start
        var part = 0
        while part < phrase.count {
            if phrase[part] == "*" {
                // The next word of the phrase within `skippedWords` words.
                let next = phrase[part + 1]
                guard let found = words[index...].prefix(skippedWords + 1).firstIndex(where: { $0.word == next }) else { return nil }
                index = found + 1
                part += 2
                continue
            }
            guard index < words.count else { return nil }
            let word = words[index].word
            index += 1
            if word == phrase[part] {
                part += 1
                continue
            }
            // OCR glues words ("Paymentreceived by OYO", "THANKYOU FOR SHOPPING AT"): a word
            // may be several of the phrase's.
            var glued = phrase[part]
            part += 1
            while glued.count < word.count, part < phrase.count, phrase[part] != "*" {
                glued += phrase[part]
                part += 1
            }
            guard glued == word else { return nil }
        }
        return index
    }

    /// The name that starts `text`: up to the end of its clause (punctuation, a word such as
    /// "for" or "on", an amount), when it reads as a name.
    private static func payeeName(_ text: Substring) -> String? {
        var tokens: [Substring] = []
        // A column of a layout ends it too: "Payment received by OYO      Paid through Cash".
        let clause = ReceiptMerchant.parts(of: String(text.prefix(ReceiptMerchant.maximumCharacters * 2))).first ?? ""
        for token in clause.split(whereSeparator: \.isWhitespace) {
            guard let first = token.first else { continue }
            if tokens.isEmpty, !first.isLetter, !first.isNumber { return nil }
            if !tokens.isEmpty, payeeEnds.contains(ReceiptWords(token).phrase) || first.isNumber || first.isCurrencySymbol { break }
            // Punctuation ends the clause; a full stop too, unless it is the word's own (Inc., J.).
            if let end = token.firstIndex(where: { ",;:!?()|".contains($0) }) {
                tokens.append(token[..<end])
                break
            }
            if token.hasSuffix("."), !isAbbreviation(token) {
                tokens.append(token.dropLast())
                break
            }
            tokens.append(token)
        }
        let name = ReceiptMerchant.clean(tokens.joined(separator: " "))
        let words = ReceiptWords(name).words
        guard let first = words.first, !notPayees.contains(first), name.filter(\.isLetter).count >= 2,
            words.count <= ReceiptMerchant.maximumWords, name.count <= ReceiptMerchant.maximumCharacters
        else { return nil }
        return name
    }

    /// A word whose full stop is its own: a legal form (Inc., Ltd.) or an initial.
    private static func isAbbreviation(_ token: some StringProtocol) -> Bool {
        let letters = ReceiptWords(token).words
        return letters.count == 1 && (ReceiptMerchant.legalForms.contains(letters[0]) || letters[0].count == 1)
    }

    /// A line's words, folded, with where each stands in the line.
    private static func foldedWords(_ line: Substring) -> [(word: String, range: Range<String.Index>)] {
        var words: [(word: String, range: Range<String.Index>)] = []
        var start: String.Index?
        var current = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character.isLetter {
                if start == nil { start = index }
                current += ReceiptWords.fold(character)
            } else if let begun = start {
                words.append((current, begun..<index))
                current = ""
                start = nil
            }
            index = line.index(after: index)
        }
        if let begun = start { words.append((current, begun..<line.endIndex)) }
        return words
    }
}
