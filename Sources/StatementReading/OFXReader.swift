/// Reads an OFX statement, 1.x (SGML: `KEY:VALUE` header lines, leaf elements left unclosed)
/// or 2.x (XML with an `<?OFX ...?>` instruction): each `STMTTRN` of a bank account's `STMTRS`
/// or a card's `CCSTMTRS`. Bounded like `CamtReader`; every mistake a `StatementFailure` at its line.
public enum OFXReader {
    /// The most header lines an OFX 1.x file has before its markup (it has nine).
    public static let maximumHeaderLines = 64

    public static func read(_ bytes: [UInt8]) throws(StatementFailure) -> StatementEntries {
        var result = StatementEntries(format: .ofx)
        let (encoding, start, line) = try header(bytes)
        var scanner = MarkupScanner(bytes, encoding: encoding, start: start, line: line)
        // Open elements. A text closes its element (a leaf, which 1.x does not close); a closing
        // tag closes every element down to its own, and is ignored when it closes a leaf already closed.
        var stack: [String] = []
        var currencyDefault = ""
        // A bank account's statement (`STMTRS`, in `BANKMSGSRSV1`) or a card's (`CCSTMTRS`).
        var onBankAccount = false
        var entry: EntryState?
        var sawRoot = false
        func pop(to index: Int) throws(StatementFailure) {
            while stack.count > index {
                if stack.removeLast() == "STMTTRN", let state = entry {
                    try finish(state, currencyDefault, onBankAccount: onBankAccount, into: &result, scanner)
                    entry = nil
                }
            }
        }
        while let token = try scanner.next() {
            switch token {
            case .open(let name, _, let empty):
                if stack.isEmpty {
                    guard name == "OFX", !sawRoot else {
                        throw scanner.failure(
                            sawRoot ? "a second element <\(name)> after </OFX>" : "not an OFX document: the first element is <\(name)>",
                            hint: "expenses reads " + StatementFormat.formatsRead)
                    }
                    sawRoot = true
                }
                if name == "STMTRS" || name == "CCSTMTRS" {
                    currencyDefault = ""
                    onBankAccount = name == "STMTRS"
                }
                if name == "STMTTRN" {
                    guard entry == nil else { throw scanner.failure("a <STMTTRN> inside another") }
                    guard result.entries.count < StatementEntries.maximumEntries else {
                        throw scanner.failure(
                            "more than \(StatementEntries.maximumEntries) transactions in one statement file",
                            hint: "download shorter periods from the bank")
                    }
                    entry = EntryState(line: scanner.tokenLine)
                }
                if empty { continue }
                guard stack.count < StatementEntries.maximumDepth else {
                    throw scanner.failure(
                        "elements nested deeper than \(StatementEntries.maximumDepth) levels",
                        hint: "an OFX statement is some eight levels deep; is this one?")
                }
                stack.append(name)
            case .close(let name):
                if let index = stack.lastIndex(of: name) { try pop(to: index) }
            case .text(let text):
                guard let leaf = stack.last, stack.count >= 2 else {
                    throw scanner.failure("text outside the OFX elements", hint: "is this an OFX file?")
                }
                guard text.utf8.count <= StatementEntries.maximumTextBytes else {
                    throw scanner.failure("a text of more than \(StatementEntries.maximumTextBytes >> 10) KiB in <\(leaf)>")
                }
                let parent = stack[stack.count - 2]
                if leaf == "CURDEF" { currencyDefault = text }
                entry?.take(text, leaf: leaf, parent: parent)
                try pop(to: stack.count - 1)
            }
        }
        if let open = stack.last { throw scanner.failure("the file ends inside <\(open)>", hint: "is the file truncated?") }
        guard sawRoot else { throw StatementFailure(line: scanner.tokenLine, message: "no <OFX> element in the file") }
        result.warnings = FITIDs.separate(&result.entries)
        return result
    }

