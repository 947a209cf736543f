/// Reads an ISO 20022 bank-to-customer message: a camt.053 statement (`BkToCstmrStmt`/`Stmt`),
/// a camt.052 account report (`BkToCstmrAcctRpt`/`Rpt`, often intraday) or a camt.054 debit or
/// credit notification (`BkToCstmrDbtCdtNtfctn`/`Ntfctn`), which list their entries alike: each
/// `Ntry` with its amount and currency, credit or debit, booking date (not the value date), the
/// other party by the entry's direction, the remittance text and the bank's reference. Booked
/// entries are read; others (`PDNG`, a report's `INFO`) are pending.
/// Bounded: at most `StatementEntries.maximumDepth` levels, `maximumEntries` entries,
/// `maximumTextBytes` a text; every mistake of the XML is a `StatementFailure` at its line.
public enum CamtReader {
    /// The messages read, each by its namespace before the version (`...camt.053.001.08`).
    public static let namespaces: [(format: StatementEntries.Format, prefix: String)] = [
        (.camt052, "urn:iso:std:iso:20022:tech:xsd:camt.052.001."),
        (.camt053, "urn:iso:std:iso:20022:tech:xsd:camt.053.001."),
        (.camt054, "urn:iso:std:iso:20022:tech:xsd:camt.054.001."),
    ]
    /// The versions read, every one the ISO has published: .02 (most banks' still), .08 (where
    /// `Sts` became `Sts/Cd`) to .13; their entries are alike.
    public static let versions = 2...13

    /// The camt message whose namespace `text` names first; nil when it names none.
    public static func format(named text: String) -> StatementEntries.Format? {
        namespaces.compactMap { namespace in text.firstRange(of: namespace.prefix).map { ($0.lowerBound, namespace.format) } }
            .min { $0.0 < $1.0 }?.1
    }

    public static func read(_ bytes: [UInt8]) throws(StatementFailure) -> StatementEntries {
        var result = StatementEntries(format: .camt053)
        var scanner = MarkupScanner(bytes, encoding: try XMLDeclaration.encoding(of: bytes[...]))
        var stack: [String] = []
        var entry: EntryState?
        var sawRoot = false
        while let token = try scanner.next() {
            switch token {
            case .open(let name, let attributes, let empty):
                if stack.isEmpty {
                    guard !sawRoot else { throw scanner.failure("a second root element <\(name)> after the <Document>") }
                    result = StatementEntries(format: try checkRoot(name, attributes, scanner))
                    sawRoot = true
                }
                if name == "Ntry", entry == nil {
                    guard result.entries.count + result.pending.count < StatementEntries.maximumEntries else {
                        throw scanner.failure(
                            "more than \(StatementEntries.maximumEntries) entries in one statement file",
                            hint: "download shorter periods from the bank")
                    }
                    entry = EntryState(line: scanner.tokenLine, depth: stack.count + 1)
                }
                if let state = entry, name == "Amt", stack.count == state.depth { entry?.currency = attributes["Ccy"] ?? "" }
                if empty { continue }
                guard stack.count < StatementEntries.maximumDepth else {
                    throw scanner.failure(
                        "elements nested deeper than \(StatementEntries.maximumDepth) levels",
                        hint: "a camt statement is some ten levels deep; is this one?")
                }
                stack.append(name)
            case .close(let name):
                guard let open = stack.last else { throw scanner.failure("</\(name)> closes no element") }
                guard open == name else { throw scanner.failure("</\(name)> where <\(open)> is open", hint: "is an element not closed?") }
                if let state = entry, stack.count == state.depth {
                    try finish(state, into: &result, scanner)
                    entry = nil
                }
                stack.removeLast()
            case .text(let text):
                guard let state = entry, stack.count > state.depth else { continue }
                guard text.utf8.count <= StatementEntries.maximumTextBytes else {
                    throw scanner.failure("a text of more than \(StatementEntries.maximumTextBytes >> 10) KiB in <\(stack.last ?? "")>")
                }
                entry?.take(text, at: stack[state.depth...])
            }
        }
        if let open = stack.last { throw scanner.failure("the file ends inside <\(open)>", hint: "is the file truncated?") }
        guard sawRoot else {
            throw StatementFailure(line: scanner.tokenLine, message: "no camt.052, camt.053 or camt.054 <Document> in the file")
        }
        return result
    }

