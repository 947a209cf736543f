import ExpenseCore
import ExpenseSupport

/// `--vat` of `expense add` and `expense edit`: the VAT in an item's amount, by rate.
extension ExpenseCommands {
    /// The VAT of `item` after this line: the one given (`none`: none), else the one it had: the
    /// same rate of a new amount when it had one rate, a split as it was (which the store then
    /// refuses, saying by how much it differs from a new amount).
    static func vat(_ invocation: Invocation, of item: Expense, previous: VATSplit?) throws -> VATSplit? {
        if let text = try invocation[Options.vat] {
            if text.trimmingSpaces.lowercased() == "none" { return nil }
            return try VATSplit.parse(text, amount: item.amount)
        }
        guard let previous, previous.gross != item.amount else { return previous }
        if previous.parts.count == 1 { return VATSplit(item.amount, rate: previous.parts[0].rate) }
        return previous
    }
}
