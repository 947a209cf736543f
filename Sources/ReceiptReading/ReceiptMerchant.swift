import ExpenseCore
import ExpenseSupport

/// The merchant on a receipt or an invoice, read where a person looks for it: the business name
/// in the top block, the letterhead. Passed over on the way: headings (TAX INVOICE, Kassenbon),
/// a table's header (Qty Description Price), addresses (street and number, postcode and town, PO
/// box), phone, e-mail, web, VAT-id and company-register lines, the customer's own block (Bill to,
/// Rechnungsadresse) and a scanner app's stamp; and of the lines left, one with a legal form
/// (GmbH, Ltd, S.A.) is the issuer's name. Pure: it sees only the text's lines.
public enum ReceiptMerchant {
    /// How many lines from the top the name is looked for in: the letterhead, a shop's header.
    public static let topBlock = 10
    /// How many lines below a customer label ("Bill to") the customer's name may take, and its address.
    static let customerLines = 4
    /// A name is at most this many words and characters; longer, it is a sentence.
    static let maximumWords = 10
    static let maximumCharacters = 80

    // MARK: - What a name is not (words folded as ReceiptWords folds them)

    /// Headings that name the document: dropped after a name ("Amazon Web Services Invoice"),
    /// and a line of nothing else is no name.
    public static let headingWords: Set<String> = [
        "receipt", "receipts", "quittung", "rechnung", "invoice", "invoices", "facture", "factura", "fattura", "factuur",
        "ricevuta", "scontrino", "recibo", "ticket", "eticket", "beleg", "kassenbon", "kassenbeleg", "kassenzettel", "bon",
        "bill", "proforma", "gutschrift", "copy", "kopie", "duplicate", "duplikat", "original", "statement", "quotation",
        "payment",
    ]
    /// Labels of a receipt's parts and fields: a line with one is no name ("Hotel Details",
    /// "Grand Total", "Kasse 2").
    public static let labelWords: Set<String> = [
        "details", "summary", "credit", "note", "kasse", "terminal", "datum", "date", "order", "bestellung", "commande",
        "page", "seite", "total", "subtotal", "summe", "gesamt", "betrag", "balance", "totaal", "montant",
    ]
    /// Words of contact and registration lines: phone, fax, e-mail, web, tax and company ids.
    public static let contactWords: Set<String> = [
        "tel", "telefon", "telephone", "phone", "ph", "fax", "mobile", "mob", "hotline", "email", "mail", "www",
        "http", "https", "visit", "ust", "mwst", "vat", "tva", "gst", "sst", "gstin", "uid", "steuernummer",
        "steuernr", "stnr", "ustidnr", "ustid", "idnr", "siret", "siren", "rcs", "naf", "ape", "abn", "acn", "reg",
        "registration", "registered", "handelsregister", "hrb", "hra", "amtsgericht", "registergericht", "iban",
        "bic", "swift", "npwp", "roc", "brn", "tin", "cif", "nif", "piva", "btw", "kvk",
    ]
    /// Labels of the customer's own block: the name below them is the buyer's, not the seller's.
    public static let customerPhrases = [
        "bill to", "billed to", "billing address", "ship to", "shipped to", "shipping address", "sold to",
        "deliver to", "delivery address", "invoice to", "invoiced to", "customer", "client", "kunde", "kunden",
        "kundin", "rechnungsadresse", "lieferadresse", "rechnungsempfaenger", "leistungsempfaenger", "empfaenger",
        "facture a", "facturer a", "livre a", "adresse de facturation", "adresse de livraison", "attn", "attention",
        "recipient", "destinatario", "cliente", "guest", "gast", "factuuradres", "afleveradres", "klant", "t a v",
    ]
    /// Labels of the issuer's name: what follows them is the seller's ("Sold by: WS Retail Services").
    public static let issuerPhrases = [
        "sold by", "seller", "vendor", "supplier", "issued by", "verkaeufer", "verkauft von", "lieferant",
        "rechnungssteller", "vendu par", "vendeur", "fournisseur", "emetteur", "verkoper",
    ]
    /// Column names of an items table's header.
    public static let tableWords: Set<String> = [
        "qty", "quantity", "description", "item", "items", "price", "unit", "amount", "total", "rate", "hours",
        "menge", "anzahl", "artikel", "bezeichnung", "beschreibung", "preis", "einzelpreis", "gesamtpreis", "betrag",
        "designation", "quantite", "qte", "prix", "montant", "article", "cantidad", "descripcion", "precio",
        "importe", "quantita", "descrizione", "prezzo", "omschrijving", "aantal", "hoeveelheid", "prijs", "bedrag",
        "pos", "no",
    ]
    /// Words that make a line with a number an address: streets and roads, in the languages a trip meets.
    public static let streetWords: Set<String> = [
        "str", "strasse", "street", "st", "road", "rd", "avenue", "ave", "av", "blvd", "boulevard", "lane", "ln",
        "drive", "way", "highway", "hwy", "square", "sq", "place", "pl", "platz", "weg", "gasse", "allee", "ring",
        "damm", "ufer", "rue", "chemin", "quai", "via", "viale", "piazza", "calle", "plaza", "paseo", "carrer",
        "no", "nr", "suite", "floor", "level", "unit", "lot", "block", "blk", "building", "bldg", "tower",
    ]
    /// Words that make a line an address even without a number.
    public static let addressWords: Set<String> = ["jalan", "jln", "lorong", "persiaran", "taman", "postfach", "pobox"]
    /// German street names are compounds ending in one of these (Bahnhofstraße 5, Hauptstr. 12).
    public static let streetEndings = ["strasse", "str", "weg", "gasse", "platz", "allee", "damm", "ring", "ufer"]
    /// Legal forms of a business, dotted ones with their dots dropped (S.A. → sa, B.V. → bv).
    public static let legalForms: Set<String> = [
        "gmbh", "mbh", "ag", "kg", "ohg", "ug", "gbr", "ev", "ek", "aktiengesellschaft", "ltd", "limited", "llc",
        "llp", "lp", "inc", "incorporated", "corp", "corporation", "plc", "pty", "pvt", "sarl", "sas", "sasu",
        "eurl", "sa", "sca", "bv", "nv", "vof", "sdn", "bhd", "berhad", "pte", "spa", "srl", "sl", "slu", "ab",
        "oy", "oyj", "aps", "kft", "sro", "spzoo", "doo",
    ]
    /// Greetings an e-mail's text starts with: what follows is the reader's name.
    public static let greetings: Set<String> = ["hi", "hello", "dear", "hallo", "liebe", "lieber", "bonjour", "hola", "ciao"]
    /// Words a slogan starts with, never a name: "Mein Drogeriemarkt", "Your local bakery".
    public static let possessives: Set<String> = [
        "mein", "meine", "dein", "deine", "ihr", "ihre", "unser", "unsere", "your", "votre", "notre", "nuestro", "nuestra",
    ]
    /// Phrases a name starts with that are not part of it: "Welcome to ALDI".
    public static let welcomePhrases = [
        "welcome to", "welcome at", "willkommen bei", "willkommen im", "willkommen in", "herzlich willkommen bei",
        "herzlich willkommen im", "herzlich willkommen in", "bienvenue chez", "bienvenue a", "bienvenue au",
        "benvenuti da", "bienvenido a", "bienvenidos a",
    ]
    /// Words that number a branch after a name: "STARBUCKS STORE 1234", "REWE Filiale 0815".
    public static let branchWords: Set<String> = ["store", "branch", "filiale", "fil", "outlet", "succursale"]
    /// Kinds of shop a name printed over two lines ends with: "DELPHIN" above "APOTHEKE".
    public static let kindWords: Set<String> = [
        "apotheke", "pharmacy", "pharmacie", "farmacia", "baumarkt", "hotel", "restaurant", "cafe", "baeckerei",
        "bakery", "boulangerie", "tankstelle", "supermarkt", "supermarket", "drogerie", "buchhandlung", "bookshop",
        "bookstore", "markt", "metzgerei", "bistro", "brasserie", "pizzeria", "gasthaus", "gasthof", "kiosk",
    ]
    /// Countries a national company's name ends with before its legal form: "IKEA Deutschland GmbH";
    /// a country on a line of its own ends an address.
    public static let countryWords: Set<String> = [
        "deutschland", "germany", "oesterreich", "austria", "schweiz", "suisse", "switzerland", "france", "nederland",
        "netherlands", "belgium", "belgique", "italia", "italy", "espana", "spain", "uk", "gb", "ireland", "india",
        "malaysia", "singapore", "usa", "us", "europe", "eu", "international",
    ]
    /// Departments a name ends with: "Free Service Abonnés", "Muster AG Kundenservice".
    public static let departmentPhrases = [
        "service abonne", "service abonnes", "service client", "service clients", "customer service", "customer care",
        "kundenservice", "kundendienst", "abonnentenservice", "billing department", "accounts department",
    ]
    /// What joins the parts of a legal form: "GmbH & Co. KG", "Sdn. Bhd.".
    static let legalFormJoints: Set<String> = ["", "co", "und", "and", "cie"]