    /// The encoding and where the markup starts: after OFX 1.x's header lines (`CHARSET:1252`
    /// is Windows-1252; `ENCODING:USASCII` with `CHARSET:NONE` names none, see
    /// `TextEncoding.declaredASCII`), or an XML declaration's encoding for 2.x.
    static func header(_ bytes: [UInt8]) throws(StatementFailure) -> (TextEncoding, start: Int, line: Int) {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while position < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[position]) { position += 1 }
        guard bytes[position...].starts(with: Array("OFXHEADER".utf8)) else {
            return (try XMLDeclaration.encoding(of: bytes[position...]), 0, 1)
        }
        var fields: [String: String] = [:]
        var line = 1
        var headerLines = 0
        while true {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            guard position < bytes.count else {
                throw StatementFailure(line: line, message: "no OFX markup after the header lines", hint: "is the file truncated?")
            }
            if bytes[position] == UInt8(ascii: "<") { break }
            headerLines += 1
            guard headerLines <= maximumHeaderLines else {
                throw StatementFailure(
                    line: line, message: "more than \(maximumHeaderLines) OFX header lines", hint: "is the file truncated?")
            }
            let start = position
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            let text = String(decoding: bytes[start..<position].prefix(1024), as: UTF8.self).trimmingSpaces
            if let colon = text.firstIndex(of: ":") {
                fields[text[..<colon].uppercased()] = String(text[text.index(after: colon)...]).trimmingSpaces.uppercased()
            } else if !text.isEmpty {
                throw StatementFailure(
                    line: line, message: "'\(text.prefix(60))' is not an OFX header line", hint: "header lines read KEY:VALUE")
            }
            if position < bytes.count { position += 1 }
            line += 1
        }
        let start = position
        let encoding: TextEncoding
        switch (fields["ENCODING"] ?? "USASCII", fields["CHARSET"] ?? "NONE") {
        case ("UTF-8", _), ("UTF8", _): encoding = .utf8
        case (_, "1252"), (_, "WINDOWS-1252"): encoding = .windows1252
        case (_, "ISO-8859-1"), (_, "8859-1"), (_, "LATIN-1"): encoding = .latin1
        case (_, "NONE"), (_, "USASCII"), (_, "US-ASCII"), (_, "ASCII"): encoding = TextEncoding.declaredASCII(bytes[start...])
        case (_, let charset):
            throw StatementFailure(
                line: 1, message: "the OFX character set '\(charset)' is not read", hint: "1252, ISO-8859-1 and UTF-8 are")
        }
        return (encoding, start, line)
    }

    private static func finish(
        _ state: EntryState, _ currencyDefault: String, onBankAccount: Bool, into result: inout StatementEntries,
        _ scanner: MarkupScanner
    ) throws(StatementFailure) {
        var entry = StatementEntry(line: state.line)
        entry.onBankAccount = onBankAccount
        var amount = Substring(state.amount)
        // Money out is negative; a positive amount (a refund, a payment to the card) comes in.
        entry.isCredit = !amount.hasPrefix("-")
        if amount.hasPrefix("-") || amount.hasPrefix("+") { amount = amount.dropFirst() }
        // Some European banks write a decimal comma.
        entry.amount = amount.contains(".") ? String(amount) : String(amount.map { $0 == "," ? "." : $0 })
        entry.date = date(state.posted)
        // With CURRENCY the amount is in that currency; with ORIGCURRENCY it was converted into CURDEF.
        entry.currency = state.currency.isEmpty ? currencyDefault : state.currency
        entry.counterparty = state.name.isEmpty ? state.payee : state.name
        entry.description = state.memo
        entry.reference = state.fitID
        entry.type = state.type
        result.entries.append(entry)
    }

    /// The transactions of a file by their FITID, which the bank means to be unique and the
    /// entry's identity across imports (`external-id`). Some banks reuse one for transactions
    /// of another amount, date or payee: each such is a transaction of its own, under the FITID
    /// with its number among them (`X#2`, never a FITID the file has), stable while the file is,
    /// so that importing the file again finds it. The same FITID with the same content is the
    /// same transaction, sent twice.
    enum FITIDs {
        private struct Content: Equatable {
            let date: String, amount: String, isCredit: Bool, currency: String, payee: String

            init(_ entry: StatementEntry) {
                (date, amount, isCredit) = (entry.date, entry.amount, entry.isCredit)
                (currency, payee) = (entry.currency, entry.counterparty)
            }
        }

        /// Gives each entry reusing a FITID with other content a reference of its own; returns
        /// a warning at each the first time.
        static func separate(_ entries: inout [StatementEntry]) -> [StatementWarning] {
            let given = Set(entries.map(\.reference))
            // Per FITID, its first line and each content seen with the reference it was given.
            var seen: [String: (line: Int, contents: [(content: Content, reference: String)])] = [:]
            var warnings: [StatementWarning] = []
            for index in entries.indices where !entries[index].reference.isEmpty {
                let id = entries[index].reference
                let content = Content(entries[index])
                guard let known = seen[id], let first = known.contents.first?.content else {
                    seen[id] = (entries[index].line, [(content, id)])
                    continue
                }
                if let same = known.contents.first(where: { $0.content == content }) {
                    entries[index].reference = same.reference
                    continue
                }
                var number = known.contents.count + 1
                while given.contains("\(id)#\(number)") { number += 1 }
                let reference = "\(id)#\(number)"
                seen[id]?.contents.append((content, reference))
                entries[index].reference = reference
                let difference =
                    first.amount != content.amount || first.isCredit != content.isCredit || first.currency != content.currency
                    ? "amount" : first.date != content.date ? "date" : "payee"
                warnings.append(
                    StatementWarning(
                        line: entries[index].line,
                        message: "FITID '\(id)' repeats with another \(difference) than at line \(known.line); "
                            + "taken as another transaction, '\(reference)'"))
            }
            return warnings
        }
    }

    /// `YYYYMMDD[HHMMSS[.XXX]][[+1:CET]]` as `YYYY-MM-DD`: the date as given, whatever its zone;
    /// anything else as it is, which the date's check then refuses.
    static func date(_ text: String) -> String {
        let digits = text.utf8.prefix(8)
        guard digits.count == 8, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return text }
        let value = String(decoding: digits, as: UTF8.self)
        return value.prefix(4) + "-" + value.dropFirst(4).prefix(2) + "-" + value.dropFirst(6)
    }

    /// What an open `STMTTRN` has shown so far.
    private struct EntryState {
        let line: Int
        var type = "", posted = "", amount = "", fitID = "", name = "", payee = "", memo = "", currency = ""

        init(line: Int) { self.line = line }

        mutating func take(_ text: String, leaf: String, parent: String) {
            switch (parent, leaf) {
            case ("STMTTRN", "TRNTYPE"): type = text
            case ("STMTTRN", "DTPOSTED"): posted = text
            case ("STMTTRN", "TRNAMT"): amount = text
            case ("STMTTRN", "FITID"): fitID = text
            case ("STMTTRN", "NAME"): name = text
            case ("PAYEE", "NAME"): payee = text
            case ("STMTTRN", "MEMO"): memo = text
            case ("CURRENCY", "CURSYM"): currency = text
            default: break
            }
        }
    }
}
