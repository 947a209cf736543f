import ExpenseCore
import ExpenseStore
import ExpenseSupport

// The domain's values as words of the command line: each reads itself with the domain's own
// error (an unknown currency or category is data, 65, with a did-you-mean in its hint; a word
// outside a closed set is the option's usage error, 64, naming the allowed values).

extension Currency: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try CurrencyTable.standard.require(argument) }
    public static var valueName: String { "code" }
    public static var completion: CompletionSource { .currency }
}

/// The version of a report as `report show` and `report check` print it (`--seen`).
extension ReportVersion: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try ReportVersion.parse(argument) }
    public static var valueName: String { "version" }
}

/// A category is one the database has: read against its store.
extension ExpenseCore.Category: ExpressibleByArgument {
    public init(argument: String, in store: Store) throws { self = try store.category(argument) }
    public static var valueName: String { "code" }
    public static var completion: CompletionSource { .category }
}

/// What an amount is read against: the currency the command chose, whose minor digits it may
/// have (`--amount 12.345 --currency JPY` is refused with the yen's 0 digits), and the locale's
/// decimal mark.
public struct AmountContext: Sendable {
    public let currency: Currency
    public let decimalMark: DecimalMark

    public init(_ currency: Currency, decimalMark: DecimalMark = .point) {
        self.currency = currency
        self.decimalMark = decimalMark
    }
}

extension Money: ExpressibleByArgument {
    public init(argument: String, in context: AmountContext) throws {
        self = try Money.parse(argument, currency: context.currency, decimalMark: context.decimalMark)
    }

    public static var valueName: String { "amount" }
}

extension ExchangeRate: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try ExchangeRate.parse(argument) }
    public static var valueName: String { "rate" }
}

extension RateTolerance: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try RateTolerance.parse(argument) }
    public static var valueName: String { "percent" }
}

extension PaidBy: ExpressibleByArgument {
    public static var valueName: String { "who" }
}

extension PolicyRule: ExpressibleByArgument {
    public static var valueName: String { "rule" }
}

extension PolicySeverity: ExpressibleByArgument {
    public static var valueName: String { "severity" }
}

extension OutputFormat: ExpressibleByArgument {
    public static var valueName: String { "format" }
}

extension Distance: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try Distance.parse(argument) }
    public static var valueName: String { "km" }
}

extension Vehicle: ExpressibleByArgument {
    public static var valueName: String { "vehicle" }
}

/// An IBAN as typed: spaces between groups and small letters are fine (`IBAN`'s checks, 65).
extension IBAN: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try IBAN(argument) }
    public static var valueName: String { "iban" }
}

extension BIC: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws { self = try BIC(argument) }
    public static var valueName: String { "bic" }
}

extension PaymentFormat: ExpressibleByArgument {
    public static var valueName: String { "format" }
}

/// An approver's cut of one item, as `report approve --cut` reads it: `ITEM=AMOUNT:REASON`
/// (`12=0:"minibar is private"`, `14=40.00:"limit is 40"`). The amount is read in the report's
/// currency, with the locale's decimal mark, once the report is known (`cut(in:decimalMark:)`), so it
/// stays text here.
struct CutArgument: ExpressibleByArgument, Equatable {
    let expenseID: Int64
    let amount: String
    let reason: String

    init(argument: String, in context: Void) throws {
        let expected = InvalidArgument.expected("expected ITEM=AMOUNT:REASON, e.g. 12=0:\"minibar is private\"")
        guard let equals = argument.firstIndex(of: "="), let colon = argument[equals...].firstIndex(of: ":"),
            let id = Int64(argument[..<equals].trimmingSpaces), id > 0
        else { throw expected }
        amount = String(argument[argument.index(after: equals)..<colon]).trimmingSpaces
        reason = String(argument[argument.index(after: colon)...]).trimmingSpaces
        guard !amount.isEmpty else { throw expected }
        expenseID = id
    }

    static var valueName: String { "item=amount:reason" }

    /// The cut, its amount read in `currency` (the report's) as an amount option is (`AmountContext`).
    func cut(in currency: Currency, decimalMark: DecimalMark) throws -> ItemCut {
        ItemCut(expenseID: expenseID, approved: try Money.parse(amount, currency: currency, decimalMark: decimalMark), reason: reason)
    }
}