    // MARK: - The line

    /// How many lines a payee's phrase is looked for in ("Payment received by OYO").
    static let payeeLines = 200

    /// The merchant and the line it is read from: a line naming the payee ("Payment received
    /// by OYO", "You sent a payment of £4.49 GBP to La Barbiera"); else, of the top block's lines
    /// that read like a name, the first with a legal form, else the first that the receipt's own
    /// web or e-mail address confirms, else the first; else the company line found lower down,
    /// else the name in that address (`ReceiptMerchant+Elsewhere`). The customer's block and
    /// `skipped` lines (a browser's print margins, lines OCR is unsure of) are passed over.
    public static func find(
        _ lines: [String], _ words: [ReceiptWords], _ order: ReceiptDates.SlashOrder, skipping skipped: Set<Int> = []
    ) -> (line: Int, name: String)? {
        func named(_ index: Int) -> (line: Int, name: String) { (index, name(lines, at: index, order)) }
        if let index = lines.indices.prefix(payeeLines).first(where: { !skipped.contains($0) && payee(in: lines[$0][...]) != nil }) {
            return named(index)
        }
        var customer: Set<Int> = []
        var candidates: [Int] = []
        var belowAddress = false
        for index in lines.indices.prefix(topBlock) {
            guard !skipped.contains(index), !customer.contains(index) else { continue }
            // The items start, their header, the currency over their prices ("EUR") or a priced
            // line below the address: the letterhead is above them.
            if tableWordCount(words[index]) >= 2 || CurrencyTable.standard.currency(lines[index]) != nil
                || belowAddress && !ReceiptAmounts.amounts(in: lines[index]).isEmpty
            {
                break
            }
            if isAddress(lines[index][...], words[index]) { belowAddress = true }
            if isCustomerLabel(words[index]) { customer.formUnion(customerBlock(after: index, lines, words)) }
            guard let name = segment(of: lines[index], order) else { continue }
            if hasLegalForm(ReceiptWords(name)) { return named(index) }
            candidates.append(index)
        }
        let hosts = hostNames(lines)
        let names = candidates.map(named)
        if let confirmed = names.first(where: { name in hosts.contains { agrees(name.name, withHost: $0.name) } }) { return confirmed }
        if let first = names.first { return first }
        if let company = companyLine(lines, order, skipping: skipped.union(customer)) { return company }
        return hosts.first.map { ($0.line, nameOfHost($0.name)) }
    }

