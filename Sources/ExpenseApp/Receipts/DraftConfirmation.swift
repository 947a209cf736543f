import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The REPL's dialog for `receipt capture --create`: show the draft, then read a line — yes,
/// no, or a change such as `amount 12.50` — until it is accepted or declined.
struct DraftConfirmation {
    enum Decision: Equatable {
        /// Create the expense (the draft holds its final values).
        case create
        /// Keep the receipt, create no expense.
        case skip
    }

    let reader: LineReader
    let store: Store

    static let prompt = "Create it? [Y]es, [n]o, or change a field (e.g. amount 12.50, category meals): "

    func confirm(_ draft: inout ReceiptExpenseDraft, receiptLabel: String) throws -> Decision {
        Console.write(draft.summary(of: receiptLabel))
        while true {
            switch reader.read(prompt: Self.prompt) {
            case .woken:
                continue
            case .end, .interrupted:
                // Ctrl-C or Ctrl-D: the whole capture is cancelled, nothing is kept.
                throw Cancellation.cancelled
            case .line(let line):
                let answer = line.trimmingSpaces
                switch answer.lowercased() {
                case "", "y", "yes":
                    do {
                        _ = try draft.expense(in: store)
                        return .create
                    } catch let error as ExpenseError {
                        Console.write(
                            "Not yet: \(ErrorPresenter.message(error))" + (ErrorPresenter.hint(error).map { " (\($0))" } ?? "") + "\n")
                    }
                case "n", "no":
                    return .skip
                default:
                    let parts = answer.split(separator: " ", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else {
                        Console.write(
                            "Answer y, n, or a field and its value: " + ReceiptExpenseDraft.fieldNames.joined(separator: ", ") + "\n")
                        continue
                    }
                    do {
                        try draft.change(parts[0].lowercased(), to: parts[1])
                        Console.write(draft.summary(of: receiptLabel))
                    } catch let error as ExpenseError {
                        Console.write(ErrorPresenter.message(error) + (ErrorPresenter.hint(error).map { " (\($0))" } ?? "") + "\n")
                    }
                }
            }
        }
    }
}
