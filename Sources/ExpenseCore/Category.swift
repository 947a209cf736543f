/// A kind of expense (lodging, meals, ...) with the policy that goes with it.
public struct Category: Sendable, Equatable {
    public var code: String
    public var name: String
    /// A receipt is required when an item of this category is above this amount (nil: never).
    public var receiptRequiredAbove: Money?
    /// The most that may be spent per day on this category (nil: no limit).
    public var dailyLimit: Money?

    public init(code: String, name: String, receiptRequiredAbove: Money? = nil, dailyLimit: Money? = nil) {
        self.code = code
        self.name = name
        self.receiptRequiredAbove = receiptRequiredAbove
        self.dailyLimit = dailyLimit
    }

    /// The category of a hotel bill, whose nights the lodging limit counts and whose account
    /// books the lodging flats of nights without a bill.
    public static let lodging = "lodging"

    /// The default categories, compiled in from Data/categories.csv:
    /// `code,name,receipt_required_above,daily_limit,currency`.
    public static let defaults: [Category] = {
        let csv = String(decoding: PackageResources.categories_csv, as: UTF8.self)
        return csv.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let currency = CurrencyTable.standard.currency(fields[4]) else { return nil }
            func money(_ text: String) -> Money? {
                text.isEmpty ? nil : (try? Money.parse(text, currency: currency))
            }
            return Category(
                code: fields[0], name: fields[1], receiptRequiredAbove: money(fields[2]),
                dailyLimit: money(fields[3]))
        }
    }()
}