    /// The merchant's name from its line: the payee it names, else the part of it that
    /// reads as a name (a layout puts the issuer beside "Invoice" or "Bill to"), the shop's kind
    /// on the next line joined ("DELPHIN" above "APOTHEKE"); without "Welcome to", a department
    /// (Service Abonnés), a branch's number, and the country and legal form of a national company
    /// (IKEA Deutschland GmbH & Co. KG trades as IKEA), without the frame characters receipts
    /// print around it, spaces collapsed.
    public static func name(_ lines: [String], at index: Int, _ order: ReceiptDates.SlashOrder) -> String {
        let line = lines[index]
        if let payee = payee(in: line[...]) { return payee }
        var name = clean(tradingName(withoutBranch(withoutDepartment(segment(of: line, order) ?? line[...]))))
        if index + 1 < lines.count {
            let next = ReceiptWords(lines[index + 1]).words
            if (1...2).contains(next.count), next.allSatisfy(kindWords.contains),
                !ReceiptWords(name).words.contains(where: kindWords.contains)
            {
                name += " " + clean(lines[index + 1])
            }
        }
        return name
    }

    /// The first part of a line that reads as a name, a label before it ("Welcome to", "Sold
    /// by") and a heading after it ("Amazon Web Services Invoice") dropped. Parts of a line are
    /// what stands apart by two spaces or more (columns of a layout, cells of an HTML table), and
    /// the pieces of a letter's sender line ("QualityHosting AG - Uferweg 40 - 63571 Gelnhausen").
    static func segment(of line: String, _ order: ReceiptDates.SlashOrder) -> Substring? {
        guard !isScannerStamp(ReceiptWords(line)) else { return nil }
        for part in parts(of: line).flatMap(pieces) {
            if isCustomerLabel(ReceiptWords(part)) { return nil }
            let name = withoutHeading(dropping(welcomePhrases + issuerPhrases, from: part))
            if readsAsName(name, order) { return name }
        }
        return nil
    }

