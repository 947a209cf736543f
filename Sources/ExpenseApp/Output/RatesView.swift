import ExpenseCore
import ExpenseSupport
import Rendering

/// `rates import`: what the ECB file held and what changed.
struct RatesImport: Document {
    var days = 0, rates = 0, currencies = 0
    var first: CalendarDate?, last: CalendarDate?
    /// Rates the table did not have, and rates whose value changed.
    var added = 0, changed = 0

    var text: String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(ImportSummary.number(count)) \(count == 1 ? one : many)" }
        let span = first.flatMap { first in last.map { " (\(first) to \($0))" } } ?? ""
        return "Imported \(counted(rates, "rate", "rates")) for \(counted(currencies, "currency", "currencies")) on "
            + "\(counted(days, "day", "days"))\(span): \(ImportSummary.number(added)) new, \(ImportSummary.number(changed)) changed"
    }

    var json: JSONValue {
        .object([
            ("days", .int(Int64(days))), ("rates", .int(Int64(rates))), ("currencies", .int(Int64(currencies))),
            ("from", .date(first)), ("to", .date(last)), ("new", .int(Int64(added))), ("changed", .int(Int64(changed))),
        ])
    }
}

/// `rates show`: the rate an expense of `date` converts at, and the day it is from.
struct RateLookup: Document {
    let from: Currency, into: Currency
    let date: CalendarDate
    let rate: ExchangeRate
    let rateDate: CalendarDate

    private var approximate: String { rate.decimalString(decimals: 6) }

    var text: String {
        let exact = rate.isQuotient ? " (exactly \(rate))" : ""
        let day = rateDate == date ? "of \(date)" : "of \(rateDate), the last one on or before \(date)"
        return "1 \(from.code) = \(approximate) \(into.code)\(exact): the ECB rate \(day)"
    }

    var json: JSONValue {
        .object([
            ("from", .string(from.code)), ("to", .string(into.code)), ("date", .date(date)), ("rateDate", .date(rateDate)),
            ("rate", .string(rate.description)), ("approximately", .string(approximate)),
        ])
    }
}
