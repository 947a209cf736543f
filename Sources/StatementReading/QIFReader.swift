/// Reads a QIF file (Quicken Interchange Format), as banks and money programs export it: the
/// transactions of `!Type:Bank`, `!Type:CCard`, `!Type:Cash`, `!Type:Oth A` and `!Type:Oth L`
/// accounts, one record of lines each (`D` date, `T` or `U` amount, `P` payee, `M` memo, `^` its
/// end); `!Account` blocks and lists (categories, classes, memorized transactions) are passed
/// over, and so is an investment account's (trades are no expenses), but a file of nothing else
/// is refused. Split lines (`S`, `E`, `$`) are the parts of the
/// record's `T`, which is the row. QIF has no currency, ids or date order: a date's order is the
/// file's (a first number above 12 is a day, a second one a month; dots are day first), else
/// `dayFirst`, else month first as Quicken writes in the US. Every mistake a `StatementFailure`
/// at its line; a date or amount that is not one is left for the mapping's checks (an invalid row).
public enum QIFReader {
    public static func read(_ bytes: [UInt8], dayFirst: Bool? = nil) throws(StatementFailure) -> StatementEntries {
        var result = StatementEntries(format: .qif)
        var section: Section?
        var record: Record?
        var dates: [QIFDate?] = []
        // The header of the first investment account's transactions, passed over.
        var investments: (header: String, line: Int)?
        func finish() {
            if let done = record, done.hasFields {
                result.entries.append(done.entry)
                dates.append(QIFDate(done.entry.date))
            }
            record = nil
        }
        for line in StatementLines(bytes).lines {
            let text = line.text.trimmingSpaces
            // No field starts with '#': a comment some programs write (`### exported by ...`).
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text.hasPrefix("!") {
                finish()
                section = try self.section(of: text, line: line.number) ?? section
                if case .investments = section, investments == nil { investments = (text, line.number) }
                continue
            }
            guard let current = section else {
                throw StatementFailure(
                    line: line.number, message: "'\(text.prefix(40))' before the file's '!Type:' line",
                    hint: "a QIF file starts with its account's type: '!Type:Bank', '!Type:CCard'")
            }
            guard case .transactions(let onBankAccount) = current else {
                if text.hasPrefix("^") { record = nil }
                continue
            }
            if text.hasPrefix("^") {
                finish()
                continue
            }
            if record == nil {
                guard result.entries.count < StatementEntries.maximumEntries else {
                    throw StatementFailure(
                        line: line.number, message: "more than \(StatementEntries.maximumEntries) transactions in one statement file",
                        hint: "export shorter periods")
                }
                record = Record(line: line.number, onBankAccount: onBankAccount)
            }
            guard text.utf8.count <= StatementEntries.maximumTextBytes else {
                throw StatementFailure(
                    line: line.number, message: "a line of more than \(StatementEntries.maximumTextBytes >> 10) KiB",
                    hint: "a QIF line holds one field; is this a QIF file?")
            }
            record?.take(text)
        }
        finish()
        if let investments, result.entries.isEmpty {
            throw StatementFailure(
                line: investments.line, message: "'\(investments.header)' is an investment account's, whose trades are no expenses",
                hint: "export the bank or card account's transactions ('!Type:Bank', '!Type:CCard')")
        }
        // The file's order of day and month, told by its dates; then by the caller, then the US's.
        let evidence = dates.compactMap { $0?.dayFirst }
        let order = evidence.allSatisfy { $0 == evidence.first } ? evidence.first ?? dayFirst ?? false : dayFirst ?? false
        for index in result.entries.indices {
            if let date = dates[index] { result.entries[index].date = date.iso(dayFirst: order) }
        }
        return result
    }

    /// What the records after a header line are.
    enum Section {
        /// A money account's transactions: on a bank account or cash, whose credits are no
        /// refunds, or on a card or another liability.
        case transactions(onBankAccount: Bool)
        /// An account's description (`!Account`) or a list (categories, classes): no transactions.
        case passedOver
        /// An investment account's transactions: trades, no expenses.
        case investments
    }