    /// Whether a part of a line reads as a name: mostly letters, short, no amount or date, and no
    /// heading, contact, table or address words.
    static func readsAsName(_ text: Substring, _ order: ReceiptDates.SlashOrder) -> Bool {
        guard text.count <= maximumCharacters else { return false }
        let visible = text.filter { !$0.isWhitespace }
        let letters = visible.filter(\.isLetter).count
        guard letters >= 3, Double(letters) / Double(max(visible.count, 1)) >= 0.6,
            text.first.map({ !$0.isASCIIDigitCharacter }) ?? false, !text.contains("@")
        else { return false }
        let words = ReceiptWords(text)
        guard words.words.count <= maximumWords, let first = words.words.first, !greetings.contains(first), !possessives.contains(first),
            !words.words.contains(where: { headingWords.contains($0) || labelWords.contains($0) || contactWords.contains($0) }),
            !isTableHeader(words), !isAddress(text, words)
        else { return false }
        let line = String(text)
        return ReceiptAmounts.amounts(in: line).isEmpty && ReceiptDates.dates(in: line, slashOrder: order).isEmpty
    }

    // MARK: - Causes

    /// The lines of the customer's block below its label: the customer's name (a person, a
    /// company, up to `customerLines` lines), then its address, which ends the block.
    static func customerBlock(after label: Int, _ lines: [String], _ words: [ReceiptWords]) -> Range<Int> {
        var end = label + 1
        while end < lines.count, end - label <= customerLines, !isAddress(lines[end][...], words[end]) { end += 1 }
        let address = end
        while end < lines.count, end - address < customerLines, isAddress(lines[end][...], words[end]) { end += 1 }
        return (label + 1)..<end
    }

    static func isCustomerLabel(_ words: ReceiptWords) -> Bool {
        customerPhrases.contains { words.contains(phrase: $0) }
    }

