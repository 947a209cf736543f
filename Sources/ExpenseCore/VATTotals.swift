import ExpenseSupport

/// The VAT of a report's items added up by currency and rate: what `report show`, the printable
/// report and the journal's input-tax lines say. Each part's tax was rounded once, with its item
/// (`VATPart`); the totals add those taxes, so they are the items' to the cent.
public struct VATTotals: Sendable, Equatable {
    /// One currency's parts at one rate.
    public struct Line: Sendable, Equatable {
        public let rate: VATRate
        public let gross: Money
        public let net: Money
        public let tax: Money
    }

    /// By currency (by code), then rate, lowest first.
    public let lines: [Line]

    public init(_ items: [Expense]) {
        var sums: [String: [VATRate: (currency: Currency, gross: Int64, tax: Int64)]] = [:]
        for item in items {
            for part in item.vat?.parts ?? [] {
                let code = part.gross.currency.code
                let sum = sums[code]?[part.rate] ?? (part.gross.currency, 0, 0)
                sums[code, default: [:]][part.rate] = (
                    sum.currency, sum.gross &+ part.gross.minorUnits, sum.tax &+ part.tax.minorUnits
                )
            }
        }
        lines = sums.keys.sorted().flatMap { code in
            (sums[code] ?? [:]).sorted { $0.key < $1.key }.map { rate, sum in
                Line(
                    rate: rate, gross: Money(minorUnits: sum.gross, currency: sum.currency),
                    net: Money(minorUnits: sum.gross - sum.tax, currency: sum.currency),
                    tax: Money(minorUnits: sum.tax, currency: sum.currency))
            }
        }
    }

    public var isEmpty: Bool { lines.isEmpty }
}