    /// The section a header line starts; nil for one that starts none (`!Option:AutoSwitch`).
    static func section(of header: String, line: Int) throws(StatementFailure) -> Section? {
        let lowered = header.lowercased()
        if lowered.hasPrefix("!account") { return .passedOver }
        guard lowered.hasPrefix("!type:") else { return nil }
        let type = lowered.dropFirst(6).trimmingSpaces
        switch type {
        case "bank", "cash", "oth a": return .transactions(onBankAccount: true)
        case "ccard", "oth l": return .transactions(onBankAccount: false)
        case "cat", "class", "memorized", "prices", "security": return .passedOver
        case "invst", "port": return .investments
        default:
            throw StatementFailure(
                line: line, message: "'\(header.prefix(40))' is no account type the importer reads",
                hint: "QIF accounts of the types Bank, CCard, Cash, Oth A and Oth L are read")
        }
    }

    /// The fields of a record read so far.
    private struct Record {
        var entry: StatementEntry
        var hasFields = false
        var sawTotal = false

        init(line: Int, onBankAccount: Bool) {
            entry = StatementEntry(line: line)
            entry.onBankAccount = onBankAccount
        }

        mutating func take(_ line: String) {
            let value = String(line.dropFirst()).trimmingSpaces
            hasFields = true
            switch line.first {
            // The record's date; a split's own (which some programs write after its S) is not.
            case "D": if entry.date.isEmpty { entry.date = value }
            case "T":
                amount(value)
                sawTotal = true
            case "U": if !sawTotal { amount(value) }
            case "P": entry.counterparty = value
            case "M": entry.description = value
            case "N": entry.type = value
            default: break  // L category, C cleared, A address, S/E/$ a split's parts of T
            }
        }

        /// `-1,234.56`, `1.234,56`, `-12.5`: money out is negative, on a card as on a bank account.
        mutating func amount(_ text: String) {
            var digits = Substring(text.filter { $0 != " " && $0 != "'" })
            entry.isCredit = !digits.hasPrefix("-")
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            entry.amount = QIFReader.plainAmount(digits)
        }
    }

    /// An amount without thousands separators and with a decimal point: the last `.` or `,` is
    /// the decimal one when one or two digits follow it; anything else is left for the amount's check.
    static func plainAmount(_ text: Substring) -> String {
        guard let last = text.lastIndex(where: { $0 == "." || $0 == "," }) else { return String(text) }
        let decimals = text[text.index(after: last)...]
        let whole = text[..<last]
        guard decimals.allSatisfy({ $0.isASCII && $0.isNumber }),
            whole.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
        else { return String(text) }
        let separator = text[last]
        if decimals.count == 3, separator == "," || whole.contains(separator) {
            // `1,234` or `1.234.567`: thousands.
            return whole.filter { $0.isNumber } + decimals
        }
        // The decimal separator is no thousands separator as well: `12.3.4` is no amount.
        guard !whole.contains(separator) else { return String(text) }
        return whole.filter { $0.isNumber } + (decimals.isEmpty ? "" : "." + decimals)
    }
}

/// A QIF `D` date's numbers as written: `01/02/2024`, `1/ 2'24` (Quicken's `'` for years from
/// 2000), `01.02.2024`, `2024-01-02`.
struct QIFDate {
    let first: Int, second: Int, year: Int
    /// Year first (`2024-01-02`): no doubt about the order.
    let yearFirst: Bool
    let dotted: Bool

    init?(_ text: String) {
        let numbers = text.split { !($0.isASCII && $0.isNumber) }
        guard numbers.count == 3, numbers.allSatisfy({ $0.count <= 4 }), let a = Int(numbers[0]), let b = Int(numbers[1]),
            let c = Int(numbers[2])
        else { return nil }
        yearFirst = numbers[0].count == 4
        dotted = text.contains(".")
        if yearFirst {
            (first, second, year) = (b, c, a)
        } else {
            let century = numbers[2].count > 2 ? 0 : text.contains("'") || c < 80 ? 2000 : 1900
            (first, second, year) = (a, b, century + c)
        }
    }

    /// What this date says of the file's order: day first when its first number cannot be a
    /// month, or it is written with dots; month first when its second cannot be; nil when it could be either.
    var dayFirst: Bool? {
        if yearFirst { return nil }
        if first > 12, second <= 12 { return true }
        if second > 12, first <= 12 { return false }
        return dotted ? true : nil
    }

    func iso(dayFirst: Bool) -> String {
        let (month, day) = yearFirst || !dayFirst ? (first, second) : (second, first)
        return StatementEntry.date(year: year, month: month, day: day)
    }
}