    /// A scanner app's stamp on the scan: "Scanned with CamScanner", "Scanned by TapScanner".
    static func isScannerStamp(_ words: ReceiptWords) -> Bool {
        words.contains(phrase: "scanned with") || words.contains(phrase: "scanned by") || words.contains(phrase: "scanned using")
            || words.words.contains { $0.hasSuffix("scanner") }
    }

    /// A table's header: two of its column names, or nothing but them.
    static func isTableHeader(_ words: ReceiptWords) -> Bool {
        let columns = tableWordCount(words)
        return columns >= 2 || columns == words.words.count
    }

    static func tableWordCount(_ words: ReceiptWords) -> Int { words.words.filter(tableWords.contains).count }

    /// An address: a street and its number, a postcode and its town, a PO box.
    static func isAddress(_ text: Substring, _ words: ReceiptWords) -> Bool {
        let compact = joinedLetters(words)
        if compact.contains(where: addressWords.contains) || words.contains(phrase: "p o box") || words.contains(phrase: "po box") {
            return true
        }
        // A country on a line of its own ends an address.
        if words.words.count == 1, countryWords.contains(words.words[0]) { return true }
        guard text.contains(where: \.isASCIIDigitCharacter) else { return false }
        if words.words.contains(where: { word in
            streetWords.contains(word) || streetEndings.contains { word.count > $0.count + 2 && word.hasSuffix($0) }
        }) {
            return true
        }
        // A postcode: a number of four to six digits (10115 Berlin, CH-8001 Zürich, NY 10018),
        // not a branch's number (STORE #1234, Filiale 0815).
        var run = 0
        for character in withoutBranch(text) + " " {
            if character.isASCIIDigitCharacter {
                run += 1
            } else {
                if (4...6).contains(run) { return true }
                run = 0
            }
        }
        return false
    }

    static func hasLegalForm(_ words: ReceiptWords) -> Bool {
        joinedLetters(words).contains(where: legalForms.contains)
    }

    /// The words with runs of single letters joined: S.A. → sa, B.V. → bv, P.O. Box → po box.
    static func joinedLetters(_ words: ReceiptWords) -> [String] {
        var joined: [String] = []
        var letters = ""
        for word in words.words {
            if word.count == 1 {
                letters += word
                continue
            }
            if !letters.isEmpty { joined.append(letters) }
            letters = ""
            joined.append(word)
        }
        if !letters.isEmpty { joined.append(letters) }
        return joined
    }

    // MARK: - Cleaning

