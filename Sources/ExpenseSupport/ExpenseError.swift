/// A failure a user can act on: what went wrong, what kind of wrong (which picks the exit code),
/// and optionally how to fix it.
///
/// An error that code matches on, or whose advice names a command of the CLI, carries a `code`;
/// the app's presenter (`ExpenseApp/ErrorPresenter.swift`) words its hint, so that no layer below
/// the app names a command or an option. `message` stays the domain's own wording, for every error.
public struct ExpenseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The command line itself is wrong (unknown command or option, missing value).
        case usage
        /// A value is malformed (bad amount or date, unknown currency or category code).
        case invalidData
        /// An input file does not exist or cannot be read.
        case noInput
        /// A record named by its id or type is not there (report 99, an unknown quick action).
        case notFound
        /// Something needed is not there right now (a disabled shortcut, a missing program).
        case unavailable
        /// The command is well-formed but the data's state or a rule forbids it now (editing a
        /// submitted report, blocking findings, adding over a static quick action).
        case refused
        /// The person may not do this, whatever the state (another's report; approving one's own).
        case permissionDenied
        /// An output file or directory cannot be created.
        case cannotCreate
        /// Reading or writing failed underneath.
        case io
        /// The database stayed locked past the busy timeout.
        case busy
        /// What the person read changed before their step on it (another version of the
        /// report): a temporary failure, to decide again on what it holds now.
        case changed
        /// A bug: something no input should be able to cause.
        case `internal`
    }

    /// What went wrong, for code to match on (never the message's text). The app words the hint.
    public enum Code: Sendable, Equatable {
        // Reports and money
        case reportDatesReversed
        case reportNotEditable(id: Int64, status: String)
        case notReportOwner(user: String)
        case ownerCannotAct
        case invalidUserName
        case rateForSameCurrency(rate: String, currency: String)
        case noExchangeRate(from: String, to: String, on: String)
        /// The rate table's latest rate for a day is older than the days it may be (`rates.max-age-days`).
        case staleExchangeRate(from: String, to: String, on: String, rateDate: String)
        /// The per-diem table has no row for a trip day's country (an ISO 3166-1 code) on or before that day.
        case noAllowanceRate(country: String, on: String)
        /// A night of a trip is paid at the lodging flat, and the per-diem table's row for its
        /// country (an ISO 3166-1 code) on that day gives none.
        case noLodgingFlat(country: String, on: String)
        /// A trip day's per diem is in another currency than the report's, and no exchange rate converts it.
        case noExchangeRateForPerDiems(from: String, to: String, on: String)
        /// A country (ISO 3166-1) the per-diem table has no rows for; the nearest it has, if any is near.
        case unknownAllowanceCountry(String, suggestion: String?)
        /// The mileage rates have no rate for a vehicle on or before a day.
        case noMileageRate(vehicle: String, on: String)
        /// An amount was given for an item whose amount is computed (mileage).
        case amountIsComputed
        case unknownCurrency(String, suggestion: String?)
        case unknownCategory(String, suggestion: String?)
        case unknownCostCentre(String, suggestion: String?)
        // Things that are not there
        case unknownReport(Int64)
        case unknownExpense(Int64)
        case unknownReceipt(Int64)
        case unknownImportBatch(Int64)
        case unknownAdvance(Int64)
        /// An item named by a cut (`ItemCut`) that is not one of the report's.
        case itemNotInReport(item: Int64, report: Int64)
        // The database and its files
        case notAnSQLiteDatabase
        case notAnExpensesDatabase
        case noDatabaseDirectory
        case noReceiptVault
        case receiptFileMissing
        case auditLogAltered(event: Int64)
        /// A stored value that is no value of its column's type (written outside the app): the
        /// table, the column and the row (its key, when the query has one) it is in.
        case badStoredValue(table: String, column: String, row: String?)
        // Output files
        /// A file is where an output would go, and the user did not say to replace it.
        case outputExists
        // Statement imports
        case invalidImportRows(count: Int)
        case unknownRulesDirective(suggestion: String?)
        // Quick actions
        case noRoomToAddShortcut
        case noRoomToPushShortcut
        case tooManyDynamicShortcuts
        case noRoomToEnableShortcut
        case staticShortcut
        case shortcutDisabled(type: String)
        case unknownDynamicShortcut(type: String, suggestion: String?)
        case launchDisabled(type: String, isStatic: Bool)
        case foreignAppID
        case launchRunning
        case launchQueued
        case launchDone(type: String)
        case catalogTooManyItems
        case unknownIconType(suggestion: String?)
        case undefinedVariable(String)
    }

    public var kind: Kind
    public var message: String
    /// Advice that names nothing of the CLI; a coded error's hint is the presenter's.
    public var hint: String?
    public var code: Code?
    /// `FILE:LINE` of the input this came from, when there is one.
    public var location: String?

    public init(_ kind: Kind, _ message: String, hint: String? = nil, location: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.location = location
    }

    public init(_ kind: Kind, _ code: Code, _ message: String, location: String? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.location = location
    }

    /// This error pointing at `location`, its code kept.
    public func located(_ location: String?) -> ExpenseError {
        var copy = self
        copy.location = location
        return copy
    }

    public var description: String { message }
}