    /// The message whose `Document` the root is, of a version this reader knows.
    private static func checkRoot(_ name: String, _ attributes: [String: String], _ scanner: MarkupScanner) throws(StatementFailure)
        -> StatementEntries.Format
    {
        func known(_ value: String) -> Bool { namespaces.contains { value.hasPrefix($0.prefix) } }
        let namespace = attributes["xmlns"] ?? attributes.first { $0.key.hasPrefix("xmlns:") && known($0.value) }?.value ?? ""
        guard name == "Document", let (format, prefix) = namespaces.first(where: { namespace.hasPrefix($0.prefix) }) else {
            throw scanner.failure(
                "not a camt.052, camt.053 or camt.054 message: the root is <\(name)>\(namespace.isEmpty ? "" : " of \(namespace)")",
                hint: "expenses reads " + StatementFormat.formatsRead)
        }
        guard let version = Int(namespace.dropFirst(prefix.count)), versions.contains(version) else {
            throw scanner.failure(
                "\(format.rawValue) version '\(namespace.dropFirst(prefix.count))' is not read",
                hint: "versions .001.02 to .001.13 are")
        }
        return format
    }

    private static func finish(_ state: EntryState, into result: inout StatementEntries, _ scanner: MarkupScanner) throws(StatementFailure)
    {
        var entry = StatementEntry(line: state.line)
        switch state.indicator {
        case "DBIT": entry.isCredit = false
        case "CRDT": entry.isCredit = true
        case "": throw StatementFailure(line: state.line, message: "the entry has no <CdtDbtInd>", hint: "CRDT or DBIT tells its direction")
        default: throw StatementFailure(line: state.line, message: "<CdtDbtInd> is '\(state.indicator)', neither CRDT nor DBIT")
        }
        entry.type = state.indicator
        entry.onBankAccount = true
        entry.date = state.date
        entry.amount = state.amount
        if state.amount.hasPrefix("-") {
            entry.amountProblem =
                "'\(state.amount)' has a minus sign that \(result.format.rawValue) forbids (<CdtDbtInd> says money in or out)"
        }
        entry.currency = state.currency
        // A debit paid the creditor; a credit came from the debtor.
        entry.counterparty = entry.isCredit ? state.debtor : state.creditor
        entry.description = state.remittance.isEmpty ? state.additionalInfo : state.remittance.joined(separator: " ")
        entry.reference = state.reference
        if state.status.isEmpty || state.status == "BOOK" {
            result.entries.append(entry)
        } else {
            result.pending.append(entry)
        }
    }

    /// What an open `Ntry` has shown so far.
    private struct EntryState {
        let line: Int
        /// The depth of `Ntry` itself: its children are one below.
        let depth: Int
        var amount = "", currency = "", indicator = "", status = "", date = "", reference = ""
        var creditor = "", debtor = "", additionalInfo = ""
        var remittance: [String] = []

        init(line: Int, depth: Int) {
            self.line = line
            self.depth = depth
        }

        /// `text` of the element at `path` (below `Ntry`).
        mutating func take(_ text: String, at path: ArraySlice<String>) {
            let names = Array(path)
            switch names {
            case ["Amt"]: amount = text
            case ["CdtDbtInd"]: indicator = text
            case ["Sts"], ["Sts", "Cd"]: status = text
            case ["BookgDt", "Dt"], ["BookgDt", "DtTm"]: date = String(text.prefix(10))  // the date as the bank gives it
            case ["AcctSvcrRef"]: reference = text
            case ["AddtlNtryInf"]: additionalInfo = text
            default:
                guard names.contains("RltdPties") || names.last == "Ustrd" else { return }
                if names.last == "Ustrd", names.contains("RmtInf") {
                    remittance.append(text)
                } else if names.suffix(2) == ["Cdtr", "Nm"] || names.suffix(3) == ["Cdtr", "Pty", "Nm"] {
                    if creditor.isEmpty { creditor = text }
                } else if names.suffix(2) == ["Dbtr", "Nm"] || names.suffix(3) == ["Dbtr", "Pty", "Nm"] {
                    if debtor.isEmpty { debtor = text }
                }
            }
        }
    }
}

/// The encoding an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`) names; UTF-8
/// without one.
enum XMLDeclaration {
    static func encoding(of bytes: ArraySlice<UInt8>) throws(StatementFailure) -> TextEncoding {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.firstRange(of: "?>") else { return .utf8 }
        let declaration = head[..<end.lowerBound]
        guard let range = declaration.firstRange(of: "encoding") else { return .utf8 }
        let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return .utf8 }
        let name = value.dropFirst().prefix { $0 != quote }
        if ["US-ASCII", "ASCII"].contains(name.uppercased()) { return TextEncoding.declaredASCII(bytes) }
        guard let encoding = TextEncoding.named(String(name)) else {
            throw StatementFailure(
                line: 1, message: "the encoding '\(name)' is not read", hint: "UTF-8, ISO-8859-1, Windows-1252 and US-ASCII are")
        }
        return encoding
    }
}
