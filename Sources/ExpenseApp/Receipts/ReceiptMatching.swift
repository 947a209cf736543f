import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// Which of the person's items a receipt is, on this store: `ReceiptMatcher`'s rule over the
/// candidates the store looks up on its indexes (by amount in the receipt's currency and in the
/// currencies its items may be converted into, else by day), for `receipt capture`,
/// `receipt match` and an import.
struct ReceiptMatching {
    let store: Store
    /// The currency of a total printed without one, and a currency an item may have been
    /// converted into: the preferred report's, else the settings' default.
    let defaultCurrency: Currency
    /// The reports whose items win, in order: `--report`, else the current one.
    let preferring: [Int64]
    /// The day of a receipt that says none and has no photo date.
    let today: CalendarDate
    /// The rule, converting at the ECB's rates of the receipt's day (none where there is no
    /// fresh rate). Made once: its rate source keeps what it looked up for every receipt decided.
    let matcher: ReceiptMatcher
    /// The matcher's rates, asked again why a receipt was not converted (`missingRate(for:)`).
    let rates: RateSource

    init(store: Store, settings: Settings, preferring: [Int64], today: CalendarDate) throws {
        self.store = store
        self.preferring = preferring
        self.today = today
        let reportCurrency = try preferring.first.map { try store.report($0).currency }
        defaultCurrency =
            reportCurrency ?? CurrencyTable.standard.currency(settings.defaultCurrency) ?? CurrencyTable.standard.currency("EUR")!
        let rates = store.rateSource()
        self.rates = rates
        matcher = ReceiptMatcher { money, currency, day in
            guard let found = try? rates.rate(from: money.currency, to: currency, on: day) else { return nil }
            return try? found.rate.convert(money, to: currency)
        }
    }

    /// What a receipt says to match by; nil when it says neither a total nor a merchant. Its day
    /// is the one read, else the photo's, else the day it was captured.
    func facts(of suggestion: ReceiptSuggestion, takenAt: String?, capturedAt: String) -> ReceiptFacts? {
        let day = [takenAt, capturedAt].lazy.compactMap { $0.flatMap { try? CalendarDate.parse(String($0.prefix(10))) } }.first
        return ReceiptFacts(suggestion: suggestion, fallbackDate: day ?? today, defaultCurrency: defaultCurrency)
    }

    func facts(of receipt: Receipt) -> ReceiptFacts? {
        facts(of: receipt.ocr.suggestion, takenAt: receipt.takenAt, capturedAt: receipt.capturedAt)
    }

    /// The decision for one receipt.
    func decide(_ facts: ReceiptFacts) throws -> ReceiptMatch {
        matcher.match(facts, among: try candidates(for: facts), preferring: preferring)
    }

    /// The decisions for many receipts at once (`ReceiptMatcher.matchAll`): no item goes to two.
    func decideAll(_ receipts: [Receipt]) throws -> [(receipt: Receipt, decision: ReceiptMatch)] {
        var facts: [(id: Int64, facts: ReceiptFacts)] = []
        var candidates: [Int64: Expense] = [:]
        for receipt in receipts {
            guard let found = self.facts(of: receipt) else { continue }
            facts.append((receipt.id, found))
            for item in try self.candidates(for: found) { candidates[item.id] = item }
        }
        let byID = Dictionary(uniqueKeysWithValues: receipts.map { ($0.id, $0) })
        let items = candidates.values.sorted { $0.id < $1.id }
        return matcher.matchAll(facts, among: items, preferring: preferring).compactMap { decision in
            byID[decision.receiptID].map { ($0, decision.decision) }
        }
    }

    /// The items the receipt may be, each looked up on an index: by its total in its own
    /// currency, and converted into the default currency and the preferred reports'; by its days
    /// alone when the total was not read.
    func candidates(for facts: ReceiptFacts) throws -> [Expense] {
        let dates = ReceiptMatcher.dates(for: facts)
        guard let total = facts.total else { return try store.matchCandidates(on: dates) }
        var found: [Int64: Expense] = [:]
        for currency in try currencies(for: total) {
            guard let amounts = matcher.amounts(for: facts, in: currency) else { continue }
            for item in try store.matchCandidates(on: dates, amounts: amounts, currency: currency) { found[item.id] = item }
        }
        return found.values.sorted { $0.id < $1.id }
    }

    /// The currencies a receipt's items are looked up in, each once: its total's own, the default
    /// currency and the preferred reports'.
    func currencies(for total: Money) throws -> [Currency] {
        var currencies = [total.currency, defaultCurrency]
        for id in preferring.dropFirst() { currencies.append(try store.report(id).currency) }
        var asked: Set<Currency> = []
        return currencies.filter { asked.insert($0).inserted }
    }

    /// "expense 5, HANSA FUNKTAXI HAMBURG 27.00 EUR, 2026-03-10": an item as a match names it.
    static func describe(_ item: Expense) -> String {
        "expense \(item.id), " + (item.merchant.isEmpty ? item.category : item.merchant) + " \(item.amount), \(item.date)"
    }

    /// "expense 5, HANSA FUNKTAXI HAMBURG 27.00 EUR, 2026-03-10: same amount, 1 day later".
    static func describe(_ candidate: ReceiptMatch.Candidate) -> String {
        describe(candidate.item) + ": \(candidate.reason)"
    }
}
