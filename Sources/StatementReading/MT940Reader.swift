/// Reads a SWIFT MT940 customer statement, as banks hand it out (German banks' `.sta` files
/// above all): one or more statements, each `:20:` … `:60F:` (the opening balance, whose
/// currency is the entries'), `:61:` entries each with an optional `:86:`, and `:62F:`; SWIFT's
/// block headers (`{1:…}{2:…}{4:`) and the `-}` ending a message are optional. An entry's date
/// is its booking (entry) date, else its value date; its reference the bank's (`//…` of `:61:`).
/// The German structured `:86:` (`166?00GUTSCHRIFT?20EREF+…?32NAME`) gives the other party's
/// name (`?32`/`?33`) and the purpose (`?20`–`?29`, `?60`–`?63`, its `SVWZ+` part when it has
/// one); any other `:86:` is the entry's description. Every mistake a `StatementFailure` at its
/// line; a date or amount the bank got wrong is left for the mapping's checks (an invalid row).
public enum MT940Reader {
    public static func read(_ bytes: [UInt8]) throws(StatementFailure) -> StatementEntries {
        var result = StatementEntries(format: .mt940)
        let fields = try self.fields(StatementLines(bytes).lines)
        // The statement read: its first line, its currency (from `:60F:`), whether it closed (`:62F:`).
        var statement: (line: Int, currency: String, closed: Bool)?
        // The last field was the entry's `:61:`: a `:86:` after it is the entry's.
        var entryOpen = false
        for field in fields {
            defer { entryOpen = field.tag == "61" }
            switch field.tag {
            case "20":
                if let open = statement, !open.closed { throw unclosed(open.line) }
                statement = (field.line, "", false)
            case "60F", "60M":
                guard let open = statement else { throw outside(field) }
                let balance = Array(field.text.utf8)
                guard balance.count >= 10, balance[0] == UInt8(ascii: "C") || balance[0] == UInt8(ascii: "D"),
                    let currency = String(validating: balance[7..<10], as: UTF8.self),
                    currency.utf8.allSatisfy({ (0x41...0x5A).contains($0) })
                else {
                    throw StatementFailure(
                        line: field.line, message: "the opening balance ':\(field.tag):\(field.text.prefix(40))' has no currency",
                        hint: "it reads C or D, the date YYMMDD, the currency and the amount: ':60F:C260301EUR1234,56'")
                }
                statement = (open.line, currency, false)
            case "61":
                guard let open = statement else { throw outside(field) }
                guard !open.currency.isEmpty else {
                    throw StatementFailure(
                        line: field.line, message: "an entry (:61:) before the statement's opening balance (:60F:)",
                        hint: "the opening balance gives the entries' currency")
                }
                guard result.entries.count < StatementEntries.maximumEntries else {
                    throw StatementFailure(
                        line: field.line, message: "more than \(StatementEntries.maximumEntries) entries in one statement file",
                        hint: "download shorter periods from the bank")
                }
                result.entries.append(try entry(field, currency: open.currency))
            case "86":
                // A statement's own :86: (after :62F:) says nothing of an entry.
                guard entryOpen else { continue }
                describe(&result.entries[result.entries.count - 1], [field.text] + field.more)
            case "62F", "62M":
                guard let open = statement else { throw outside(field) }
                statement = (open.line, open.currency, true)
            default:
                // :25: (the account), :28C: (the statement's number), :64: and :65: (balances), ...
                continue
            }
        }
        guard let last = statement else {
            throw StatementFailure(line: 1, message: "no statement (:20:) in the file", hint: "is this an MT940 statement?")
        }
        if !last.closed { throw unclosed(last.line) }
        return result
    }

    /// A tagged field (`:61:…`) and its continuation lines: `text` its first line, `more` the rest.
    struct Field {
        let tag: String
        let line: Int
        var text: String
        var more: [String] = []
    }

    /// The file's fields, without SWIFT's block headers and trailers, the `-` ending a message,
    /// and lines before a message's first field (some banks write a header there).
    static func fields(_ lines: [StatementLines.Line]) throws(StatementFailure) -> [Field] {
        var fields: [Field] = []
        var bytes = 0
        for line in lines {
            var text = Substring(line.text)
            if text.hasPrefix("{") {
                // `{1:F01…}{2:O940…}{4:` and what follows it on the line; `{5:{CHK:…}}` is all trailer.
                guard let body = text.firstRange(of: "{4:") else { continue }
                text = text[body.upperBound...]
            }
            if text.hasPrefix("-") {
                fields.append(Field(tag: "-", line: line.number, text: ""))
                continue
            }
            if let tag = tag(of: text) {
                fields.append(Field(tag: String(tag), line: line.number, text: String(text.dropFirst(tag.count + 2))))
            } else if let last = fields.indices.last, fields[last].tag != "-", !text.isEmpty {
                bytes += text.utf8.count
                guard bytes <= StatementEntries.maximumTextBytes else {
                    throw StatementFailure(
                        line: line.number,
                        message: "the field :\(fields[last].tag): goes on for more than \(StatementEntries.maximumTextBytes >> 10) KiB",
                        hint: "an MT940 field has a few lines; is this an MT940 statement?")
                }
                fields[last].more.append(String(text))
                continue
            }
            bytes = 0
        }
        return fields
    }

