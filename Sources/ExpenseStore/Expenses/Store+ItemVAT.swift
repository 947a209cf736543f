import ExpenseCore
import ExpenseSupport

/// Items' VAT parts (`expense_vat`): read beside the items, so that every read of an item
/// (`expenses(_:)`) carries its VAT; and the check of a split's rates against the rate table
/// before an item is written.
extension Store {
    static let vatColumns: SQL = "expense_id, rate_hundredths, gross_minor"

    /// `found` with each item's VAT filled in from its stored parts, which must be rates and add up
    /// to its amount (else the row is bad data, as any stored value the app did not write).
    /// Costs one query when no item has VAT, and one per 500 items when some have.
    func withVAT(_ found: [Expense]) throws -> [Expense] {
        guard !found.isEmpty, try db.queryFirst("SELECT 1 FROM expense_vat LIMIT 1" as SQL, { _ in true }) == true else {
            return found
        }
        var items = found
        var position: [Int64: Int] = [:]
        for (index, item) in items.enumerated() { position[item.id] = index }
        let ids = Array(position.keys).sorted()
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 500, ids.count)]
            start += 500
            var parts: [Int64: [(rate: VATRate, gross: Money)]] = [:]
            try db.forEachRow(
                "SELECT \(Self.vatColumns) FROM expense_vat WHERE expense_id IN (\(list: chunk)) ORDER BY expense_id, rate_hundredths"
                    as SQL
            ) { row in
                let (id, rate, gross) = try Self.vatPart(row)
                guard let index = position[id] else { return }
                parts[id, default: []].append((rate, Money(minorUnits: gross, currency: items[index].amount.currency)))
            }
            for (id, given) in parts {
                guard let index = position[id] else { continue }
                do {
                    items[index].vat = try VATSplit(items[index].amount, parts: given)
                } catch {
                    throw ExpenseError(
                        .invalidData, .badStoredValue(table: "expense_vat", column: "gross_minor", row: "\(id)"),
                        "expense_vat of expense \(id) does not split its amount: \(error.message)")
                }
            }
        }
        return items
    }

    /// A part of its row (`vatColumns`): the item, a rate (0 to 100 %) and its gross in minor units.
    static func vatPart(_ row: Row) throws -> (expense: Int64, rate: VATRate, gross: Int64) {
        let stored = StoredRow(row, table: "expense_vat", key: .columns(0, 1))
        let rate = try stored.decoded(1, as: "a VAT rate in hundredths of a percent (0 to 10000)") {
            Int($0).flatMap(VATRate.init(hundredths:))
        }
        return (try stored.integer(0), rate, try stored.integer(2))
    }

    /// The country whose rates an item's VAT is checked against (`VATCountry`).
    func vatCountry(of expense: Expense) throws -> CountryCode {
        guard let reportID = expense.reportID else { return VATCountry.of(day: expense.date, currency: expense.amount.currency) }
        return VATCountry.of(
            day: expense.date, currency: expense.amount.currency, stops: try stops(of: reportID).mapValues(\.country),
            reportCountry: try report(reportID).country)
    }

    /// Refuses an item whose VAT names a rate that its country does not charge on its day,
    /// saying which it does. The store's writes ask it; a caller asks first to drop a VAT that was
    /// only suggested (a receipt's reading).
    public func requireVATRates(_ expense: Expense) throws {
        guard let vat = expense.vat else { return }
        let country = try vatCountry(of: expense)
        let known = try vatRates(of: country, on: expense.date)
        for part in vat.parts where !known.contains(part.rate) {
            let list = known.map { "\($0) %" }.joined(separator: ", ")
            throw ExpenseError(
                .invalidData,
                "\(country) has no VAT rate of \(part.rate) % on \(expense.date)"
                    + (known.isEmpty ? ": the rate table has none of its rates that day" : ": its rates that day are \(list)"),
                hint: known.isEmpty
                    ? "finance adds the country's rates with 'vat-rates set'" : "give one of its rates, or 'none' for no VAT")
        }
    }
}
