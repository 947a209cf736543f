import ExpenseSupport

/// The scripts running inside one another (a `run` line in a script), and how deep they may go.
/// A script that ran itself, directly or through another, recursed until the stack overflowed
/// (exit 139). Now the `run` line that would go past `limit` is refused where it is (65, as bad
/// input is), and every script around it stops there too: going on would run the rest of each
/// of them `limit` times.
struct ScriptNesting {
    /// The deepest scripts nest: far more than any real chain of scripts, far less than the stack.
    static let limit = 32

    /// The scripts as their `run` lines name them, outermost first.
    private(set) var names: [String] = []
    /// True from a refusal until the outermost script has stopped.
    private(set) var unwinding = false

    mutating func enter(_ name: String) { names.append(name) }

    mutating func leave() {
        names.removeLast()
        if names.isEmpty { unwinding = false }
    }

    /// Refuses to run `name` inside `limit` scripts already, naming the loop when there is one.
    mutating func check(_ name: String) throws(ExpenseError) {
        guard names.count >= Self.limit else { return }
        unwinding = true
        let message = "scripts nest more than \(Self.limit) deep"
        guard let start = names.lastIndex(of: name) else {
            throw ExpenseError(.invalidData, message, hint: "run fewer scripts inside one another")
        }
        let loop = names[start...].count == 1 ? "\(name) runs itself" : (names[start...] + [name]).joined(separator: " → ")
        throw ExpenseError(
            .invalidData, "\(message): \(loop)",
            hint: "a script that runs itself, directly or through others, never ends: take out the 'run' line that goes back")
    }
}
