import ExpenseSupport

/// A payment run: one SEPA credit transfer file finance gave the bank, and the reports it pays.
/// It stays open until the bank executed it (`confirmed`: each report moves to reimbursed) or
/// finance takes it back (`cancelled`: its reports are free for another run). A report is in at
/// most one run that is not cancelled, so that it is never paid twice.
public struct PaymentRun: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case open, confirmed, cancelled
    }

    public var id: Int64
    /// The file's MsgId and PmtInfId: unique per run, at most 35 characters.
    public var messageID: String
    public var createdBy: String
    public var createdAt: String
    public var format: PaymentFormat
    public var executionDate: CalendarDate
    /// The SHA-256 of the file as written, so that the file given to the bank can be told.
    public var sha256: String
    public var status: Status
    public var closedBy: String?
    public var closedAt: String?
    /// How many transfers and what they add up to, in minor units of EUR.
    public var count: Int
    public var total: Int64

    public init(
        id: Int64, messageID: String, createdBy: String, createdAt: String, format: PaymentFormat, executionDate: CalendarDate,
        sha256: String, status: Status, closedBy: String? = nil, closedAt: String? = nil, count: Int = 0, total: Int64 = 0
    ) {
        self.id = id
        self.messageID = messageID
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.format = format
        self.executionDate = executionDate
        self.sha256 = sha256
        self.status = status
        self.closedBy = closedBy
        self.closedAt = closedAt
        self.count = count
        self.total = total
    }

    /// The reason a confirmed run's reimbursement is logged with, in each report's audit chain:
    /// the journal books the payment from it.
    public static func reason(_ id: Int64) -> String { "payment run \(id)" }

    /// The message id of run `id` made at `at` (UTC ISO 8601): the run and the second it was
    /// made, so that no two runs, of this database or an earlier one, send the bank the same id;
    /// within the 35 characters ISO 20022 allows for runs of up to 12 digits.
    public static func messageID(run id: Int64, at: String) -> String {
        let stamp = String(at.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)).prefix(14)
        return "EXP-RUN-\(id)-\(stamp)"
    }
}

/// One transfer of a run: a report's amount due to its traveller, to the account it was written with.
public struct PaymentTransfer: Sendable, Equatable {
    public var report: Int64
    public var owner: String
    public var amount: Money
    public var account: BankAccount
    /// The version of the report read when the run was written (`ReportVersion`): confirming the
    /// run reimburses the report as it was then, or is refused.
    public var seen: ReportVersion
    public var endToEndID: String
    /// The remittance text: the trip, at most 140 characters of the SEPA set.
    public var remittance: String

    public init(
        report: Int64, owner: String, amount: Money, account: BankAccount, seen: ReportVersion, endToEndID: String,
        remittance: String
    ) {
        self.report = report
        self.owner = owner
        self.amount = amount
        self.account = account
        self.seen = seen
        self.endToEndID = endToEndID
        self.remittance = remittance
    }

    /// The end-to-end id that names report `id`: the bank hands it back on the statement.
    public static func endToEndID(report id: Int64) -> String { "EXPENSES-REPORT-\(id)" }
}

/// The ISO 20022 message a run is written in: pain.001.001.09 (the EPC rulebook's current one)
/// or pain.001.001.03, which German banks still take.
public enum PaymentFormat: String, Sendable, CaseIterable {
    case pain00100109 = "pain.001.001.09"
    case pain00100103 = "pain.001.001.03"

    public static let standard = PaymentFormat.pain00100109
}

/// The first bank day (Monday to Friday, TARGET2's closing days aside) after `day`: the day
/// a run is executed unless finance asks for another.
public func nextBankDay(after day: CalendarDate) -> CalendarDate {
    var next = day.adding(days: 1)
    while !isBankDay(next) { next = next.adding(days: 1) }
    return next
}

/// Whether TARGET2 settles on `day`: not Saturday or Sunday, New Year's Day, Good Friday, Easter
/// Monday, 1 May, 25 or 26 December.
public func isBankDay(_ day: CalendarDate) -> Bool {
    // Day number 0, 1970-01-01, was a Thursday: 0 is Monday here.
    let weekday = (day.dayNumber % 7 + 7 + 3) % 7
    if weekday >= 5 { return false }
    if (day.month, day.day) == (1, 1) || (day.month, day.day) == (5, 1) || (day.month == 12 && [25, 26].contains(day.day)) {
        return false
    }
    let easter = easterSunday(day.year)
    return day != easter.adding(days: -2) && day != easter.adding(days: 1)
}

/// Easter Sunday of `year` (the Gregorian computus, Meeus/Jones/Butcher).
func easterSunday(_ year: Int) -> CalendarDate {
    let a = year % 19
    let b = year / 100
    let c = year % 100
    let d = b / 4
    let e = b % 4
    let f = (b + 8) / 25
    let g = (b - f + 1) / 3
    let h = (19 * a + b - d - g + 15) % 30
    let i = c / 4
    let k = c % 4
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 22 * l) / 451
    let month = (h + l - 7 * m + 114) / 31
    let day = (h + l - 7 * m + 114) % 31 + 1
    return CalendarDate(year: year, month: month, day: day) ?? CalendarDate(year: year, month: 4, day: 1)!
}