    /// The tag of a line that starts a field: `:61:` gives `61`, `:60F:` `60F`.
    private static func tag(of text: Substring) -> Substring? {
        guard text.hasPrefix(":") else { return nil }
        let tag = text.dropFirst().prefix { $0.isASCII && ($0.isNumber || $0.isUppercase) }
        guard (2...3).contains(tag.count), text.dropFirst(tag.count + 1).hasPrefix(":") else { return nil }
        return tag
    }

    /// A `:61:` line: `YYMMDD[MMDD]` value and entry date, `C`/`D`/`RC`/`RD`, an optional funds
    /// code letter, the amount `123,45`, the type (`NTRF`), the customer's reference and `//` the
    /// bank's; its next line the supplementary details.
    static func entry(_ field: Field, currency: String) throws(StatementFailure) -> StatementEntry {
        var entry = StatementEntry(line: field.line)
        entry.onBankAccount = true
        entry.currency = currency
        var rest = Substring(field.text)
        func digits(_ count: Int) -> [Int]? {
            let taken = rest.prefix(count)
            guard taken.count == count, taken.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            rest = rest.dropFirst(count)
            return taken.map { $0.wholeNumberValue ?? 0 }
        }
        guard let value = digits(6) else {
            throw StatementFailure(
                line: field.line, message: "the entry ':61:\(field.text.prefix(40))' does not start with its value date",
                hint: "an entry reads ':61:' and the date YYMMDD: ':61:2603020302DR12,50NMSCNONREF'")
        }
        let year = value[0] * 10 + value[1]
        let month = value[2] * 10 + value[3]
        let day = value[4] * 10 + value[5]
        var date = (year: (year < 80 ? 2000 : 1900) + year, month: month, day: day)
        if let booked = digits(4) {
            let bookedMonth = booked[0] * 10 + booked[1]
            // Booked in January for a value date in December, or the other way round: the year turned.
            if month == 12, bookedMonth == 1 { date.year += 1 }
            if month == 1, bookedMonth == 12 { date.year -= 1 }
            date.month = bookedMonth
            date.day = booked[2] * 10 + booked[3]
        }
        entry.date = StatementEntry.date(year: date.year, month: date.month, day: date.day)
        let mark = ["RC", "RD", "C", "D"].first { rest.hasPrefix($0) }
        guard let mark else {
            throw StatementFailure(
                line: field.line, message: "the entry ':61:\(field.text.prefix(40))' says neither C nor D after its date",
                hint: "C is money in, D money out (RC and RD their reversals)")
        }
        rest = rest.dropFirst(mark.count)
        // A reversed debit gives the money back.
        entry.isCredit = mark == "C" || mark == "RD"
        if let funds = rest.first, funds.isASCII, funds.isLetter { rest = rest.dropFirst() }
        let amount = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ",") }
        rest = rest.dropFirst(amount.count)
        // `12,` is 12.00; a malformed amount is left as it is, for the amount's check.
        entry.amount = String((amount.hasSuffix(",") ? amount.dropLast() : amount).map { $0 == "," ? "." : $0 })
        entry.type = String(rest.prefix(4))
        rest = rest.dropFirst(4)
        if let bank = rest.firstRange(of: "//") {
            let reference = rest[bank.upperBound...].trimmingSpaces
            if reference != "NONREF" { entry.reference = reference }
        }
        // The supplementary details, the description until a :86: gives one.
        entry.description = field.more.first.map { String($0).trimmingSpaces } ?? ""
        return entry
    }

    /// The entry's other party and description from the lines of its `:86:`.
    static func describe(_ entry: inout StatementEntry, _ lines: [String]) {
        guard let purpose = MT940Purpose(String(lines.joined().drop { $0 == " " })) else {
            let text = joined(lines, width: 65)
            if !text.isEmpty { entry.description = text }
            return
        }
        entry.counterparty = purpose.name
        if !purpose.description.isEmpty { entry.description = purpose.description }
    }

    /// Pieces of a text as one: a piece as long as the field allows (`width`) was cut there and
    /// goes on without a space; a shorter one ended, and a space follows it. Runs of white space,
    /// which banks pad fields with (`?32KARL?33        KAUFMANN`), are one space.
    static func joined(_ pieces: some Sequence<some StringProtocol>, width: Int) -> String {
        var text = ""
        var previous = width
        for piece in pieces {
            if previous < width, !text.isEmpty, !text.hasSuffix(" ") { text += " " }
            text += piece
            previous = piece.count
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func outside(_ field: Field) -> StatementFailure {
        StatementFailure(
            line: field.line, message: "the field :\(field.tag): is outside a statement: no :20: before it",
            hint: "a statement starts with :20: (its reference)")
    }

    private static func unclosed(_ line: Int) -> StatementFailure {
        StatementFailure(
            line: line, message: "the statement starting here has no closing balance (:62F:)", hint: "is the file truncated?")
    }
}
