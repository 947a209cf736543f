import ExpenseCore
import ExpenseSupport

/// A statement row read through the rules: the expense's fields, or why the row is not one.
public struct MappedRow {
    /// What is wrong with one field of the row.
    public struct Problem {
        public let field: String
        public let failure: ValueFailure

        public init(_ field: String, _ failure: ValueFailure) {
            self.field = field
            self.failure = failure
        }

        public init(_ field: String, _ message: String) {
            self.init(field, ValueFailure(message: message))
        }
    }

    /// Each thing wrong with the row.
    public var problems: [Problem] = []
    /// The statement's encoding, which the values the problems quote are in.
    public var encoding = TextEncoding.utf8
    /// The line of the rules that left the row out: an `if ... then skip`, `credits skip` or
    /// `skip-end` (0 for rules made without a file).
    public var skippedBy: Int?
    public var skipped: Bool { skippedBy != nil }
    public var date: CalendarDate?
    public var amount: Money?
    /// The merchant as the statement has it, before rules rewrote it: part of the fingerprint.
    public var statementMerchant = ""
    public var merchant = ""
    public var description = ""
    public var category = ""
    public var paidBy = PaidBy.personal
    public var externalID: String?

    public init(paidBy: PaidBy = .personal, encoding: TextEncoding = .utf8) {
        self.paidBy = paidBy
        self.encoding = encoding
    }

    /// `field: reason` for each problem, for a person: values decoded.
    public var messages: [String] {
        problems.map { "\($0.field): \($0.failure.message(in: encoding))" }
    }

    /// One line for a person: "amount: '12,3x' is not an amount; date: ...".
    public var reason: String { messages.joined(separator: "; ") }

    /// `reason` for the rejects file: in the statement's encoding, each value as the file has it.
    public var encodedReason: [UInt8] {
        var bytes: [UInt8] = []
        for (index, problem) in problems.enumerated() {
            if index > 0 { bytes += [UInt8(ascii: ";"), UInt8(ascii: " ")] }
            bytes += encoding.encode(problem.field + ": ") + problem.failure.bytes(in: encoding)
        }
        return bytes
    }
}
