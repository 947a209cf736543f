import ExpenseSupport

// fuzz-modules: ExpenseCore
// fuzz-options: -max_len=4096
@testable import ExpenseCore

/// Receipt matching (issue 30) on whatever OCR and a card statement may say: each line is a
/// receipt (`R merchant|amount|currency|day`) or an item (`I merchant|amount|currency|day`), the
/// amount a decimal, the day a number of days; the receipts are matched one by one and all at
/// once, at a rate of the input's own, and every merchant's name is compared with every other.
/// Nothing may trap: not a name of marks and scripts, an amount at the edge of Int64, a rate
/// that overflows a conversion, days far apart.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var receipts: [(id: Int64, facts: ReceiptFacts)] = []
    var items: [Expense] = []
    var rate: Int64 = 1
    for (index, line) in text.split(separator: "\n").enumerated() {
        let fields = line.dropFirst(2).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if line.hasPrefix("X "), let value = Int64(line.dropFirst(2)) { rate = value }
        guard fields.count == 4, let currency = CurrencyTable.standard.currency(fields[2]), let days = Int(fields[3]),
            abs(days) < 1_000_000
        else { continue }
        let day = CalendarDate(dayNumber: 20_000 + days)
        let amount = try? Money.parse(fields[1], currency: currency)
        if line.hasPrefix("R ") {
            receipts.append((Int64(index), ReceiptFacts(date: day, total: amount, merchant: fields[0].isEmpty ? nil : fields[0])))
        } else if line.hasPrefix("I "), let amount, amount.minorUnits != 0 {
            items.append(
                Expense(id: Int64(index), reportID: Int64(index % 3), date: day, category: "taxi", merchant: fields[0], amount: amount))
        }
    }
    let matcher = ReceiptMatcher { money, currency, _ in
        let (converted, overflow) = money.minorUnits.multipliedReportingOverflow(by: rate)
        return overflow ? nil : Money(minorUnits: converted, currency: currency)
    }
    for receipt in receipts {
        _ = matcher.match(receipt.facts, among: items, preferring: [1, 2])
        for currency in Set(items.map(\.amount.currency)) { _ = matcher.amounts(for: receipt.facts, in: currency) }
        _ = ReceiptMatcher.dates(for: receipt.facts)
    }
    _ = matcher.matchAll(receipts, among: items, preferring: [0])
    let names = (receipts.compactMap(\.facts.merchant) + items.map(\.merchant)).prefix(40).map(MerchantName.init)
    for a in names { for b in names { _ = a.resembles(b) } }
    return 0
}