    /// The parts of a line that stand apart by two spaces or more, or a tab.
    static func parts(of line: String) -> [Substring] {
        var parts: [Substring] = []
        var start = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            let gap = line[index] == "\t" || line[index].isWhitespace && next < line.endIndex && line[next].isWhitespace
            if gap {
                if start < index { parts.append(line[start..<index]) }
                var end = next
                while end < line.endIndex, line[end].isWhitespace { end = line.index(after: end) }
                start = end
                index = end
            } else {
                index = next
            }
        }
        if start < line.endIndex { parts.append(line[start...]) }
        return parts.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// The pieces of a letter's sender line, the name and its address joined by dashes, dots,
    /// bars or commas ("QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen"); else the part.
    static func pieces(_ part: Substring) -> [Substring] {
        for separator in [" - ", " – ", " · ", " • ", " | ", ", "] {
            let pieces = part.split(separator: separator).map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }
            if pieces.count > 1, pieces.dropFirst().contains(where: { isAddress($0, ReceiptWords($0)) }) { return pieces }
        }
        return [part]
    }

    /// The text after one of `phrases` it starts with ("Welcome to ALDI" → "ALDI"), else the text.
    static func dropping(_ phrases: [String], from text: Substring) -> Substring {
        let words = ReceiptWords(text)
        guard let phrase = phrases.first(where: { (words.phrase + " ").hasPrefix($0 + " ") }) else { return text }
        // Skip as many words of the text as the phrase has.
        var remaining = phrase.split(separator: " ").count
        var index = text.startIndex
        while index < text.endIndex, remaining > 0 {
            while index < text.endIndex, !text[index].isLetter { index = text.index(after: index) }
            while index < text.endIndex, text[index].isLetter { index = text.index(after: index) }
            remaining -= 1
        }
        return text[index...].drop { !$0.isLetter && !$0.isNumber }
    }

    /// The name without a heading printed after it ("Amazon Web Services Invoice"), when a name
    /// of four letters or more is left; else the text, which then reads as a heading.
    static func withoutHeading(_ text: Substring) -> Substring {
        var end = text.endIndex
        var tokens = text.split(whereSeparator: \.isWhitespace)
        while let last = tokens.last, !ReceiptWords(last).words.isEmpty, ReceiptWords(last).words.allSatisfy(headingWords.contains) {
            tokens.removeLast()
            end = tokens.last?.endIndex ?? text.startIndex
        }
        let name = text[..<end]
        return end == text.endIndex || name.filter(\.isLetter).count < 4 ? text : name
    }

    /// The name without the department it ends with ("Free Service Abonnés" → "Free").
    static func withoutDepartment(_ text: Substring) -> Substring {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        for index in tokens.indices.dropFirst() {
            let rest = ReceiptWords(text[tokens[index].startIndex...]).phrase + " "
            if departmentPhrases.contains(where: { rest.hasPrefix($0 + " ") }) { return text[..<tokens[index - 1].endIndex] }
        }
        return text
    }

    /// The name a national company trades under: its brand, without the country and legal form
    /// of the subsidiary ("IKEA Deutschland GmbH & Co. KG" → "IKEA", which is also what a card
    /// statement says). Any other name keeps its legal form: "Coolblue B.V." is the issuer's name.
    static func tradingName(_ text: Substring) -> Substring {
        var tokens = text.split(whereSeparator: \.isWhitespace)
        var dropped = false
        // Each token of the legal form, OCR's glued ones too ("GmbH&", "Co.KG").
        while let last = tokens.last, tokens.count > 1 {
            let parts = joinedLetters(ReceiptWords(last))
            let isLegal = parts.allSatisfy { legalForms.contains($0) || legalFormJoints.contains($0) }
            guard isLegal, parts.contains(where: legalForms.contains) || dropped else { break }
            tokens.removeLast()
            dropped = true
        }
        guard dropped, tokens.count > 1, let country = tokens.last, countryWords.contains(ReceiptWords(country).phrase) else { return text }
        tokens.removeLast()
        guard let end = tokens.last?.endIndex, text[..<end].filter(\.isLetter).count >= 2 else { return text }
        return text[..<end]
    }

    /// The name without a branch's number after it: "STARBUCKS #1234", "REWE Filiale 0815",
    /// "Shell Store No. 12". A number that is part of the name (7-Eleven, Bar 45) stays.
    static func withoutBranch(_ text: Substring) -> Substring {
        var tokens = text.split(whereSeparator: \.isWhitespace)
        guard tokens.count >= 2, let last = tokens.last, last.drop(while: { $0 == "#" }).allSatisfy(\.isASCIIDigitCharacter),
            last.contains(where: \.isASCIIDigitCharacter)
        else { return text }
        var marked = last.hasPrefix("#")
        tokens.removeLast()
        if let number = tokens.last, ["no", "no.", "nr", "nr.", "#"].contains(number.lowercased()), tokens.count >= 2 {
            tokens.removeLast()
            marked = true
        }
        if let word = tokens.last, branchWords.contains(ReceiptWords(word).phrase), tokens.count >= 2 {
            tokens.removeLast()
            marked = true
        }
        guard marked, let end = tokens.last?.endIndex else { return text }
        return text[..<end]
    }

    /// A name without the frame characters receipts print around it, spaces collapsed.
    public static func clean(_ name: some StringProtocol) -> String {
        let trimmed = name.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber && $0 != "." && $0 != ")" }
        return String(trimmed.reversed()).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
