/// One transaction of a camt.053 or OFX statement, as its reader found it: text as the file
/// has it, checked by the rules' mapping like a CSV row's cells (so that a bad date or amount is
/// an invalid row with its reason, not the end of the import).
public struct StatementEntry: Equatable, Sendable {
    /// The line of the file the entry starts on (`<Ntry>`, `<STMTTRN>`).
    public var line: Int
    /// The booking date, `YYYY-MM-DD` when the file is right.
    public var date = ""
    /// The amount without a sign, as the file writes it (`12.50`).
    public var amount = ""
    /// Money in (a refund, a payment to the card) rather than out.
    public var isCredit = false
    /// On a bank account's statement (camt.053, OFX `STMTRS`), not a card's (OFX `CCSTMTRS`):
    /// money in there is salary, a reimbursement, an advance or the card's payment more often
    /// than a refund (`ImportRules.importedEntries`).
    public var onBankAccount = false
    /// Why the amount is not one although the file has it (a sign, which camt.053 forbids): the
    /// row is invalid at its line.
    public var amountProblem: String?
    public var currency = ""
    /// Who was paid, or who paid.
    public var counterparty = ""
    public var description = ""
    /// The bank's reference (`AcctSvcrRef`, `FITID`): the entry's identity across imports.
    public var reference = ""
    /// The format's kind of transaction (`DBIT`/`CRDT`, OFX's `TRNTYPE`).
    public var type = ""

    public init(line: Int) { self.line = line }

    /// `YYYY-MM-DD` of a date's numbers as a statement writes them, right or not: the date's
    /// check refuses month 13 with the row's reason.
    static func date(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }
}

/// The entries a statement file holds, and those it lists but that are not booked yet.
public struct StatementEntries: Equatable, Sendable {
    public enum Format: String, Sendable {
        case camt052 = "camt.052"
        case camt053 = "camt.053"
        case camt054 = "camt.054"
        case ofx = "OFX"
        case mt940 = "MT940"
        case qif = "QIF"

        /// What the format calls the bank's id of a transaction (`StatementEntry.reference`), for
        /// messages: "FITID '0310' was imported before ...".
        public var referenceName: String {
            switch self {
            case .ofx: return "FITID"
            case .camt052, .camt053, .camt054: return "AcctSvcrRef"
            case .mt940: return "bank reference"
            case .qif: return "reference"
            }
        }

        /// "a camt.053", "an OFX": for sentences.
        public var withArticle: String {
            switch self {
            case .ofx, .mt940: return "an \(rawValue)"
            case .camt052, .camt053, .camt054, .qif: return "a \(rawValue)"
            }
        }
    }

    public let format: Format
    public var entries: [StatementEntry] = []
    /// Pending entries (camt `PDNG`, `INFO`), which are not imported: the bank may still change them.
    public var pending: [StatementEntry] = []
    /// What the reader read otherwise than the file says, which the import tells as warnings.
    public var warnings: [StatementWarning] = []
    public init(format: Format) { self.format = format }

    /// The most entries a file may hold: a year of a busy account is some thousands, and each
    /// entry is kept until the file is read (some 200 bytes).
    public static let maximumEntries = 100_000
    /// The deepest nesting of elements read: a camt.053 entry is some ten levels down.
    public static let maximumDepth = 64
    /// The longest text an element may hold.
    public static let maximumTextBytes = 64 << 10
}

/// Something a statement's reader read otherwise than the file says (a transaction id reused
/// for another transaction), at its line: told, never silently done.
public struct StatementWarning: Equatable, Sendable {
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
